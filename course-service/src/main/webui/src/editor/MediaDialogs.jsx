// Media from the library in the editors: "Upload" and "Choose from library" beside an asset's URL,
// the upload dialog (progress, cancel, alt text) and the library dialog (search, kind, load more).
// The page gives the editor API through MediaContext; without it (no editing session) there are
// no buttons, and the URL field is all there is.
import { createContext } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { Modal } from '../builder/Modal.jsx';
import { kindOfFile, startUpload, listPath, readList, thumbnailOf, formatSize, uploadProblem } from '../lib/media.js';
import './media.css';
import { t } from '../lib/labels.js';
import '../labels/builder.js';

/** The editor API ({get, post, patch}) the media calls use, or null. */
export const MediaContext = createContext(null);

let n = 0;
// The words of each kind, in the author's language (each a whole label, so each language words it).
const KIND_NAMES = { image: () => t('Images'), audio: () => t('Audio'), video: () => t('Video') };
const KIND_ONE = { image: () => t('Picture'), audio: () => t('Audio file'), video: () => t('Video') };
const READY = { image: () => t('The picture is ready. Add its alt text, then insert it.'), audio: () => t('The audio file is ready to insert.'), video: () => t('The video is ready to insert.') };
const ACCEPT = { image: 'image/jpeg,image/png,image/gif,image/svg+xml', audio: 'audio/*', video: 'video/mp4,video/webm' };
const TITLES = { image: () => t('Upload a picture'), audio: () => t('Upload audio'), video: () => t('Upload a video') };

const WRONG_KIND = {
  image: () => t('This field takes a picture: choose another file.'),
  audio: () => t('This field takes an audio file: choose another file.'),
  video: () => t('This field takes a video: choose another file.'),
  'audio,image': () => t('This field takes a picture or an audio file: choose another file.'),
  'image,video': () => t('This field takes a picture or a video: choose another file.'),
  'audio,video': () => t('This field takes an audio file or a video: choose another file.'),
  'audio,image,video': () => t('This field takes a picture, an audio file or a video: choose another file.')
};

/** The words for a file of a kind the field does not take ("This field takes a picture or a video: …"). */
export function wrongKind(kinds) {
  const key = [...new Set(kinds)].sort().join(',');
  return WRONG_KIND[key] ? WRONG_KIND[key]() : t('This field does not take this kind of file: choose another file.');
}

/** Alt text and "decorative": required unless decorative (the publish rule, docs/courses.md). */
function AltFields({ id, alt, decorative, onAlt, onDecorative, error }) {
  return (
    <div class="media-alt">
      <div class="field">
        <label class="field-label" for={`${id}-alt`}>{decorative ? t('Alt text') : t('Alt text (required)')}</label>
        <p class="field-hint" id={`${id}-alt-hint`}>{t('What the picture shows, for people who cannot see it.')}</p>
        <textarea id={`${id}-alt`} rows={2} value={alt} disabled={decorative} aria-required={decorative ? undefined : 'true'}
          aria-invalid={error ? 'true' : undefined} aria-describedby={`${id}-alt-hint${error ? ` ${id}-alt-err` : ''}`}
          onInput={(e) => onAlt(e.currentTarget.value)} />
        {error && <p class="field-error" id={`${id}-alt-err`}>{error}</p>}
      </div>
      <div class="field field-check">
        <input id={`${id}-dec`} type="checkbox" checked={decorative} aria-describedby={`${id}-dec-hint`}
          onChange={(e) => onDecorative(e.currentTarget.checked)} />
        <label for={`${id}-dec`}>{t('Decorative: it adds nothing a learner needs')}</label>
        <p class="field-hint" id={`${id}-dec-hint`}>{t('Screen readers then skip it.')}</p>
      </div>
    </div>
  );
}

const altError = (alt, decorative) => (decorative || alt.trim() ? '' : t('Describe the picture, or mark it decorative.'));

/** Stores the alt text on the medium too (PATCH); the document gets it whatever the answer. */
async function saveAlt(api, media, alt, decorative) {
  if (media.kind !== 'image' || ((media.altText || '') === alt && !!media.decorative === decorative)) return media;
  try {
    return (await api.patch(`/media/${encodeURIComponent(media.id)}`, { altText: decorative ? '' : alt, decorative })) || media;
  } catch (e) {
    return media;
  }
}

/**
 * UploadDialog({file, onDone({media, altText, decorative}), onCancel}): uploads `file` at once and,
 * for a picture, asks its alt text meanwhile; Insert is offered when the file is checked.
 */
export function UploadDialog({ file, onDone, onCancel }) {
  const api = useContext(MediaContext);
  const [uid] = useState(() => `up-${++n}`);
  const kind = kindOfFile(file) || 'image';
  const [state, setState] = useState({ phase: 'creating', percent: 0 });
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [shownError, setShownError] = useState('');
  const [said, setSaid] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const upload = useRef(null);
  const milestone = useRef(0);

  useEffect(() => {
    milestone.current = 0;
    const say = (words) => setSaid(words);
    const u = startUpload({
      api, file, kind,
      onChange: (s) => {
        setState(s);
        if (s.phase === 'uploading' && s.percent >= milestone.current + 25 && s.percent < 100) {
          milestone.current = s.percent - (s.percent % 25);
          say(t('Uploaded {percent}%.', { percent: milestone.current }));
        } else if (s.phase === 'checking') say(t('Uploaded. Checking the file…'));
        else if (s.phase === 'ready') say((READY[kind] || READY.image)());
      }
    });
    upload.current = u;
    return () => u.cancel();
  }, [attempt]);

  const cancel = () => { if (upload.current) upload.current.cancel(); onCancel(); };
  const insert = async () => {
    const err = kind === 'image' ? altError(alt, decorative) : '';
    setShownError(err);
    if (err) { requestAnimationFrame(() => { const input = document.getElementById(`${uid}-alt`); if (input) input.focus(); }); return; }
    setBusy(true);
    const media = kind === 'image' ? await saveAlt(api, state.media, alt.trim(), decorative) : state.media;
    setBusy(false);
    onDone({ media, altText: decorative ? '' : alt.trim(), decorative: kind === 'image' && decorative });
  };

  const { phase } = state;
  const percent = phase === 'checking' || phase === 'ready' ? 100 : state.percent || 0;
  const line = phase === 'creating' ? t('Starting the upload…')
    : phase === 'uploading' ? t('Uploading… {percent}%', { percent })
      : phase === 'checking' ? t('Checking the file…')
        : phase === 'ready' ? t('Uploaded and checked.')
          : phase === 'failed' ? t('The upload failed.') : t('Upload cancelled.');
  return (
    <Modal labelledBy={`${uid}-t`} describedBy={`${uid}-f`} class="media-dialog" onCancel={cancel}
      initialFocus={kind === 'image' ? `#${uid}-alt` : '[data-cancel]'}>
      <h2 id={`${uid}-t`}>{(TITLES[kind] || TITLES.image)()}</h2>
      <p id={`${uid}-f`} class="media-file"><span class="media-file-name">{file.name}</span> · {formatSize(file.size)}</p>
      <div class="media-progress">
        <label for={`${uid}-p`} class="media-progress-line">{line}</label>
        <progress id={`${uid}-p`} max={100} value={phase === 'creating' ? undefined : percent}
          aria-valuetext={`${percent}%`} class={phase === 'failed' ? 'is-failed' : ''} />
      </div>
      <p class="visually-hidden" role="status" aria-live="polite">{said}</p>
      {phase === 'failed' && <p class="media-error" role="alert">{state.message || uploadProblem(state.error, kind)}</p>}
      {kind === 'image' && phase !== 'failed' && (
        <AltFields id={uid} alt={alt} decorative={decorative} error={shownError}
          onAlt={(v) => { setAlt(v); if (shownError) setShownError(altError(v, decorative)); }}
          onDecorative={(v) => { setDecorative(v); setShownError(''); }} />
      )}
      <div class="b-dialog-actions media-actions">
        <button type="button" class="btn btn-secondary" data-cancel="" onClick={cancel}>
          {phase === 'failed' ? t('Close') : phase === 'ready' ? t('Cancel') : t('Cancel upload')}
        </button>
        {phase === 'failed' ? (
          <button type="button" class="btn btn-primary" onClick={() => setAttempt(attempt + 1)}>{t('Try again')}</button>
        ) : (
          <button type="button" class="btn btn-primary" onClick={insert} disabled={phase !== 'ready' || busy}
            aria-busy={busy ? 'true' : undefined}>{t('Insert')}</button>
        )}
      </div>
    </Modal>
  );
}

function MediaItem({ m, onChoose }) {
  const thumb = m.kind === 'image' ? thumbnailOf(m) : null;
  const size = m.width && m.height ? `${m.width} × ${m.height}` : null;
  return (
    <li class="media-item">
      <button type="button" class="media-choice" onClick={() => onChoose(m)}>
        <span class="media-thumb" aria-hidden="true">
          {thumb ? <img src={thumb} alt="" loading="lazy" decoding="async" /> : <span class="media-thumb-kind">{m.kind === 'audio' ? '♪' : '▶'}</span>}
        </span>
        <span class="media-item-text">
          <span class="media-item-name">{m.filename || t('Untitled')}</span>
          <span class="media-item-meta">
            {[KIND_ONE[m.kind] ? KIND_ONE[m.kind]() : m.kind, size, formatSize(m.size)].filter(Boolean).join(' · ')}
          </span>
          {m.kind === 'image' && (
            <span class="media-item-alt">{m.decorative ? t('Decorative') : m.altText ? t('Alt text: {text}', { text: m.altText }) : t('No alt text yet')}</span>
          )}
        </span>
      </button>
    </li>
  );
}

/**
 * LibraryDialog({kinds, onDone({media, altText, decorative}), onCancel}): the workspace's media,
 * recent first; search, a kind filter, "Load more". A picture without alt text asks for it.
 */
export function LibraryDialog({ kinds, onDone, onCancel }) {
  const api = useContext(MediaContext);
  const [uid] = useState(() => `lib-${++n}`);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState(kinds.length === 1 ? kinds[0] : '');
  const [items, setItems] = useState([]);
  const [cursor, setCursor] = useState(null);
  const [total, setTotal] = useState(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [chosen, setChosen] = useState(null);
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [altErr, setAltErr] = useState('');
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const list = useRef(null);

  const load = async (more) => {
    const mine = ++seq.current;
    setLoading(true);
    setError('');
    try {
      let headers = null;
      const body = await api.get(listPath({ search, kind: kind || undefined, cursor: more ? cursor : undefined }), { onHeaders: (h) => { headers = h; } });
      const res = readList(body, headers);
      if (mine !== seq.current) return;
      const shown = res.items.filter((m) => !m.status || m.status === 'ready').filter((m) => kinds.includes(m.kind));
      setItems(more ? [...items, ...shown] : shown);
      setCursor(res.cursor);
      setTotal(res.total);
      if (more) {
        requestAnimationFrame(() => {
          const first = list.current && list.current.querySelectorAll('.media-choice')[items.length];
          if (first) first.focus();
        });
      }
    } catch (e) {
      if (mine === seq.current) setError(e.status === 0 ? t('The library could not be loaded: the connection failed.') : t('The library could not be loaded. Try again in a moment.'));
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };
  useEffect(() => {
    const timer = setTimeout(() => load(false), search ? 300 : 0);
    return () => clearTimeout(timer);
  }, [search, kind]);

  const choose = (m) => {
    if (m.kind === 'image' && !m.decorative && !(m.altText || '').trim()) {
      setChosen(m);
      setAlt('');
      setDecorative(false);
      setAltErr('');
      return;
    }
    onDone({ media: m, altText: m.decorative ? '' : (m.altText || '').trim(), decorative: m.kind === 'image' && !!m.decorative });
  };
  const insertChosen = async () => {
    const err = altError(alt, decorative);
    setAltErr(err);
    if (err) { const input = document.getElementById(`${uid}-alt`); if (input) input.focus(); return; }
    setBusy(true);
    const media = await saveAlt(api, chosen, alt.trim(), decorative);
    setBusy(false);
    onDone({ media, altText: decorative ? '' : alt.trim(), decorative });
  };
  useEffect(() => {
    if (chosen) requestAnimationFrame(() => { const input = document.getElementById(`${uid}-alt`); if (input) input.focus(); });
  }, [chosen]);

  const shownLine = () => {
    const some = total != null && total > items.length;
    if (cursor) return some ? t('{n} of {total} shown; more can be loaded.', { n: items.length, total }) : t('{n} shown; more can be loaded.', { n: items.length });
    return some ? t('{n} of {total} shown.', { n: items.length, total }) : t('{n} shown.', { n: items.length });
  };
  const status = loading ? t('Loading the library…')
    : error ? '' : items.length === 0 ? (search ? t('Nothing in the library matches “{search}”.', { search: search.trim() }) : t('The library has nothing of this kind yet. Upload a file to add it.'))
      : shownLine();
  return (
    <Modal labelledBy={`${uid}-t`} class="media-dialog media-library" onCancel={onCancel} initialFocus={`#${uid}-q`}>
      <h2 id={`${uid}-t`}>{chosen ? t('Describe the picture') : t('Choose from the library')}</h2>
      {chosen ? (
        <>
          <div class="media-chosen">
            <img src={thumbnailOf(chosen)} alt="" />
            <p class="media-file"><span class="media-file-name">{chosen.filename}</span></p>
          </div>
          <AltFields id={uid} alt={alt} decorative={decorative} error={altErr}
            onAlt={(v) => { setAlt(v); if (altErr) setAltErr(altError(v, decorative)); }}
            onDecorative={(v) => { setDecorative(v); setAltErr(''); }} />
          <div class="b-dialog-actions media-actions">
            <button type="button" class="btn btn-secondary" onClick={() => setChosen(null)}>{t('Back to the library')}</button>
            <button type="button" class="btn btn-primary" onClick={insertChosen} disabled={busy} aria-busy={busy ? 'true' : undefined}>{t('Insert')}</button>
          </div>
        </>
      ) : (
        <>
          <div class="media-filters" role="search">
            <div class="field">
              <label class="field-label" for={`${uid}-q`}>{t('Search')}</label>
              <input id={`${uid}-q`} type="search" value={search} placeholder={t('File name or alt text')} autocomplete="off"
                onInput={(e) => setSearch(e.currentTarget.value)} />
            </div>
            {kinds.length > 1 && (
              <div class="field">
                <label class="field-label" for={`${uid}-k`}>{t('Kind')}</label>
                <select id={`${uid}-k`} value={kind} onChange={(e) => setKind(e.currentTarget.value)}>
                  <option value="">{t('All')}</option>
                  {kinds.map((k) => <option key={k} value={k}>{KIND_NAMES[k] ? KIND_NAMES[k]() : k}</option>)}
                </select>
              </div>
            )}
          </div>
          <p class="media-status" role="status" aria-live="polite">{status}</p>
          {error && <p class="media-error" role="alert">{error} <button type="button" class="b-link media-retry" onClick={() => load(false)}>{t('Try again')}</button></p>}
          <ul class="media-list" ref={list} aria-label={t('Media, most recent first')} aria-busy={loading ? 'true' : undefined}>
            {items.map((m) => <MediaItem key={m.id} m={m} onChoose={choose} />)}
          </ul>
          <div class="b-dialog-actions media-actions">
            {cursor && <button type="button" class="btn btn-secondary" onClick={() => load(true)} disabled={loading}>{t('Load more')}</button>}
            <button type="button" class="btn btn-secondary" onClick={onCancel}>{t('Cancel')}</button>
          </div>
        </>
      )}
    </Modal>
  );
}

/**
 * MediaButtons({kinds, onPick({media, altText, decorative}), idBase}): "Upload" (a file picker) and
 * "Choose from library", each opening its dialog. Renders nothing without MediaContext.
 */
export function MediaButtons({ kinds, onPick, idBase }) {
  const api = useContext(MediaContext);
  const [dialog, setDialog] = useState(null);
  const [problem, setProblem] = useState('');
  const input = useRef(null);
  if (!api) return null;
  const picked = (e) => {
    const file = e.currentTarget.files && e.currentTarget.files[0];
    e.currentTarget.value = '';
    if (!file) return;
    if (!kinds.includes(kindOfFile(file))) { setProblem(wrongKind(kinds)); return; }
    setProblem('');
    setDialog({ type: 'upload', file });
  };
  const done = (r) => { setDialog(null); onPick(r); };
  return (
    <div class="media-buttons field-wide">
      <input ref={input} id={`${idBase}-file`} type="file" hidden
        accept={kinds.map((k) => ACCEPT[k]).join(',')} onChange={picked} />
      <button type="button" class="btn btn-secondary btn-sm" onClick={() => input.current && input.current.click()}>{t('Upload')}</button>
      <button type="button" class="btn btn-secondary btn-sm" onClick={() => setDialog({ type: 'library' })}>{t('Choose from library')}</button>
      <p class="field-error" role="alert">{problem}</p>
      {dialog && dialog.type === 'upload' && <UploadDialog file={dialog.file} onDone={done} onCancel={() => setDialog(null)} />}
      {dialog && dialog.type === 'library' && <LibraryDialog kinds={kinds} onDone={done} onCancel={() => setDialog(null)} />}
    </div>
  );
}
