// A small rich text field: bold, italic, links and lists. What it emits is sanitised with the
// player's rules (lib/sanitize.js), so what the author sees is what the learner gets.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { sanitize, isHttpUrl } from '../lib/sanitize.js';
import { Icon } from './icons.jsx';
import './editor.css';

let n = 0;

const TOOLS = [
  { cmd: 'bold', label: 'Bold', icon: 'B', cls: 'rt-bold', keys: 'Control+B' },
  { cmd: 'italic', label: 'Italic', icon: 'I', cls: 'rt-italic', keys: 'Control+I' },
  { cmd: 'link', label: 'Link', icon: <Icon name="link" size={16} />, cls: 'rt-link', keys: 'Control+K' },
  { cmd: 'insertUnorderedList', label: 'Bulleted list', icon: <Icon name="ul" size={16} />, cls: 'rt-ul' },
  { cmd: 'insertOrderedList', label: 'Numbered list', icon: <Icon name="ol" size={16} />, cls: 'rt-ol' }
];

/** The HTML of the field without the browser's empty leftovers ('<br>', '<p><br></p>'). */
function clean(html) {
  const out = sanitize(html);
  return out.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '' && !/<li/i.test(out) ? '' : out;
}

/** Plain text stored in an HTML field (layout placeholders) is shown as a paragraph. */
function toHtml(value) {
  const v = String(value || '');
  return /<[a-z][^>]*>/i.test(v) ? sanitize(v) : v ? `<p>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>` : '';
}

function normaliseUrl(url) {
  const u = url.trim();
  if (!u) return '';
  if (isHttpUrl(u)) return u;
  if (/^[a-z][a-z0-9+.-]*:/i.test(u)) return null;
  return `https://${u.replace(/^\/+/, '')}`;
}

/**
 * props: value (HTML), onChange(html), label (visible), id (of the editable element), describedBy?
 */
export function RichText({ value, onChange, label, id, describedBy }) {
  const [uid] = useState(() => id || `rt-${++n}`);
  const box = useRef(null);
  const pending = useRef([]);
  const saved = useRef(null);
  const toolRefs = useRef([]);
  const [active, setActive] = useState(0);
  const [state, setState] = useState({});
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState('');
  const linkInput = useRef(null);

  // Show the value unless it is one this field emitted (an echo, maybe a late one: re-rendering it
  // would move the caret and lose what was typed since).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const v = value || '';
    const k = pending.current.lastIndexOf(v);
    if (k >= 0) {
      pending.current.splice(0, k + 1);
      return;
    }
    pending.current = [];
    if (clean(el.innerHTML) === v) return;
    el.innerHTML = toHtml(v);
  }, [value]);

  const emit = () => {
    const html = clean(box.current.innerHTML);
    if (html === (value || '') && !pending.current.length) return;
    pending.current.push(html);
    if (pending.current.length > 100) pending.current.shift();
    onChange(html);
  };

  const refreshState = () => {
    try {
      setState({
        bold: document.queryCommandState('bold'),
        italic: document.queryCommandState('italic'),
        insertUnorderedList: document.queryCommandState('insertUnorderedList'),
        insertOrderedList: document.queryCommandState('insertOrderedList')
      });
    } catch (e) {
      /* not supported: the buttons show no state */
    }
  };

  useEffect(() => {
    const onSel = () => {
      const sel = document.getSelection();
      if (sel && sel.rangeCount && box.current && box.current.contains(sel.anchorNode)) {
        // Remember where the author is, for the toolbar buttons (focus moves to them).
        saved.current = sel.getRangeAt(0).cloneRange();
        refreshState();
      }
    };
    document.addEventListener('selectionchange', onSel);
    return () => document.removeEventListener('selectionchange', onSel);
  }, []);

  const keepSelection = () => {
    const sel = document.getSelection();
    if (sel && sel.rangeCount && box.current.contains(sel.anchorNode)) saved.current = sel.getRangeAt(0).cloneRange();
  };
  const restoreSelection = () => {
    const sel = document.getSelection();
    if (document.activeElement === box.current && sel && sel.rangeCount && box.current.contains(sel.anchorNode)) return;
    box.current.focus();
    if (saved.current && sel && box.current.contains(saved.current.startContainer)) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    } else if (sel) {
      const r = document.createRange();
      r.selectNodeContents(box.current);
      r.collapse(false);
      sel.removeAllRanges();
      sel.addRange(r);
    }
  };

  const exec = (cmd) => {
    if (cmd === 'link') {
      keepSelection();
      const a = saved.current && (saved.current.startContainer.parentElement || {}).closest
        ? saved.current.startContainer.parentElement.closest('a') : null;
      setLinkUrl(a ? a.getAttribute('href') || '' : '');
      setLinkError('');
      setLinkOpen(true);
      requestAnimationFrame(() => linkInput.current && linkInput.current.focus());
      return;
    }
    restoreSelection();
    document.execCommand(cmd, false, null);
    keepSelection();
    emit();
    refreshState();
  };

  const applyLink = (e) => {
    e.preventDefault();
    const url = normaliseUrl(linkUrl);
    if (url === null) {
      setLinkError('Links must start with http:// or https://.');
      return;
    }
    restoreSelection();
    if (!url) {
      document.execCommand('unlink', false, null);
    } else {
      const sel = document.getSelection();
      if (sel && sel.isCollapsed) {
        document.execCommand('insertHTML', false, `<a href="${url.replace(/"/g, '&quot;')}">${url.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</a>`);
      } else {
        document.execCommand('createLink', false, url);
      }
    }
    setLinkOpen(false);
    emit();
  };

  const closeLink = () => {
    setLinkOpen(false);
    restoreSelection();
  };

  const onKeyDown = (e) => {
    const mod = e.ctrlKey || e.metaKey;
    if (!mod || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k === 'b' || k === 'i') {
      e.preventDefault();
      exec(k === 'b' ? 'bold' : 'italic');
    } else if (k === 'k') {
      e.preventDefault();
      exec('link');
    }
  };

  const onPaste = (e) => {
    const dt = e.clipboardData;
    if (!dt) return;
    e.preventDefault();
    const html = dt.getData('text/html');
    if (html) document.execCommand('insertHTML', false, sanitize(html));
    else document.execCommand('insertText', false, dt.getData('text/plain'));
  };

  const onToolKey = (e) => {
    let i = active;
    if (e.key === 'ArrowRight') i = (active + 1) % TOOLS.length;
    else if (e.key === 'ArrowLeft') i = (active - 1 + TOOLS.length) % TOOLS.length;
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = TOOLS.length - 1;
    else return;
    e.preventDefault();
    setActive(i);
    toolRefs.current[i] && toolRefs.current[i].focus();
  };

  return (
    <div class="field rt">
      <span class="field-label" id={`${uid}-label`}>{label}</span>
      <div class="rt-frame">
        <div class="rt-toolbar" role="toolbar" aria-label={`${label}: formatting`} aria-controls={uid} onKeyDown={onToolKey}>
          {TOOLS.map((t, i) => (
            <button key={t.cmd} type="button" class={`rt-btn ${t.cls}`} tabIndex={i === active ? 0 : -1}
              ref={(r) => (toolRefs.current[i] = r)} aria-pressed={t.cmd === 'link' ? undefined : state[t.cmd] ? 'true' : 'false'}
              aria-keyshortcuts={t.keys} title={t.keys ? `${t.label} (${t.keys.replace('Control', 'Ctrl')})` : t.label}
              onMouseDown={(e) => { e.preventDefault(); keepSelection(); }}
              onFocus={() => setActive(i)}
              onClick={() => exec(t.cmd)}>
              <span aria-hidden="true">{t.icon}</span>
              <span class="visually-hidden">{t.label}</span>
            </button>
          ))}
        </div>
        <div ref={box} id={uid} class="rt-input rich" contentEditable role="textbox" aria-multiline="true"
          aria-labelledby={`${uid}-label`} aria-describedby={describedBy} tabIndex={0}
          onInput={emit} onKeyDown={onKeyDown} onPaste={onPaste} onBlur={keepSelection}
          onFocus={() => { try { document.execCommand('defaultParagraphSeparator', false, 'p'); } catch (e) { /* old browser */ } }} />
      </div>
      {linkOpen && (
        <form class="rt-linkform" noValidate onSubmit={applyLink} onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); closeLink(); } }}>
          <label class="field-label" for={`${uid}-url`}>Link address</label>
          <div class="rt-linkrow">
            <input ref={linkInput} id={`${uid}-url`} type="url" inputMode="url" placeholder="https://" value={linkUrl}
              aria-describedby={linkError ? `${uid}-urlerr` : undefined} aria-invalid={linkError ? 'true' : undefined}
              onInput={(e) => { setLinkUrl(e.currentTarget.value); setLinkError(''); }} />
            <button type="submit" class="btn btn-primary btn-sm">{linkUrl.trim() ? 'Apply link' : 'Remove link'}</button>
            <button type="button" class="btn btn-secondary btn-sm" onClick={closeLink}>Cancel</button>
          </div>
          {linkError && <p class="field-error" id={`${uid}-urlerr`}>{linkError}</p>}
        </form>
      )}
    </div>
  );
}
