// One screen: its title, description, hero picture and elements (edited inline, moved, duplicated,
// deleted, added by type). The elements are listed in reading order, the order learners see.
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { ElementEditor, urlAsset } from './ElementEditor.jsx';
import { AddElementMenu } from './AddElementMenu.jsx';
import { TextField, DraftField, Checkbox, parseUrl } from './fields.jsx';
import { MediaButtons, MediaContext, UploadDialog } from './MediaDialogs.jsx';
import { assetFromMedia, kindOfFile } from '../lib/media.js';
import { freshElement } from './ids.js';
import { newElement, typeName, TYPE_ICONS, elementSummary } from './types.js';
import { ordered } from '../ui/Elements.jsx';
import { Icon } from './icons.jsx';
import './editor.css';

let n = 0;

function swapPlaces(elements, a, b) {
  // Swap two elements in the array and on the grid, so their reading order swaps too.
  const out = elements.slice();
  const ia = out.indexOf(a), ib = out.indexOf(b);
  const la = a.layout, lb = b.layout;
  const na = { ...a }, nb = { ...b };
  if (la && lb) {
    na.layout = { ...la, x: lb.x, y: lb.y, w: Math.min(la.w, 12 - lb.x) || 1 };
    nb.layout = { ...lb, x: la.x, y: la.y, w: Math.min(lb.w, 12 - la.x) || 1 };
  }
  out[ib] = na;
  out[ia] = nb;
  return { elements: out, moved: na };
}

/**
 * ScreenForm({screen, catalogue, onChange, headingLevel = 2}): onChange(nextScreen, coalesceKey).
 */
export function ScreenForm({ screen, catalogue, onChange, headingLevel = 2 }) {
  const [uid] = useState(() => `sf-${++n}`);
  const [announce, setAnnounce] = useState('');
  const media = useContext(MediaContext);
  const [dropping, setDropping] = useState(false);
  const [dropped, setDropped] = useState(null);
  const drags = useRef(0);
  // A file dropped beside the screen must not open in the tab in place of the editor.
  useEffect(() => {
    if (!media) return undefined;
    const stop = (e) => { if (e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files')) e.preventDefault(); };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => { window.removeEventListener('dragover', stop); window.removeEventListener('drop', stop); };
  }, [media]);
  const cards = useRef({});
  const H = `h${Math.min(6, headingLevel)}`;
  const H3 = `h${Math.min(6, headingLevel + 1)}`;
  const elements = Array.isArray(screen.elements) ? screen.elements : [];
  const list = ordered(elements);
  const idBase = `${uid}-${screen.id}`.replace(/[^A-Za-z0-9_-]/g, '_');

  const say = (text) => {
    // Repeat-safe: the same message twice is still announced.
    setAnnounce('');
    requestAnimationFrame(() => setAnnounce(text));
  };
  const setField = (name, v, key) => {
    const next = { ...screen };
    if (v === undefined || v === null || v === '') delete next[name];
    else next[name] = v;
    if (name === 'title') next.title = v || '';
    onChange(next, key);
  };
  const setElements = (els, key) => onChange({ ...screen, elements: els }, key);
  const focusLater = (elId, selector) => requestAnimationFrame(() => {
    const card = cards.current[elId];
    if (!card) return;
    const target = (selector && card.querySelector(selector)) || card.querySelector('.element-title');
    if (target) target.focus();
  });

  const move = (el, dir) => {
    const i = list.indexOf(el);
    const j = i + dir;
    if (j < 0 || j >= list.length) return;
    const { elements: next } = swapPlaces(elements, el, list[j]);
    setElements(next);
    say(`${typeName(el.type)} moved to position ${j + 1} of ${list.length}.`);
    const edge = j === 0 || j === list.length - 1;
    focusLater(el.id, edge ? `[data-act="${dir < 0 ? 'down' : 'up'}"]` : `[data-act="${dir < 0 ? 'up' : 'down'}"]`);
  };
  const duplicate = (el) => {
    const copy = freshElement(el);
    const next = elements.slice();
    next.splice(elements.indexOf(el) + 1, 0, copy);
    setElements(next);
    say(`${typeName(el.type)} duplicated.`);
    focusLater(copy.id);
  };
  const remove = (el) => {
    const i = list.indexOf(el);
    setElements(elements.filter((x) => x !== el));
    say(`${typeName(el.type)} deleted. Undo brings it back.`);
    const neighbour = list[i + 1] || list[i - 1];
    requestAnimationFrame(() => {
      const card = neighbour && cards.current[neighbour.id];
      const t = card ? card.querySelector('.element-title') : document.getElementById(`${idBase}-add`)?.querySelector('button');
      if (t) t.focus();
    });
  };
  const add = (type) => {
    const el = newElement(type, elements);
    setElements([...elements, el]);
    say(`${typeName(type)} added at the end.`);
    focusLater(el.id, 'input, textarea, select, [contenteditable]');
  };

  // A file dropped on the screen becomes an image, audio or video element at the end, once uploaded.
  const hasFiles = (e) => !!(media && e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files'));
  const dropProps = media ? {
    onDragEnter: (e) => { if (!hasFiles(e)) return; e.preventDefault(); drags.current += 1; setDropping(true); },
    onDragOver: (e) => { if (!hasFiles(e)) return; e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; },
    onDragLeave: (e) => { if (!hasFiles(e)) return; drags.current = Math.max(0, drags.current - 1); if (!drags.current) setDropping(false); },
    onDrop: (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      drags.current = 0;
      setDropping(false);
      const file = e.dataTransfer.files && e.dataTransfer.files[0];
      if (!file) return;
      if (!kindOfFile(file)) { say(`${file.name} is not a picture, audio or video file, so nothing was added.`); return; }
      setDropped(file);
    }
  } : {};
  const addMedia = ({ media: m, altText, decorative }) => {
    setDropped(null);
    const el = { ...newElement(m.kind, elements), asset: assetFromMedia(m) };
    if (m.kind === 'image') {
      el.altText = altText;
      if (decorative) el.decorative = true;
    }
    setElements([...elements, el]);
    say(`${typeName(m.kind)} added at the end.`);
    focusLater(el.id);
  };
  const pickHero = ({ media: m, altText, decorative }) => {
    const next = { ...screen, asset: assetFromMedia(m) };
    delete next.assetDecorative;
    if (m.kind === 'image') {
      next.assetAltText = altText;
      if (decorative) next.assetDecorative = true;
    } else delete next.assetAltText;
    onChange(next);
  };

  const heroUrl = screen.asset && screen.asset.url ? screen.asset.url : '';
  const heroVideo = !!(screen.asset && /^video\//.test(screen.asset.mime || ''));
  const role = screen.group && screen.group.role;

  return (
    <div class={`screen-form${dropping ? ' is-drop-target' : ''}`} {...dropProps}>
      {dropping && <p class="drop-hint" aria-hidden="true">Drop the file to add it at the end of the screen</p>}
      <section class="card screen-settings" aria-labelledby={`${idBase}-settings`}>
        <H id={`${idBase}-settings`} class="section-title">Screen</H>
        <div class="element-fields">
          <TextField id={`${idBase}-title`} label="Screen title" value={screen.title} class="field-wide"
            hint={role ? undefined : 'Shown as the screen heading unless the screen starts with a heading.'}
            onInput={(v) => setField('title', v, `${screen.id}:title`)} />
          <TextField id={`${idBase}-description`} label="Screen description" value={screen.description} multiline rows={2}
            class="field-wide" hint="Optional, shown under the title." onInput={(v) => setField('description', v, `${screen.id}:description`)} />
          <DraftField id={`${idBase}-hero`} label="Hero picture URL" value={heroUrl} type="url" inputMode="url" placeholder="https://"
            parse={parseUrl} class="field-wide" hint="Optional: a wide picture across the top of the screen (https://)."
            onCommit={(url) => {
              const next = { ...screen };
              if (url) next.asset = urlAsset(screen.asset, url);
              else { delete next.asset; delete next.assetAltText; delete next.assetDecorative; }
              onChange(next, `${screen.id}:asset`);
            }} />
          <MediaButtons kinds={['image', 'video']} idBase={`${idBase}-hero`} onPick={pickHero} />
          {heroUrl && !heroVideo && (
            <TextField id={`${idBase}-hero-alt`} label="Hero picture description" value={screen.assetAltText} class="field-wide"
              hint="For people who cannot see the picture. Leave empty if it is decorative."
              onInput={(v) => setField('assetAltText', v, `${screen.id}:assetAltText`)} />
          )}
          {heroUrl && !heroVideo && (
            <Checkbox id={`${idBase}-hero-decorative`} label="Decorative hero picture" checked={screen.assetDecorative} class="field-wide"
              hint="It adds nothing a learner needs; screen readers skip it." onChange={(v) => setField('assetDecorative', v ? true : undefined)} />
          )}
        </div>
      </section>

      <section class="elements" aria-labelledby={`${idBase}-elements`}>
        <div class="section-head">
          <H id={`${idBase}-elements`} class="section-title">Elements</H>
          <span class="muted count">{list.length === 1 ? '1 element' : `${list.length} elements`}</span>
        </div>
        {list.length === 0 && <p class="empty-note">This screen has no elements yet. Add text, pictures, flip cards, questions and more.</p>}
        <ol class="element-list">
          {list.map((el, i) => {
            const headId = `${idBase}-${el.id}-head`.replace(/[^A-Za-z0-9_-]/g, '_');
            const name = typeName(el.type);
            const summary = elementSummary(el);
            return (
              <li key={el.id} class="element-card card" ref={(r) => { if (r) cards.current[el.id] = r; else delete cards.current[el.id]; }}>
                <div class="element-head">
                  <span class="type-icon" aria-hidden="true">{TYPE_ICONS[el.type] || '•'}</span>
                  <H3 class="element-title" id={headId} tabIndex={-1}>
                    {name}<span class="visually-hidden">, element {i + 1} of {list.length}</span>
                  </H3>
                  <span class="element-summary muted" aria-hidden="true">{summary !== name ? summary.slice(name.length + 2) : ''}</span>
                  <div class="element-actions">
                    <button type="button" class="icon-btn" data-act="up" disabled={i === 0} onClick={() => move(el, -1)} title="Move up">
                      <Icon name="up" /><span class="visually-hidden">Move up: {name} {i + 1}</span>
                    </button>
                    <button type="button" class="icon-btn" data-act="down" disabled={i === list.length - 1} onClick={() => move(el, 1)} title="Move down">
                      <Icon name="down" /><span class="visually-hidden">Move down: {name} {i + 1}</span>
                    </button>
                    <button type="button" class="icon-btn" data-act="duplicate" onClick={() => duplicate(el)} title="Duplicate">
                      <Icon name="copy" /><span class="visually-hidden">Duplicate: {name} {i + 1}</span>
                    </button>
                    <button type="button" class="icon-btn icon-danger" data-act="delete" onClick={() => remove(el)} title="Delete">
                      <Icon name="trash" /><span class="visually-hidden">Delete: {name} {i + 1}</span>
                    </button>
                  </div>
                </div>
                <div role="group" aria-labelledby={headId}>
                  <ElementEditor el={el} catalogue={catalogue} idPrefix={idBase}
                    onChange={(next, key) => setElements(elements.map((x) => (x === el ? next : x)), key)} />
                </div>
              </li>
            );
          })}
        </ol>
        <div id={`${idBase}-add`} class="add-row">
          <AddElementMenu catalogue={catalogue} onAdd={add} />
        </div>
      </section>
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{announce}</div>
      {dropped && <UploadDialog file={dropped} onDone={addMedia} onCancel={() => setDropped(null)} />}
    </div>
  );
}
