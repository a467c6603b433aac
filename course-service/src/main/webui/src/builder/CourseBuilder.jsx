// The course builder: toolbar, screen list, the selected screen's editor, undo/redo, autosave with
// conflict handling, preview, publish, discard, translation view (docs/course-builder.md, "Builder").
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useHistory } from '../lib/history.js';
import { useAutosave } from '../lib/autosave.js';
import { freshScreen } from '../editor/ids.js';
import { Canvas } from '../editor/Canvas.jsx';
import { LayoutPicker } from '../editor/LayoutPicker.jsx';
import { SaveStatus, ConflictDialog } from '../editor/Toolbar.jsx';
import {
  deleteScreen, insertScreens, moveScreen, pruneTranslations, replaceScreen, screenTitle, screensFromLayout, screensOf
} from './doc.js';
import { ScreenList } from './ScreenList.jsx';
import { CourseSettings } from './CourseSettings.jsx';
import { PreviewDialog } from './Preview.jsx';
import { themeVars } from './theme.js';
import { TranslationView } from './TranslationView.jsx';
import { ConfirmDialog, Modal } from './Modal.jsx';
import { BackControl } from './BackControl.jsx';
import { Icon } from './Icons.jsx';
import { t } from '../lib/labels.js';
import '../labels/builder.js';
import { MediaContext } from '../editor/MediaDialogs.jsx';
import { altTextProblems, altTextSentence, publishDetails } from '../editor/problems.js';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent || '');
const MOD = isMac ? '⌘' : 'Ctrl+';

/** Fields whose own undo (the browser's) applies while they have focus. */
function isTextField(el) {
  if (!el || el.nodeType !== 1) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA') return true;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'range', 'file', 'image'].includes(el.type);
  return false;
}

export function CourseBuilder({ api, session, catalogue, loaded, announce, describeError, author }) {
  const options = session.options || {};
  const history = useHistory(loaded.document);
  const doc = history.value;
  const screens = screensOf(doc);
  const [course, setCourse] = useState(loaded.course || {});
  const [saveError, setSaveError] = useState(null);
  // A 401: the session ended. The editor stays (nothing on screen is lost) and says why nothing saves.
  const [sessionLost, setSessionLost] = useState(false);
  const onSessionLost = () => setSessionLost(true);

  const save = useCallback(async (value, revision, opts) => {
    try {
      const res = await api.put('/course/content', { document: pruneTranslations(value) }, revision, opts);
      if (res && res.course) setCourse(res.course);
      setSaveError(null);
      return res.revision;
    } catch (e) {
      if (e.status === 401) onSessionLost();
      else if (e.status !== 412 && e.status !== 0) setSaveError(e);
      throw e;
    }
  }, [api]);
  const autosave = useAutosave({ value: doc, revision: loaded.revision, save });
  // The themes the course may wear (built-ins, then its tenant's), for the picker and the preview.
  const [themes, setThemes] = useState([]);
  useEffect(() => {
    let alive = true;
    api.get('/themes').then((list) => alive && setThemes(Array.isArray(list) ? list : []), () => {});
    return () => { alive = false; };
  }, [api]);
  const docRef = useRef(doc);
  docRef.current = doc;

  // Selection: a screen id; when it disappears (undo of an add, delete) the neighbour is selected.
  const [selectedId, setSelectedId] = useState(() => (screens[0] ? screens[0].id : null));
  const lastIndex = useRef(0);
  let selIndex = screens.findIndex((s) => s.id === selectedId);
  if (selIndex < 0) selIndex = Math.max(0, Math.min(lastIndex.current, screens.length - 1));
  lastIndex.current = selIndex;
  const selected = screens[selIndex] || null;
  useEffect(() => { if (selected && selected.id !== selectedId) setSelectedId(selected.id); }, [selected && selected.id]);

  const [view, setView] = useState(() => (options.language && options.translations ? 'translate' : 'edit'));
  const [trLocale, setTrLocale] = useState(() => (options.language && options.language !== (loaded.document.locale || 'en') ? options.language : null));
  const [dialog, setDialog] = useState(() => (options.flow === 'preview' ? 'preview' : null));
  const [busy, setBusy] = useState(null);
  const [notice, setNotice] = useState(null); // {text, details?}
  const [discardError, setDiscardError] = useState('');
  const [focusRequest, setFocusRequest] = useState(null);
  const translateButton = useRef(null);
  const openedByButton = useRef(false);
  const focusOption = (id) => setFocusRequest({ id, at: Date.now() });

  useEffect(() => { document.title = t('{title} — Course builder', { title: doc.title || t('Untitled course') }); }, [doc.title]);

  const edit = (next, key) => history.set(next, key);

  // ---- Keyboard: undo and redo outside text fields (they keep their own undo) and dialogs.
  const live = useRef(null);
  live.current = { history, announce };
  useEffect(() => {
    const onKey = (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = (e.key || '').toLowerCase();
      if (k !== 'z' && !(k === 'y' && e.ctrlKey && !e.metaKey)) return;
      if (isTextField(e.target) || document.querySelector('dialog[open], [aria-modal="true"]')) return;
      e.preventDefault();
      const { history: h, announce: say } = live.current;
      if (k === 'y' || e.shiftKey) { if (h.canRedo) { h.redo(); say(t('Redone.')); } } else if (h.canUndo) { h.undo(); say(t('Undone.')); }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // (useAutosave asks before the page is left with changes it could not save.)
  const autosaveRef = useRef(autosave);
  autosaveRef.current = autosave;

  // ---- Screens
  const select = (id) => setSelectedId(id);
  const move = (id, to, viaButton) => {
    const from = screens.findIndex((s) => s.id === id);
    if (from < 0 || to < 0 || to >= screens.length || to === from) return;
    edit(moveScreen(doc, id, to));
    announce(t('“{title}” moved to position {n} of {total}.', { title: screenTitle(screens[from], from), n: to + 1, total: screens.length }));
    if (viaButton && (to === 0 || to === screens.length - 1)) focusOption(id);
  };
  const duplicate = () => {
    if (!selected) return;
    const copy = freshScreen(selected);
    edit(insertScreens(doc, selected.id, [copy]));
    setSelectedId(copy.id);
    announce(t('Screen duplicated: the copy is screen {n} of {total}.', { n: selIndex + 2, total: screens.length + 1 }));
  };
  const remove = () => {
    if (!selected || screens.length < 2) return;
    const title = screenTitle(selected, selIndex);
    const next = screens[selIndex + 1] || screens[selIndex - 1];
    edit(deleteScreen(doc, selected.id));
    setSelectedId(next.id);
    focusOption(next.id);
    announce(t('Deleted “{title}”. Undo brings it back.', { title }));
  };
  const addLayout = (layout) => {
    const made = screensFromLayout(layout);
    if (!made.length) { setDialog(null); return; }
    edit(insertScreens(doc, selected && selected.id, made));
    setDialog(null);
    setSelectedId(made[0].id);
    focusOption(made[0].id);
    const at = selected ? selIndex + 2 : screens.length + 1;
    announce(made.length === 1
      ? t('Added “{title}” as screen {n} of {total}.', { title: screenTitle(made[0], at - 1), n: at, total: screens.length + 1 })
      : t('Added {count} screens from “{layout}”, starting at screen {n} of {total}.', { count: made.length, layout: layout.name, n: at, total: screens.length + made.length }));
  };
  const openEditor = () => {
    setView('edit');
    requestAnimationFrame(() => {
      const first = document.querySelector('#editor-main [contenteditable], #editor-main input, #editor-main textarea');
      if (first) first.focus();
    });
  };

  // ---- Undo / redo buttons
  const undo = () => { history.undo(); announce(t('Undone.')); };
  const redo = () => { history.redo(); announce(t('Redone.')); };

  // ---- Publish: save what is pending, then publish.
  const publish = async () => {
    setBusy('publish');
    setNotice(null);
    let saved;
    try {
      await autosave.flush();
      saved = docRef.current;
    } catch (e) {
      setBusy(null);
      setNotice({ text: autosaveRef.current.conflict ? t('Someone else saved a newer version: choose which version to keep, then publish.') : t('Your latest changes could not be saved, so the course was not published.') });
      return;
    }
    try {
      const res = await api.post('/course/publish');
      if (res && res.course) setCourse(res.course);
      // Publishing changes the course: its revision grows, and the next save starts from it.
      if (res && typeof res.revision === 'number') autosave.markSaved(saved, res.revision);
      announce(t('Published'));
    } catch (e) {
      if (e.status === 401) onSessionLost();
      // A refusal naming screens (a library picture without alt text): each screen, by name.
      const details = e.status === 422 ? publishDetails(e, screensOf(docRef.current)) : [];
      setNotice(details.length
        ? { text: `${t('The course was not published.')} ${e.message && !/^HTTP /.test(e.message) ? e.message : t('Some screens need changes first:')}`, details }
        : { text: `${t('The course was not published.')} ${describeError(e)}` });
    } finally {
      setBusy(null);
    }
  };

  // ---- Discard draft changes: the published version comes back.
  const discard = async () => {
    setBusy('discard');
    setDiscardError('');
    try {
      await autosave.flush().catch(() => {});
      const res = await api.post('/course/revert');
      history.reset(res.document);
      autosave.markSaved(res.document, res.revision);
      if (res.course) setCourse(res.course);
      setDialog(null);
      announce(t('Draft changes discarded: the course is as it was last published.'));
    } catch (e) {
      setDiscardError(e.status === 409 ? t('This course has never been published, so there is no published version to go back to.') : describeError(e));
    } finally {
      setBusy(null);
    }
  };

  // ---- Conflicts: load theirs as soon as a save is refused.
  const [theirs, setTheirs] = useState(null);
  useEffect(() => {
    if (!autosave.conflict) { setTheirs(null); return undefined; }
    let alive = true;
    api.get('/course').then((r) => alive && setTheirs(r), () => alive && setTheirs({ revision: autosave.conflict.revision }));
    return () => { alive = false; };
  }, [autosave.conflict]);
  const reloadTheirs = async () => {
    let newer = theirs;
    if (!newer || !newer.document) {
      try { newer = await api.get('/course'); } catch (e) { setNotice({ text: `${t('The newer version could not be loaded.')} ${describeError(e)}` }); return; }
    }
    // Theirs becomes the document; mine stays one Undo away (and Undo saves it again).
    autosave.markSaved(newer.document, newer.revision);
    history.set(newer.document);
    if (newer.course) setCourse(newer.course);
    announce(t('Loaded the newer version. Undo brings yours back.'));
  };
  const keepMine = () => {
    const rev = theirs && theirs.revision != null ? theirs.revision : autosave.conflict && autosave.conflict.revision;
    autosave.acceptRevision(rev);
    announce(t('Saving your version over the newer one.'));
  };

  const previewLocale = view === 'translate' && trLocale ? trLocale : doc.locale || 'en';
  const altProblems = altTextProblems(screens);
  const errorDetails = saveError && Array.isArray(saveError.details) ? saveError.details : [];

  return (
    <MediaContext.Provider value={api}>
      <div class={`b-app${view === 'translate' ? ' is-translating' : ''}`}>
        <a class="skip-link" href="#editor-main">{t('Skip to the editor')}</a>
        <header class="b-bar">
          <h1 class="visually-hidden">{t('Course builder')}</h1>
          <div class="b-bar-start">
            <BackControl options={options} courseId={course.id != null ? course.id : null} beforeLeave={() => autosave.flush()} />
            <div class="b-title">
              <label class="visually-hidden" for="course-title">{t('Course title')}</label>
              <input id="course-title" class="b-title-input" value={doc.title || ''} placeholder={t('Untitled course')} maxLength={500}
                autocomplete="off" onInput={(e) => edit({ ...doc, title: e.currentTarget.value }, 'course:title')} />
            </div>
            <div class="b-status"><SaveStatus status={autosave.status} savedAt={autosave.savedAt} /></div>
          </div>
          <div class="b-bar-actions">
            {author}
            <div class="b-group">
              <button type="button" class="b-tool" onClick={undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z Meta+Z" title={t('Undo ({keys})', { keys: `${MOD}Z` })}>
                <Icon name="undo" /><span class="b-tool-text">{t('Undo')}</span>
              </button>
              <button type="button" class="b-tool" onClick={redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y" title={t('Redo ({keys})', { keys: `${MOD}Shift+Z` })}>
                <Icon name="redo" /><span class="b-tool-text">{t('Redo')}</span>
              </button>
            </div>
            <div class="b-group">
              <button type="button" class="b-tool" aria-pressed={view === 'translate' ? 'true' : 'false'} ref={translateButton}
                onClick={() => { openedByButton.current = view !== 'translate'; setView(view === 'translate' ? 'edit' : 'translate'); }}>
                <Icon name="globe" /><span class="b-tool-text">{t('Translate')}</span>
              </button>
              <button type="button" class="b-tool" onClick={() => setDialog('preview')} disabled={!screens.length}>
                <Icon name="eye" /><span class="b-tool-text">{t('Preview')}</span>
              </button>
            </div>
            <div class="b-group">
              <button type="button" class="b-tool" onClick={() => { setDiscardError(''); setDialog('discard'); }}>
                <Icon name="reset" /><span class="b-tool-text">{t('Discard draft changes')}</span>
              </button>
              <button type="button" class="btn btn-primary b-publish" onClick={publish} disabled={busy === 'publish'} aria-busy={busy === 'publish' ? 'true' : undefined}>
                <Icon name="send" /> {t('Publish')}
              </button>
            </div>
          </div>
        </header>

        {sessionLost && (
          <div class="b-alert" role="alert">
            <p><strong>{t('Your editing session has ended, so changes are no longer saved.')}</strong> {t('Open the builder again from your app to continue; copy anything you need first.')}</p>
          </div>
        )}
        {(notice || (saveError && autosave.status === 'error' && saveError.status !== 401)) && (
          <div class="b-alert" role="alert">
            {notice && <p>{notice.text}</p>}
            {notice && notice.details && <ul>{notice.details.map((d, i) => <li key={i}>{d}</li>)}</ul>}
            {saveError && autosave.status === 'error' && saveError.status !== 401 && (
              <>
                <p><strong>{t('Your latest change could not be saved.')}</strong> {describeError(saveError)} {t('Change it and the builder tries again.')}</p>
                {errorDetails.length > 0 && <ul>{errorDetails.map((d, i) => <li key={i}><code>{d.field}</code> {d.message}</li>)}</ul>}
              </>
            )}
            {notice && <button type="button" class="b-link" onClick={() => setNotice(null)}>{t('Dismiss')}</button>}
          </div>
        )}

        <div class="b-body">
          <aside class="b-side" aria-label={t('Course outline')}>
            <CourseSettings doc={doc} themes={themes} onChange={edit} />
            <div class="b-side-head">
              <h2 id="screens-heading">{t('Screens')} <span class="b-count">{screens.length}</span></h2>
            </div>
            <ScreenList screens={screens} selectedId={selected && selected.id} onSelect={select} onMove={(id, to) => move(id, to)}
              onOpen={openEditor} focusRequest={focusRequest} />
            <div class="b-screen-actions" role="group" aria-label={t('Selected screen')}>
              <button type="button" class="b-icon-btn" onClick={() => move(selected.id, selIndex - 1, true)} disabled={!selected || selIndex === 0} title={t('Move screen up')}>
                <Icon name="up" /><span class="visually-hidden">{t('Move screen up')}</span>
              </button>
              <button type="button" class="b-icon-btn" onClick={() => move(selected.id, selIndex + 1, true)} disabled={!selected || selIndex >= screens.length - 1} title={t('Move screen down')}>
                <Icon name="down" /><span class="visually-hidden">{t('Move screen down')}</span>
              </button>
              <button type="button" class="b-icon-btn" onClick={duplicate} disabled={!selected} title={t('Duplicate screen')}>
                <Icon name="copy" /><span class="visually-hidden">{t('Duplicate screen')}</span>
              </button>
              <button type="button" class="b-icon-btn b-danger" onClick={remove} disabled={!selected || screens.length < 2}
                title={screens.length < 2 ? t('A course keeps at least one screen') : t('Delete screen')}>
                <Icon name="trash" /><span class="visually-hidden">{t('Delete screen')}</span>
              </button>
            </div>
            <button type="button" class="btn btn-primary b-add" onClick={() => setDialog('picker')}>
              <Icon name="plus" /> {t('Add screen')}
            </button>
            <p class="b-hint b-keys" id="screens-hint">{t('Drag screens, or press Alt+↑ or Alt+↓ to move the selected one; Enter edits it.')}</p>
          </aside>

          <main id="editor-main" class="b-main" tabIndex={-1} aria-label={view === 'translate' ? t('Translation') : t('Screen editor')}>
            {view === 'translate' && (
              <TranslationView doc={doc} onChange={edit} locale={trLocale} onLocale={setTrLocale} suggested={options.language}
                selectedId={selected && selected.id} focusOnOpen={openedByButton.current}
                onClose={() => { setView('edit'); if (translateButton.current) translateButton.current.focus(); }} />
            )}
            {view === 'edit' && altProblems.length > 0 && (
              <section class="b-problems" aria-labelledby="alt-problems-title">
                <h2 id="alt-problems-title">{t('Before you publish')}</h2>
                <ul>
                  {altProblems.map((p) => (
                    <li key={p.screenId}>
                      {altTextSentence(p)}{' '}
                      {p.screenId !== (selected && selected.id) && (
                        <button type="button" class="b-link" onClick={() => { select(p.screenId); focusOption(p.screenId); }}>
                          {t('Open screen {n}', { n: p.screenIndex + 1 })}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {view === 'edit' && selected && (
              <div class="b-canvas is-canvas">
                <p class="b-eyebrow">{t('Screen {n} of {total}', { n: selIndex + 1, total: screens.length })}</p>
                <Canvas key={selected.id} screen={selected} catalogue={catalogue} headingLevel={2} themeStyle={themeVars(doc, themes)}
                  onChange={(next, key) => edit(replaceScreen(doc, next), key)} />
              </div>
            )}
            {view === 'edit' && !selected && (
              <div class="b-empty">
                <p>{t('This course has no screens yet.')}</p>
                <button type="button" class="btn btn-primary" onClick={() => setDialog('picker')}>{t('Add screen')}</button>
              </div>
            )}
          </main>
        </div>

        {dialog === 'picker' && (
          <LayoutPicker layouts={catalogue.layouts || []} onChoose={addLayout} onCancel={() => setDialog(null)}
            title={selected ? t('Add a screen after “{title}”', { title: screenTitle(selected, selIndex) }) : t('Choose a layout')} />
        )}
        {dialog === 'preview' && (
          <PreviewDialog doc={doc} themes={themes} startIndex={selIndex} locale={previewLocale} onClose={() => setDialog(null)} />
        )}
        {dialog === 'discard' && (course.published === false ? (
          <Modal role="alertdialog" labelledBy="nothing-title" describedBy="nothing-text" class="b-confirm" onCancel={() => setDialog(null)} initialFocus="[data-ok]">
            <h2 id="nothing-title">{t('Nothing to go back to')}</h2>
            <p id="nothing-text">{t('This course has never been published, so there is no published version to go back to. Your draft is saved as you work.')}</p>
            <div class="b-dialog-actions"><button type="button" class="btn btn-primary" data-ok="" onClick={() => setDialog(null)}>{t('OK')}</button></div>
          </Modal>
        ) : (
          <ConfirmDialog title={t('Discard draft changes?')} danger busy={busy === 'discard'} error={discardError}
            text={t('The draft goes back to the version learners see now. Every change made since the last publish is lost, and Undo cannot bring it back.')}
            confirm={busy === 'discard' ? t('Discarding…') : t('Discard changes')} cancel={t('Keep editing')} onConfirm={discard} onCancel={() => setDialog(null)} />
        ))}
        {autosave.conflict && (
          <ConflictDialog revision={theirs && theirs.revision != null ? theirs.revision : autosave.conflict.revision}
            onReload={reloadTheirs} onKeepMine={keepMine} what={t('the course')} />
        )}
      </div>
    </MediaContext.Provider>
  );
}
