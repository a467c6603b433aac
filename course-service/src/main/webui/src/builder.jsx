// The course builder page (/play/builder): opens an edit session, then the "new course" form (the
// "generate a course" form in the `ai` and `generate` flows), the Classic migration panel or the
// builder (docs/course-builder.md).
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import './styles.css';
import './builder/builder.css';
import { openSession, refusal } from './lib/api.js';
import { editorApi } from './lib/editorApi.js';
import { MessagePage, applyTheme, authorLabels, focusTitle } from './ui/Shell.jsx';
import { t } from './lib/labels.js';
import './labels/builder.js';
import { CourseBuilder } from './builder/CourseBuilder.jsx';
import { NewCourse } from './builder/NewCourse.jsx';
import { GenerateCourse } from './builder/GenerateCourse.jsx';
import { MigrationPanel } from './builder/MigrationPanel.jsx';
import { BackControl } from './builder/BackControl.jsx';
import { Author } from './builder/Author.jsx';
import { takeAuthor } from './builder/author.js';

/** Why the builder cannot open, in words an author can act on. */
function builderRefusal(error) {
  if (error && (error.reason === 'view_only' || error.status === 403)) {
    return { title: t('This link is for learners'), text: t('This link opens the course for learning; ask for an editing link.') };
  }
  if (error && error.reason === 'missing') {
    return { title: t('No editing link'), text: t('The builder opens from a personal editing link. Open the link you were given again.') };
  }
  return refusal(error, 'course');
}

/** One sentence for an API error met while editing. */
export function describeError(e) {
  if (!e) return t('Something went wrong.');
  switch (e.status) {
    case 0: return t('The connection failed; check your internet connection and try again.');
    case 400: return t('The course has something the server does not accept.');
    case 401: return t('Your editing session has ended; open the builder again from your app.');
    case 403: return t('This link cannot edit the course.');
    case 404: return t('The course is no longer available.');
    case 409: return t('That cannot be done in the course’s current state.');
    case 413: return t('The course is too large to save; remove some content or split it into two courses.');
    case 422: return t('This Classic course has to be converted before it can be edited.');
    default: return t('Something went wrong on our side; try again in a moment.');
  }
}

const isClassic = (loaded) => !!(loaded && (loaded.migrationPreview || (loaded.document && loaded.document.format === 'classic')
  || (loaded.course && loaded.course.format === 'classic')));

/** A polite live region, shown as a short toast: positions after a move, "Published", undo. */
function useAnnouncer() {
  const [msg, setMsg] = useState({ text: '', n: 0 });
  const timer = useRef(null);
  const announce = (text) => {
    clearTimeout(timer.current);
    // Clear first so the same words are announced again.
    setMsg((m) => ({ text: '', n: m.n + 1 }));
    timer.current = setTimeout(() => {
      setMsg((m) => ({ text, n: m.n + 1 }));
      timer.current = setTimeout(() => setMsg((m) => ({ text: '', n: m.n + 1 })), 4500);
    }, 60);
  };
  const region = <div class={`b-toast${msg.text ? ' is-shown' : ''}`} aria-live="polite" aria-atomic="true">{msg.text}</div>;
  return [announce, region];
}

authorLabels();

function App() {
  const [state, setState] = useState({ phase: 'loading' });
  const [announce, region] = useAnnouncer();

  const load = async () => {
    setState({ phase: 'loading' });
    let session;
    // Read before the exchange clears the token from the URL.
    const author = takeAuthor();
    try {
      session = await openSession('builder', { intent: 'edit' });
    } catch (error) {
      setState({ phase: 'refused', error });
      return;
    }
    if (session.kind && session.kind !== 'course') {
      setState({ phase: 'refused', message: { title: t('Wrong page'), text: t('This link opens a library screen, not a course.') } });
      return;
    }
    applyTheme({ options: session.options || {} });
    const options = session.options || {};
    const api = editorApi(session.session);
    try {
      const [catalogue, loaded] = await Promise.all([
        api.get('/catalogue'),
        api.get('/course').catch((e) => { if (e.status === 404) return null; throw e; })
      ]);
      // The labels: the URL's language, else the session's or the course's, else the browser's.
      // Not options.language: that is the language to translate into or generate in, not the author's.
      authorLabels(loaded && loaded.document && loaded.document.locale);
      const flow = options.flow;
      const phase = loaded ? 'open' : (flow === 'ai' || flow === 'generate') ? 'generate' : 'new';
      setState({ phase, session, api, catalogue: catalogue || {}, loaded, author, generation: 1 });
    } catch (error) {
      setState({ phase: 'refused', error });
    }
  };
  useEffect(() => { load(); }, []);
  useEffect(() => { if (state.phase === 'refused') focusTitle(); }, [state.phase]);

  const opened = (loaded) => setState((s) => ({ ...s, phase: 'open', loaded, generation: (s.generation || 0) + 1 }));

  let page;
  if (state.phase === 'loading') {
    page = <main class="page-message" aria-busy="true"><p class="loading" role="status">{t('Opening the builder…')}</p></main>;
  } else if (state.phase === 'refused') {
    const r = state.message || builderRefusal(state.error);
    page = <MessagePage {...r} onRetry={load} />;
  } else {
    const { session, api, catalogue, loaded } = state;
    const author = <Author author={state.author} />;
    const back = <BackControl options={session.options || {}} courseId={loaded && loaded.course ? loaded.course.id : null} />;
    if (state.phase === 'generate') {
      page = <GenerateCourse api={api} onCreated={opened} describeError={describeError} back={back}
        language={(session.options || {}).language} onBlank={() => setState((s) => ({ ...s, phase: 'new' }))} />;
    } else if (state.phase === 'new') {
      page = <NewCourse api={api} onCreated={opened} describeError={describeError} back={back} author={author} />;
    } else if (isClassic(loaded)) {
      page = (
        <div class="b-app b-app-plain">
          <a class="skip-link" href="#migrate-main">{t('Skip to content')}</a>
          <header class="b-bar">
            <div class="b-bar-start">
              {back}
              <h1 class="b-plain-title">{(loaded.course && loaded.course.title) || loaded.document.title || t('Course')}</h1>
              <span class="b-badge">{t('Classic course')}</span>
            </div>
            {author}
          </header>
          <main id="migrate-main" class="b-main b-main-plain" tabIndex={-1}>
            <MigrationPanel key={state.generation} api={api} loaded={loaded} onConverted={opened} announce={announce} describeError={describeError} />
          </main>
        </div>
      );
    } else {
      page = (
        <CourseBuilder key={state.generation} api={api} session={session} catalogue={catalogue} loaded={loaded}
          announce={announce} describeError={describeError} author={author} />
      );
    }
  }
  return <>{page}{region}</>;
}

render(<App />, document.getElementById('app'));
