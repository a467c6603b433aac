// The library screen editor (/play/screen-editor): one library screen, or a quiz layout's cover,
// question and results as tabs; without a screen, the layout picker creates one.
// Contract: docs/course-builder.md ("Screen editor", "Editor API").
import { render } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import './styles.css';
import './editor/editor.css';
import { openSession, refusal } from './lib/api.js';
import { editorApi } from './lib/editorApi.js';
import { useHistory } from './lib/history.js';
import { useAutosave } from './lib/autosave.js';
import { Canvas } from './editor/Canvas.jsx';
import { LayoutPicker } from './editor/LayoutPicker.jsx';
import { SaveStatus, ConflictDialog } from './editor/Toolbar.jsx';
import { Icon } from './editor/icons.jsx';
import { ScreenPreview } from './editor/ScreenPreview.jsx';
import { altTextProblems, describeDetail, saveProblem } from './editor/problems.js';
import { MediaContext } from './editor/MediaDialogs.jsx';
import { MessagePage, applyTheme, authorLabels, focusTitle } from './ui/Shell.jsx';
import { t } from './lib/labels.js';
import './labels/builder.js';

const ROLE_NAMES = { cover: () => t('Cover'), question: () => t('Question'), results: () => t('Results') };
const STATUS_ORDER = ['conflict', 'error', 'offline', 'saving', 'unsaved', 'saved'];

const isTextTarget = (t) => !!t && (t.isContentEditable || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT'
  || (t.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit'].includes(t.type)));

/** Saves one screen's document; reports its autosave state to the page. Renders nothing. */
function AutosaveSlot({ index, value, revision, save, onState }) {
  const state = useAutosave({ value, revision, save });
  useEffect(() => { onState(index, state); }, [state]);
  return null;
}

function tabName(meta, doc, i) {
  const role = (doc.group && doc.group.role) || meta.role;
  return ROLE_NAMES[role] ? ROLE_NAMES[role]() : t('Screen {n}', { n: i + 1 });
}

function ScreenEditor({ api, catalogue, initial }) {
  const metas = useRef(initial.map((s) => ({ id: s.id, role: s.role, revision: s.revision })));
  const history = useHistory(() => initial.map((s) => s.document));
  const docs = history.value;
  const [active, setActive] = useState(0);
  const [saves, setSaves] = useState(() => initial.map(() => null));
  const slots = useRef([]);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [preview, setPreview] = useState(false);
  const tabs = useRef([]);
  const several = docs.length > 1;

  const say = (text) => { setAnnounce(''); requestAnimationFrame(() => setAnnounce(text)); };

  const onState = useCallback((i, s) => {
    slots.current[i] = s;
    setSaves((prev) => { const next = prev.slice(); next[i] = s; return next; });
  }, []);
  const savers = useMemo(() => metas.current.map((m) => (doc, revision, opts) =>
    api.put(`/screen/${encodeURIComponent(m.id)}`, { document: doc }, revision, opts).then((r) => r && r.revision)), [api]);

  // One status for the page: the most pressing of the screens'.
  const live = saves.filter(Boolean);
  const status = STATUS_ORDER.find((st) => live.some((s) => s.status === st)) || 'saved';
  const savedAt = live.reduce((m, s) => (s.savedAt && (!m || s.savedAt > m) ? s.savedAt : m), null);
  const conflictAt = saves.findIndex((s) => s && s.conflict);
  const failed = saves.map((s, i) => (s && s.error && (s.status === 'error' || s.status === 'offline') ? { i, error: s.error } : null)).filter(Boolean)[0];

  const title = (docs[0] && docs[0].title) || t('Untitled screen');
  useEffect(() => { document.title = t('{title} — Screen editor', { title }); }, [title]);

  const showChange = (before, after) => {
    const i = after.findIndex((d, k) => d !== before[k]);
    if (i >= 0 && i !== active) setActive(i);
  };
  const undo = () => {
    const before = history.current();
    if (history.undo()) { showChange(before, history.current()); say(t('Undone.')); }
  };
  const redo = () => {
    const before = history.current();
    if (history.redo()) { showChange(before, history.current()); say(t('Redone.')); }
  };
  const keys = useRef();
  keys.current = { undo, redo };
  useEffect(() => {
    const onKey = (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || isTextTarget(e.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { e.preventDefault(); keys.current.undo(); }
      else if ((k === 'z' && e.shiftKey) || (k === 'y' && !e.metaKey)) { e.preventDefault(); keys.current.redo(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const change = (i) => (next, key) => history.set((prev) => prev.map((d, j) => (j === i ? next : d)), key ? `${i}:${key}` : null);

  const fetchTheirs = async (i) => {
    const res = await api.get('/screen');
    const mine = metas.current[i];
    const s = (res && res.screens || []).find((x) => x.id === mine.id);
    if (!s) throw new Error('The screen is gone.');
    return s;
  };
  const keepMine = async () => {
    const i = conflictAt;
    const slot = slots.current[i];
    setBusy(true);
    try {
      let rev = slot.conflict && slot.conflict.revision;
      if (rev == null) rev = (await fetchTheirs(i)).revision;
      slot.acceptRevision(rev);
      say(t('Saving your version over the newer one.'));
    } catch (e) {
      say(t('The newer version could not be loaded. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  const reloadTheirs = async () => {
    const i = conflictAt;
    const slot = slots.current[i];
    setBusy(true);
    try {
      const s = await fetchTheirs(i);
      const theirs = s.document;
      slot.markSaved(theirs, s.revision);
      history.set((prev) => prev.map((d, j) => (j === i ? theirs : d)));
      setActive(i);
      say(t('The newer version is shown. Undo brings your changes back.'));
    } catch (e) {
      say(t('The newer version could not be loaded. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  const onTabKey = (e) => {
    let i;
    if (e.key === 'ArrowRight') i = (active + 1) % docs.length;
    else if (e.key === 'ArrowLeft') i = (active - 1 + docs.length) % docs.length;
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = docs.length - 1;
    else return;
    e.preventDefault();
    setActive(i);
    tabs.current[i] && tabs.current[i].focus();
  };

  const problem = failed ? saveProblem(failed.error) : null;
  // Library pictures without alt text, by tab: the course that uses this screen cannot publish them.
  const missingAlt = altTextProblems(docs);

  return (
    <div class="editor-page">
      <a class="skip-link" href="#editor-main">{t('Skip to the editor')}</a>
      <header class="editor-bar">
        <div class="editor-bar-row">
          <div class="editor-titles">
            <p class="eyebrow">{several ? t('Quiz · library screen') : t('Library screen')}</p>
            <h1 class="editor-title" tabIndex={-1} data-screen-title="">{title}</h1>
          </div>
          <SaveStatus status={status} savedAt={savedAt} />
          <div class="editor-actions">
            <button type="button" class="btn btn-secondary btn-tool" aria-pressed={preview ? 'true' : 'false'} onClick={() => setPreview(!preview)}
              title={t('Show the screen as learners see it')}>
              <Icon name="eye" /><span class="btn-label">{t('Preview')}</span>
            </button>
            <button type="button" class="btn btn-secondary btn-tool" onClick={undo} disabled={!history.canUndo}
              aria-keyshortcuts="Control+Z Meta+Z" title={t('Undo ({keys})', { keys: 'Ctrl+Z' })}>
              <Icon name="undo" /><span class="btn-label">{t('Undo')}</span>
            </button>
            <button type="button" class="btn btn-secondary btn-tool" onClick={redo} disabled={!history.canRedo}
              aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y" title={t('Redo ({keys})', { keys: 'Ctrl+Shift+Z' })}>
              <Icon name="redo" /><span class="btn-label">{t('Redo')}</span>
            </button>
          </div>
        </div>
        {several && (
          <div class="editor-tabs" role="tablist" aria-label={t('Quiz screens')} onKeyDown={onTabKey}>
            {docs.map((d, i) => (
              <button key={metas.current[i].id} type="button" role="tab" id={`tab-${i}`} aria-controls={`panel-${i}`}
                aria-selected={i === active ? 'true' : 'false'} tabIndex={i === active ? 0 : -1} class="editor-tab"
                ref={(r) => (tabs.current[i] = r)} onClick={() => setActive(i)}>
                <span class="tab-role">{tabName(metas.current[i], d, i)}</span>
                <span class="tab-title">{d.title || t('Untitled')}</span>
              </button>
            ))}
          </div>
        )}
      </header>
      {problem && (
        <div class="editor-alert" role="alert">
          <p>{problem}</p>
          {failed.error.status === 400 && failed.error.details.length > 0 && (
            <ul>{failed.error.details.map((d, k) => <li key={k}>{describeDetail(d, docs[failed.i])}</li>)}</ul>
          )}
        </div>
      )}
      {missingAlt.length > 0 && (
        <div class="editor-note">
          <ul>
            {missingAlt.map((p) => (
              <li key={p.screenId}>
                {several ? `${tabName(metas.current[p.screenIndex], docs[p.screenIndex], p.screenIndex)}: ` : ''}
                {p.count === 1
                  ? t('A library picture has no alt text. Describe it or mark it decorative: a course with this screen cannot be published until then.')
                  : t('{n} library pictures have no alt text. Describe them or mark them decorative: a course with this screen cannot be published until then.', { n: p.count })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div class={`editor-body ${preview ? 'with-preview' : ''}`}>
        <main id="editor-main" class="editor-main" aria-label={t('Editor')}>
          {docs.map((d, i) => (
            <div key={metas.current[i].id} id={`panel-${i}`} role={several ? 'tabpanel' : undefined}
              aria-labelledby={several ? `tab-${i}` : undefined} hidden={i !== active}>
              <Canvas screen={d} catalogue={catalogue} onChange={change(i)} headingLevel={2} />
            </div>
          ))}
        </main>
        {preview && (
          <aside class="preview-pane" aria-labelledby="preview-title">
            <div class="preview-head">
              <h2 id="preview-title" class="section-title">{t('Preview')}</h2>
              <p class="muted">{t('As learners see it; nothing is recorded.')}</p>
            </div>
            <div class="preview-frame"><ScreenPreview screen={docs[active]} /></div>
          </aside>
        )}
      </div>
      {docs.map((d, i) => (
        <AutosaveSlot key={metas.current[i].id} index={i} value={d} revision={metas.current[i].revision} save={savers[i]} onState={onState} />
      ))}
      {conflictAt >= 0 && (
        <ConflictDialog revision={saves[conflictAt].conflict.revision} busy={busy}
          what={several ? t('the “{name}” screen', { name: tabName(metas.current[conflictAt], docs[conflictAt], conflictAt) }) : t('this screen')}
          onReload={reloadTheirs} onKeepMine={keepMine} />
      )}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{announce}</div>
    </div>
  );
}

function NoScreen({ catalogue, onChoose, creating, error }) {
  const [open, setOpen] = useState(true);
  const layouts = (catalogue && catalogue.layouts) || [];
  return (
    <div class="editor-page">
      <main class="page-message" id="editor-main">
        <div class="message-card start-card">
          <div class="message-icon message-info" aria-hidden="true"><Icon name="grid" size={24} /></div>
          <h1 tabIndex={-1} data-screen-title="">{t('New screen')}</h1>
          {creating
            ? <p role="status">{t('Creating your screen…')}</p>
            : <p>{t('Start from a layout: each one comes with placeholder text that tells you what to write.')}</p>}
          {error && <p class="form-error" role="alert">{error}</p>}
          {!creating && <button type="button" class="btn btn-primary" onClick={() => setOpen(true)}>{t('Choose a layout')}</button>}
        </div>
      </main>
      {open && !creating && (
        <LayoutPicker layouts={layouts} onCancel={() => setOpen(false)}
          onChoose={(l) => { setOpen(false); onChoose(l); }} />
      )}
    </div>
  );
}

function Editor({ data }) {
  const api = useMemo(() => editorApi(data.session), [data]);
  const [state, setState] = useState({ phase: 'loading' });

  const load = async () => {
    setState({ phase: 'loading' });
    try {
      const [catalogue, screen] = await Promise.all([
        api.get('/catalogue'),
        api.get('/screen').catch((e) => (e.status === 404 ? null : Promise.reject(e)))
      ]);
      if (screen && Array.isArray(screen.screens) && screen.screens.length) setState({ phase: 'editor', catalogue, screens: screen.screens });
      else setState({ phase: 'picker', catalogue });
    } catch (error) {
      setState({ phase: 'error', error });
    }
  };
  useEffect(() => { load(); }, []);
  useEffect(() => { if (state.phase !== 'loading') focusTitle(); }, [state.phase]);

  const create = async (layout) => {
    const catalogue = state.catalogue;
    setState({ phase: 'picker', catalogue, creating: true });
    try {
      let res;
      try {
        res = await api.post('/screen', { layoutId: layout.id });
      } catch (e) {
        if (e.status !== 409) throw e;
        res = await api.get('/screen'); // this session already made its screen (another tab): open it
      }
      setState({ phase: 'editor', catalogue, screens: res.screens });
    } catch (e) {
      if (e.status === 401 || e.status === 403) setState({ phase: 'error', error: e });
      else setState({ phase: 'picker', catalogue, error: e.status === 0 ? t('The connection failed. Check it and choose again.') : t('The screen could not be created. Try again.') });
    }
  };

  if (state.phase === 'loading') return <main class="page-message" aria-busy="true"><p class="loading" role="status">{t('Loading the editor…')}</p></main>;
  if (state.phase === 'error') return <MessagePage {...refusal(state.error, 'screen')} onRetry={load} />;
  if (state.phase === 'picker') return <NoScreen catalogue={state.catalogue} onChoose={create} creating={state.creating} error={state.error} />;
  return (
    <MediaContext.Provider value={api}>
      <ScreenEditor api={api} catalogue={state.catalogue} initial={state.screens} />
    </MediaContext.Provider>
  );
}

authorLabels();

function App() {
  const [state, setState] = useState({ loading: true });
  const load = () => {
    setState({ loading: true });
    openSession('screen-editor', { intent: 'edit' }).then(
      (data) => {
        applyTheme(data);
        // The labels: the URL's language, else the session's or the screen's, else the browser's.
        // Not the session's language (a content language): the screen's own, else the browser's.
        authorLabels(data.document && data.document.locale);
        setState({ data });
      },
      (error) => setState({ error })
    );
  };
  useEffect(load, []);
  useEffect(() => { if (state.error) focusTitle(); }, [state.error]);
  if (state.loading) return <main class="page-message" aria-busy="true"><p class="loading" role="status">{t('Loading the editor…')}</p></main>;
  if (state.error) return <MessagePage {...refusal(state.error, 'screen')} onRetry={load} />;
  if (state.data.kind && state.data.kind !== 'screen') return <MessagePage title={t('Wrong page')} text={t('This link opens a course; it cannot be edited here.')} />;
  return <Editor data={state.data} />;
}

render(<App />, document.getElementById('app'));
