// A small rich text field: bold, italic, links and lists. What it emits is sanitised with the
// player's rules (lib/sanitize.js), so what the author sees is what the learner gets.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { sanitize, isHttpUrl } from '../lib/sanitize.js';
import { Icon } from './icons.jsx';
import { t } from '../lib/labels.js';
import './editor.css';

let n = 0;

// Labels are looked up when drawn (t() follows the page's language).
const TOOLS = [
  { cmd: 'bold', label: () => t('Bold'), icon: 'B', cls: 'rt-bold', keys: 'Control+B' },
  { cmd: 'italic', label: () => t('Italic'), icon: 'I', cls: 'rt-italic', keys: 'Control+I' },
  { cmd: 'link', label: () => t('Link'), icon: <Icon name="link" size={16} />, cls: 'rt-link', keys: 'Control+K' },
  { cmd: 'insertUnorderedList', label: () => t('Bulleted list'), icon: <Icon name="ul" size={16} />, cls: 'rt-ul' },
  { cmd: 'insertOrderedList', label: () => t('Numbered list'), icon: <Icon name="ol" size={16} />, cls: 'rt-ol' }
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
 * inline: drawn in place on the canvas — the label is the field's accessible name only, the
 * formatting toolbar shows while the field (or its toolbar) has focus, `placeholder` shows when empty,
 * `class` styles the editable region like the player's text.
 */
export function RichText({ value, onChange, label, id, describedBy, inline = false, placeholder, class: cls }) {
  const [focused, setFocused] = useState(false);
  const wrap = useRef(null);
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
      setLinkError(t('Links must start with http:// or https://.'));
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
    let i;
    if (e.key === 'ArrowRight') i = (active + 1) % TOOLS.length;
    else if (e.key === 'ArrowLeft') i = (active - 1 + TOOLS.length) % TOOLS.length;
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = TOOLS.length - 1;
    else return;
    e.preventDefault();
    setActive(i);
    toolRefs.current[i] && toolRefs.current[i].focus();
  };

  const toolbar = (
    <div class={`rt-toolbar${inline ? ' rt-float' : ''}`} role="toolbar" aria-label={t('{label}: formatting', { label })} aria-controls={uid} onKeyDown={onToolKey}>
      {TOOLS.map((tool, i) => (
        <button key={tool.cmd} type="button" class={`rt-btn ${tool.cls}`} tabIndex={i === active ? 0 : -1}
          ref={(r) => (toolRefs.current[i] = r)} aria-pressed={tool.cmd === 'link' ? undefined : state[tool.cmd] ? 'true' : 'false'}
          aria-keyshortcuts={tool.keys} title={tool.keys ? `${tool.label()} (${tool.keys.replace('Control', 'Ctrl')})` : tool.label()}
          onMouseDown={(e) => { e.preventDefault(); keepSelection(); }}
          onFocus={() => setActive(i)}
          onClick={() => exec(tool.cmd)}>
          <span aria-hidden="true">{tool.icon}</span>
          <span class="visually-hidden">{tool.label()}</span>
        </button>
      ))}
    </div>
  );
  const input = (
    <div ref={box} id={uid} class={`rt-input rich${cls ? ` ${cls}` : ''}`} contentEditable role="textbox" aria-multiline="true"
      aria-labelledby={inline ? undefined : `${uid}-label`} aria-label={inline ? label : undefined} aria-describedby={describedBy}
      data-placeholder={placeholder || undefined} tabIndex={0}
      onInput={emit} onKeyDown={onKeyDown} onPaste={onPaste} onBlur={keepSelection}
      onFocus={() => { try { document.execCommand('defaultParagraphSeparator', false, 'p'); } catch (e) { /* old browser */ } }} />
  );
  const linkForm = linkOpen && (
    <form class="rt-linkform" noValidate onSubmit={applyLink} onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); closeLink(); } }}>
      <label class="field-label" for={`${uid}-url`}>{t('Link address')}</label>
      <div class="rt-linkrow">
        <input ref={linkInput} id={`${uid}-url`} type="url" inputMode="url" placeholder="https://" value={linkUrl}
          aria-describedby={linkError ? `${uid}-urlerr` : undefined} aria-invalid={linkError ? 'true' : undefined}
          onInput={(e) => { setLinkUrl(e.currentTarget.value); setLinkError(''); }} />
        <button type="submit" class="btn btn-primary btn-sm">{linkUrl.trim() ? t('Apply link') : t('Remove link')}</button>
        <button type="button" class="btn btn-secondary btn-sm" onClick={closeLink}>{t('Cancel')}</button>
      </div>
      {linkError && <p class="field-error" id={`${uid}-urlerr`}>{linkError}</p>}
    </form>
  );

  if (inline) {
    // The toolbar follows the field in the tab order (Tab from the text reaches it) and floats above it.
    return (
      <div class={`rt rt-inline${focused || linkOpen ? ' is-focused' : ''}`} ref={wrap}
        onFocusIn={() => setFocused(true)}
        onFocusOut={(e) => { if (!wrap.current || !wrap.current.contains(e.relatedTarget)) setFocused(false); }}>
        {input}
        {(focused || linkOpen) && toolbar}
        {linkForm}
      </div>
    );
  }
  return (
    <div class="field rt">
      <span class="field-label" id={`${uid}-label`}>{label}</span>
      <div class="rt-frame">
        {toolbar}
        {input}
      </div>
      {linkForm}
    </div>
  );
}
