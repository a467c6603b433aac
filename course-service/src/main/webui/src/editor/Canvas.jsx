// One screen edited on the screen itself: drawn as the learner will see it, in the course's theme,
// its elements in reading order with their text written in place; the selected element shows its
// toolbar (move, duplicate, delete, properties) and the side panel its other properties (with none
// selected, the screen's). At 375 px the panel is a bottom sheet. Dropping a file adds a medium.
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { ElementEditor, urlAsset } from './ElementEditor.jsx';
import { AddElementMenu } from './AddElementMenu.jsx';
import { TextField, DraftField, Checkbox, parseUrl } from './fields.jsx';
import { MediaButtons, MediaContext, UploadDialog } from './MediaDialogs.jsx';
import { Editable } from './Editable.jsx';
import { CanvasElement, canvasFields, needsFrameStop } from './CanvasElement.jsx';
import { assetFromMedia, kindOfFile } from '../lib/media.js';
import { freshElement } from './ids.js';
import { newElement, elementSummary } from './types.js';
import { typeLabel } from './typeLabels.js';
import { ordered, Media } from '../ui/Elements.jsx';
import { Modal } from '../builder/Modal.jsx';
import { Icon } from './icons.jsx';
import { t } from '../lib/labels.js';
import '../labels/editor.js';
import './editor.css';
import './canvas.css';

let n = 0;
const NARROW = '(max-width: 720px)';

function useNarrow() {
  const [narrow, setNarrow] = useState(() => typeof matchMedia === 'function' && matchMedia(NARROW).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return undefined;
    const m = matchMedia(NARROW);
    const on = () => setNarrow(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return narrow;
}

const nameOf = typeLabel;

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
  return out;
}

/**
 * `el` placed right after `anchor` in reading order: on the grid the rows below the anchor move
 * down to make room; without a grid (converted courses) it follows the anchor in the array.
 */
export function insertAfter(elements, anchor, el) {
  if (!anchor || !elements.includes(anchor)) return [...elements, el];
  let placed = el;
  let out = elements;
  if (anchor.layout && el.layout && elements.every((e) => e.layout)) {
    const y = (anchor.layout.y | 0) + ((anchor.layout.h | 0) || 1);
    const h = (el.layout.h | 0) || 1;
    out = elements.map((e) => (e !== anchor && e.layout.y >= y ? { ...e, layout: { ...e.layout, y: e.layout.y + h } } : e));
    placed = { ...el, layout: { ...el.layout, y } };
  } else if (!anchor.layout) {
    placed = { ...el };
    delete placed.layout;
  }
  const next = out.slice();
  next.splice(elements.indexOf(anchor) + 1, 0, placed);
  return next;
}

/** The screen's own properties: description and hero picture (the title is on the canvas). */
function ScreenProperties({ screen, onChange, idBase }) {
  const setField = (name, v, key) => {
    const next = { ...screen };
    if (v === undefined || v === null || v === '') delete next[name];
    else next[name] = v;
    onChange(next, key);
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
  return (
    <div class="element-fields">
      <TextField id={`${idBase}-description`} label={t('Screen description')} value={screen.description} multiline rows={2}
        class="field-wide" hint={t('Optional, shown under the title.')} onInput={(v) => setField('description', v, `${screen.id}:description`)} />
      <DraftField id={`${idBase}-hero`} label={t('Hero picture URL')} value={heroUrl} type="url" inputMode="url" placeholder="https://"
        parse={parseUrl} class="field-wide" hint={t('Optional: a wide picture across the top of the screen (https://).')}
        onCommit={(url) => {
          const next = { ...screen };
          if (url) next.asset = urlAsset(screen.asset, url);
          else { delete next.asset; delete next.assetAltText; delete next.assetDecorative; }
          onChange(next, `${screen.id}:asset`);
        }} />
      <MediaButtons kinds={['image', 'video']} idBase={`${idBase}-hero`} onPick={pickHero} />
      {heroUrl && !heroVideo && (
        <TextField id={`${idBase}-hero-alt`} label={t('Hero picture description')} value={screen.assetAltText} class="field-wide"
          hint={t('For people who cannot see the picture. Leave empty if it is decorative.')}
          onInput={(v) => setField('assetAltText', v, `${screen.id}:assetAltText`)} />
      )}
      {heroUrl && !heroVideo && (
        <Checkbox id={`${idBase}-hero-decorative`} label={t('Decorative hero picture')} checked={screen.assetDecorative} class="field-wide"
          hint={t('It adds nothing a learner needs; screen readers skip it.')} onChange={(v) => setField('assetDecorative', v ? true : undefined)} />
      )}
    </div>
  );
}

/**
 * Canvas({screen, catalogue, onChange, headingLevel = 2, themeStyle}): onChange(nextScreen, coalesceKey)
 * as every editor of a screen; themeStyle is the course theme's CSS variables (empty: the default look).
 */
export function Canvas({ screen, catalogue, onChange, headingLevel = 2, themeStyle = '' }) {
  const [uid] = useState(() => `cv-${++n}`);
  const [announce, setAnnounce] = useState('');
  const [selectedId, setSelectedId] = useState(null);
  const [sheet, setSheet] = useState(false);
  const narrow = useNarrow();
  const media = useContext(MediaContext);
  const [dropping, setDropping] = useState(false);
  const [dropped, setDropped] = useState(null);
  const drags = useRef(0);
  const root = useRef(null);
  const panel = useRef(null);
  // A file dropped beside the screen must not open in the tab in place of the editor.
  useEffect(() => {
    if (!media) return undefined;
    const stop = (e) => { if (e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files')) e.preventDefault(); };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => { window.removeEventListener('dragover', stop); window.removeEventListener('drop', stop); };
  }, [media]);

  const H = `h${Math.min(6, headingLevel)}`;
  const HP = `h${Math.min(6, headingLevel + 1)}`;
  const elements = Array.isArray(screen.elements) ? screen.elements : [];
  const list = ordered(elements);
  const idBase = `${uid}-${screen.id}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const selected = list.find((e) => e.id === selectedId) || null;
  const selIndex = selected ? list.indexOf(selected) : -1;
  const firstIsTitle = !!(list[0] && list[0].type === 'heading');

  const say = (text) => {
    // Repeat-safe: the same message twice is still announced.
    setAnnounce('');
    requestAnimationFrame(() => setAnnounce(text));
  };
  const setElements = (els, key) => onChange({ ...screen, elements: els }, key);
  const replace = (el, next, key) => setElements(elements.map((x) => (x === el ? next : x)), key);
  const select = (id) => { if (id !== selectedId) setSelectedId(id); };
  const boxOf = (id) => root.current && root.current.querySelector(`[data-el="${CSS.escape(id)}"]`);
  const focusLater = (elId, selector) => requestAnimationFrame(() => {
    const box = boxOf(elId);
    if (!box) return;
    const target = (selector && box.querySelector(selector)) || box.querySelector('[contenteditable]') || box;
    target.focus();
  });

  const move = (el, dir) => {
    const i = list.indexOf(el);
    const j = i + dir;
    if (j < 0 || j >= list.length) return;
    setElements(swapPlaces(elements, el, list[j]));
    say(t('{name} moved to position {n} of {count}.', { name: nameOf(el.type), n: j + 1, count: list.length }));
    // At an end the pressed button is disabled: focus goes to the other one.
    const edge = j === 0 || j === list.length - 1;
    focusLater(el.id, edge ? `[data-act="${dir < 0 ? 'down' : 'up'}"]` : `[data-act="${dir < 0 ? 'up' : 'down'}"]`);
  };
  const duplicate = (el) => {
    const copy = freshElement(el);
    const next = elements.slice();
    next.splice(elements.indexOf(el) + 1, 0, copy);
    setElements(next);
    setSelectedId(copy.id);
    say(t('{name} duplicated: the copy follows it.', { name: nameOf(el.type) }));
    focusLater(copy.id);
  };
  const remove = (el) => {
    const i = list.indexOf(el);
    setElements(elements.filter((x) => x !== el));
    say(t('{name} deleted. Undo brings it back.', { name: nameOf(el.type) }));
    const neighbour = list[i + 1] || list[i - 1];
    setSelectedId(neighbour ? neighbour.id : null);
    if (neighbour) focusLater(neighbour.id);
    else requestAnimationFrame(() => { const b = document.getElementById(`${idBase}-add`)?.querySelector('button'); if (b) b.focus(); });
  };
  const place = (el, what) => {
    const next = insertAfter(elements, selected, el);
    setElements(next);
    setSelectedId(el.id);
    const at = ordered(next).findIndex((x) => x.id === el.id);
    say(selected
      ? t('{name} added after {other} {n}.', { name: nameOf(what), other: nameOf(selected.type), n: selIndex + 1 })
      : t('{name} added at the end, position {n}.', { name: nameOf(what), n: at + 1 }));
  };
  const add = (type) => {
    const el = newElement(type, elements);
    place(el, type);
    focusLater(el.id);
  };
  const openProperties = (el) => {
    select(el ? el.id : null);
    if (narrow) { setSheet(true); return; }
    requestAnimationFrame(() => {
      const first = panel.current && panel.current.querySelector('input, select, textarea, button:not([data-skip])');
      if (first) first.focus();
      else if (panel.current) panel.current.focus();
    });
  };

  // A file dropped on the screen becomes an image, audio or video element (after the selected
  // element, else at the end), once uploaded.
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
      if (!kindOfFile(file)) { say(t('{file} is not a picture, audio or video file, so nothing was added.', { file: file.name })); return; }
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
    place(el, m.kind);
    focusLater(el.id);
  };

  const panelTitle = selected ? t('{name} {n}: properties', { name: nameOf(selected.type), n: selIndex + 1 }) : t('Screen properties');
  const panelBody = selected ? (
    <ElementEditor key={selected.id} el={selected} catalogue={catalogue} idPrefix={idBase} omit={canvasFields(selected.type)}
      onChange={(next, key) => replace(selected, next, key)} />
  ) : <ScreenProperties screen={screen} onChange={onChange} idBase={idBase} />;

  return (
    <div ref={root} class={`screen-form canvas${dropping ? ' is-drop-target' : ''}`} {...dropProps}>
      {dropping && <p class="drop-hint" aria-hidden="true">{selected ? t('Drop the file to add it after the selected element') : t('Drop the file to add it at the end of the screen')}</p>}
      <div class="cv-stage">
        <div class="cv-page" style={themeStyle}
          onMouseDown={(e) => { if (e.target === e.currentTarget) select(null); }}>
          {screen.asset && <div class="hero"><Media asset={screen.asset} alt={screen.assetAltText} decorative={screen.assetDecorative} hero /></div>}
          <div class="screen-body">
            <div class="cv-title-row">
              <H class={firstIsTitle ? 'cv-screen-name' : 'screen-title'}>
                <Editable as="span" value={screen.title} label={t('Screen title')} placeholder={t('Screen title')}
                  onFocus={() => select(null)}
                  onInput={(v) => onChange({ ...screen, title: v || '' }, `${screen.id}:title`)} />
              </H>
              <button type="button" class="cv-tool cv-screen-props" onClick={() => openProperties(null)} title={t('Screen properties')}>
                <Icon name="sliders" /><span class="visually-hidden">{t('Screen properties')}</span>
              </button>
            </div>
            {firstIsTitle && <p class="cv-note">{t('The screen starts with a heading, so learners see that heading as its title; this name is used in the outline.')}</p>}
            {screen.description && <p class="screen-description">{screen.description}</p>}
            {list.length === 0 && <p class="empty-note">{t('This screen has no elements yet. Add text, pictures, flip cards, questions and more.')}</p>}
            {list.map((el, i) => {
              const name = nameOf(el.type);
              const isSel = el.id === selectedId;
              const textless = needsFrameStop(el.type);
              return (
                <div key={el.id} data-el={el.id} class={`cv-el${isSel ? ' is-selected' : ''}`} role="group"
                  aria-label={`${name} ${i + 1}`} tabIndex={textless ? 0 : undefined}
                  onFocusIn={() => select(el.id)} onMouseDown={() => select(el.id)}>
                  <CanvasElement el={el} selected={isSel} level={headingLevel} first={i === 0} firstIsTitle={firstIsTitle}
                    set={(name2, v, key) => replace(el, v === undefined || v === null ? (({ [name2]: _, ...rest }) => rest)(el) : { ...el, [name2]: v }, key)}
                    setAnswer={(k, text) => replace(el, { ...el, answers: el.answers.map((a, j) => (j === k ? { ...a, text } : a)) }, `${el.id}:answers.${el.answers[k].id}`)} />
                  {isSel && (
                    <div class="cv-tools" role="group" aria-label={t('{name} {n}: actions', { name, n: i + 1 })}>
                      <button type="button" class="cv-tool" data-act="up" disabled={i === 0} onClick={() => move(el, -1)} title={t('Move up')}>
                        <Icon name="up" /><span class="visually-hidden">{t('Move up: {name} {n}', { name, n: i + 1 })}</span>
                      </button>
                      <button type="button" class="cv-tool" data-act="down" disabled={i === list.length - 1} onClick={() => move(el, 1)} title={t('Move down')}>
                        <Icon name="down" /><span class="visually-hidden">{t('Move down: {name} {n}', { name, n: i + 1 })}</span>
                      </button>
                      <button type="button" class="cv-tool" data-act="duplicate" onClick={() => duplicate(el)} title={t('Duplicate')}>
                        <Icon name="copy" /><span class="visually-hidden">{t('Duplicate: {name} {n}', { name, n: i + 1 })}</span>
                      </button>
                      <button type="button" class="cv-tool cv-danger" data-act="delete" onClick={() => remove(el)} title={t('Delete')}>
                        <Icon name="trash" /><span class="visually-hidden">{t('Delete: {name} {n}', { name, n: i + 1 })}</span>
                      </button>
                      <button type="button" class="cv-tool" data-act="properties" onClick={() => openProperties(el)} title={t('Properties')}
                        aria-expanded={narrow ? (sheet ? 'true' : 'false') : undefined}>
                        <Icon name="sliders" /><span class="visually-hidden">{t('Properties: {name} {n}', { name, n: i + 1 })}</span>
                      </button>
                    </div>
                  )}
                </div>
              );
            })}
          </div>
          <div id={`${idBase}-add`} class="cv-add">
            <AddElementMenu catalogue={catalogue} onAdd={add}
              label={selected ? t('Add element after {name} {n}', { name: nameOf(selected.type), n: selIndex + 1 }) : t('Add element')} />
          </div>
        </div>
      </div>
      {!narrow && (
        <section class="cv-panel card" ref={panel} tabIndex={-1} aria-labelledby={`${idBase}-panel`}>
          <div class="cv-panel-head">
            <HP id={`${idBase}-panel`} class="section-title">{panelTitle}</HP>
            {selected && <p class="cv-summary-line muted">{elementSummary(selected, typeLabel)}</p>}
            {selected && <button type="button" class="b-link cv-link" data-skip="" onClick={() => openProperties(null)}>{t("Show the screen's properties")}</button>}
          </div>
          {panelBody}
        </section>
      )}
      {narrow && sheet && (
        <Modal labelledBy={`${idBase}-sheet`} class="cv-sheet" onCancel={() => setSheet(false)} initialFocus="input, select, textarea, [data-close]">
          <div class="cv-sheet-head">
            <HP id={`${idBase}-sheet`} class="section-title">{panelTitle}</HP>
            <button type="button" class="btn btn-secondary btn-sm" data-close="" onClick={() => setSheet(false)}>{t('Close')}</button>
          </div>
          <div class="cv-sheet-body">{panelBody}</div>
        </Modal>
      )}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{announce}</div>
      {dropped && <UploadDialog file={dropped} onDone={addMedia} onCancel={() => setDropped(null)} />}
    </div>
  );
}
