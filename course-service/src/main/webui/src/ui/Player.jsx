// The course player's screen: one Builder 2 screen at a time, progress, answers, events.
// Used by the course pages (course.jsx, share.jsx, lms.jsx) with the server tracker
// (lib/serverTracker.js), by the SCO runtime (scorm/index.jsx) with the SCORM tracker
// (lib/scormTracker.js), and, with `local`, by the builder's preview: a local player has no tracker,
// posts no events (nothing is recorded) and starts at `startIndex` (else data.progress.screenIndex).
// A tracker is {progress(body, {keepalive, answers()}) -> Promise<progress | null>}: body is the
// player API's progress call {screenIndex, visibleSeconds, answers?}, the answer its `progress`;
// a rejection with status 401 means the session ended. `notice` is a line shown under the top bar.
// A learner's session document says nothing of which answers are right: an answered question shows
// the server's grading (progress.results: {correct, correctAnswers, feedback}); the builder's
// preview and the SCO runtime, whose documents are whole, grade in the page (grade in Question.jsx).
import { useEffect, useMemo, useRef, useState, useCallback } from 'preact/hooks';
import { localize } from '../lib/i18n.js';
import { eventSender } from '../lib/events.js';
import { Elements, Media } from './Elements.jsx';
import { grade } from './Question.jsx';
import { PreviewBanner, focusTitle } from './Shell.jsx';
import { visibleClock } from '../lib/visible.js';
import { setLabelLocale, t, urlLocale } from '../lib/labels.js';
import '../labels/player.js';

const HEARTBEAT_MS = 30000;

function questionsOf(screen) {
  return (screen.elements || []).filter((e) => e.type === 'question');
}

export function Player({ data, local = false, startIndex, tracker, notice }) {
  const { doc, lang } = useMemo(() => localize(data.document || { screens: [] }, data.locale), [data]);
  // The labels speak the URL's language, else the one being played (the builder's preview keeps the builder's).
  useMemo(() => { if (!local) setLabelLocale(urlLocale(), lang, doc.locale, navigator.languages || []); }, [lang, local]);
  const screens = doc.screens || [];
  const total = Math.max(1, screens.length);
  const preview = local || data.mode !== 'view';
  const courseId = data.course ? data.course.id : null;
  const options = data.options || {};
  // Screen id to the URL of its narration audio (POST …/narration makes it; the session lists it).
  const narration = data.narration || {};
  // A local player (the builder's preview) posts nothing to the parent page.
  const send = useMemo(() => eventSender(local ? null : options.parentOrigin, { courseId }), [data, local]);
  const root = useRef(null);

  const initialProgress = data.progress || {};
  const firstIndex = startIndex != null ? startIndex : initialProgress.screenIndex;
  const [index, setIndex] = useState(() => Math.max(0, Math.min(Math.max(0, firstIndex | 0), screens.length - 1)));
  const [answers, setAnswers] = useState(() => ({ ...(initialProgress.answers || {}) }));
  // Questions already answered (from earlier visits) are shown checked.
  const [checked, setChecked] = useState(() => Object.fromEntries(Object.keys(initialProgress.answers || {}).map((k) => [k, true])));
  const [messages, setMessages] = useState({});
  const [progress, setProgress] = useState(initialProgress);
  const [reached, setReached] = useState(() => Math.max(0, firstIndex | 0));
  const [sessionLost, setSessionLost] = useState(false);
  const [announce, setAnnounce] = useState('');
  const clock = useRef(null);
  const done = useRef({ screens: new Set(), completed: false });
  const stateRef = useRef({});
  stateRef.current = { index, answers, checked };

  const screen = screens[index] || { elements: [] };
  const allQuestions = useMemo(() => screens.flatMap((s, i) => questionsOf(s).map((q) => ({ q, i }))), [screens]);
  const unanswered = allQuestions.filter(({ q }) => !checked[q.id]);

  const localPercent = Math.round(((Math.max(reached, index) + 1) / total) * 100);
  const percent = preview ? localPercent : Math.max(0, Math.min(100, progress.percent ?? 0));

  const report = useCallback(async (screenIndex, extra = {}, keepalive = false) => {
    if (local || !tracker) return null;
    const body = { screenIndex, visibleSeconds: clock.current ? clock.current.take() : 0, ...extra };
    try {
      const p = await tracker.progress(body, { keepalive, answers: () => ({ ...stateRef.current.answers }) });
      if (p) {
        setProgress(p);
        return p;
      }
    } catch (e) {
      if (e.status === 401) setSessionLost(true);
    }
    return null;
  }, [data, local, tracker]);

  // Moves focus to the screen's title; a local player stays inside its own element.
  const showTitle = () => {
    if (!local) { focusTitle(); return; }
    requestAnimationFrame(() => {
      const el = root.current;
      if (!el) return;
      const h = el.querySelector('[data-screen-title]');
      if (h) h.focus({ preventScroll: true });
      el.scrollIntoView({ block: 'start' });
    });
  };

  const screenComplete = (i) => {
    if (done.current.screens.has(i) || !screens[i]) return;
    done.current.screens.add(i);
    send('screen:complete', { screenIndex: i, screenId: screens[i].id });
  };

  const checkCompletion = (p, idx, answeredAll) => {
    const completed = preview ? (idx === screens.length - 1 && answeredAll) : !!(p && p.completed);
    if (completed && !done.current.completed && !initialProgress.completed) {
      screenComplete(screens.length - 1);
      done.current.completed = true;
      send('course:completed', { percent: 100 });
      setAnnounce(t('Course complete.'));
    }
  };

  const screenQuestionsAnswered = (i, chk) => questionsOf(screens[i] || {}).every((q) => chk[q.id]);

  // The grading of an answered question: the server's when it gave one, else the page's own
  // (a whole document; a learner's has no correct flags, so that is "Answer saved." until the server answers).
  const resultOf = (q) => {
    const server = progress.results && progress.results[q.id];
    return server || grade(q, answers[q.id]);
  };

  // Start: ready, course:start, then the first progress call (commences the course).
  useEffect(() => {
    if (!local) {
      document.documentElement.lang = lang;
      document.title = doc.title || t('Course');
    }
    clock.current = visibleClock();
    send('ready');
    send('course:start');
    report(index).then((p) => {
      send('course:progress', { screenIndex: index, percent: preview ? localPercent : (p ? p.percent : percent) });
      if (index === screens.length - 1 && screenQuestionsAnswered(index, checked)) checkCompletion(p, index, unanswered.length === 0);
    });
    if (local) return () => clock.current.stop();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') report(stateRef.current.index);
    }, HEARTBEAT_MS);
    const onHide = () => {
      const s = clock.current.peek();
      if (s > 0) report(stateRef.current.index, {}, true);
    };
    window.addEventListener('pagehide', onHide);
    return () => { clearInterval(timer); window.removeEventListener('pagehide', onHide); clock.current.stop(); };
  }, []);

  const go = async (to) => {
    if (to < 0 || to >= screens.length || to === index) return;
    const from = index;
    if (to > from && screenQuestionsAnswered(from, checked)) screenComplete(from);
    setIndex(to);
    setReached((r) => Math.max(r, to));
    const pct = Math.round(((Math.max(reached, to) + 1) / total) * 100);
    setAnnounce(t('Screen {n} of {total}: {title}', { n: to + 1, total: screens.length, title: screens[to].title || '' }));
    showTitle();
    const p = await report(to);
    send('course:progress', { screenIndex: to, percent: preview ? pct : (p ? p.percent : percent) });
    if (to === screens.length - 1 && screenQuestionsAnswered(to, checked)) {
      checkCompletion(p, to, unanswered.length === 0);
    }
  };

  const check = async (el) => {
    const sel = answers[el.id] || [];
    if (sel.length === 0) {
      setMessages({ ...messages, [el.id]: el.multiple ? t('Select at least one answer first.') : t('Select an answer first.') });
      return;
    }
    setMessages({ ...messages, [el.id]: '' });
    // An earlier grading of this question is stale until the server grades the new answer.
    setProgress((p) => {
      if (!p || !p.results || !p.results[el.id]) return p;
      const results = { ...p.results };
      delete results[el.id];
      return { ...p, results };
    });
    const nextChecked = { ...checked, [el.id]: true };
    setChecked(nextChecked);
    const screenAnswers = {};
    for (const q of questionsOf(screen)) if (nextChecked[q.id] && answers[q.id]) screenAnswers[q.id] = answers[q.id];
    const p = await report(index, { answers: screenAnswers });
    const allDone = allQuestions.every(({ q }) => nextChecked[q.id]);
    if (index === screens.length - 1 && screenQuestionsAnswered(index, nextChecked)) checkCompletion(p, index, allDone);
  };

  const retry = (el) => {
    setChecked({ ...checked, [el.id]: false });
    setAnswers({ ...answers, [el.id]: [] });
  };

  // Score for quizResults: the questions of the same quiz group, else of the whole course.
  const quizResults = (el) => {
    const group = screen.group && screen.group.id;
    const pool = allQuestions.filter(({ i }) => !group || (screens[i].group && screens[i].group.id === group)).map(({ q }) => q);
    const answered = pool.filter((q) => checked[q.id]);
    const graded = answered.map((q) => resultOf(q));
    const right = graded.filter((g) => g.correct).length;
    const score = pool.length ? Math.round((right / pool.length) * 100) : 0;
    const pass = el.passPercent == null ? null : score >= el.passPercent;
    return (
      <section class="results-card" aria-labelledby={`res-${el.id}`}>
        <h2 id={`res-${el.id}`} class="block-title">{el.title || t('Your score')}</h2>
        <p class="score"><span class="score-value">{score}%</span></p>
        <p>{pool.length === 1 ? t('You answered {right} of 1 question correctly.', { right }) : t('You answered {right} of {n} questions correctly.', { right, n: pool.length })}
          {answered.length < pool.length && ` ${pool.length - answered.length === 1 ? t('1 question is not answered yet.') : t('{n} questions are not answered yet.', { n: pool.length - answered.length })}`}</p>
        {pass != null && <p class={`verdict ${pass ? 'pass' : 'fail'}`}>{pass ? t('Passed') : t('Not passed yet — {percent}% needed', { percent: el.passPercent })}</p>}
        {el.description && <p class="muted">{el.description}</p>}
      </section>
    );
  };

  const ctx = {
    firstHeadingIsTitle: true,
    action: () => {
      // A button without a link moves on; "try again" on a results screen goes back to the quiz's first question.
      if (screen.group && screen.group.role === 'results') {
        const first = screens.findIndex((s) => s.group && s.group.id === screen.group.id && s.group.role === 'question');
        if (first >= 0) {
          const ids = screens.filter((s) => s.group && s.group.id === screen.group.id).flatMap(questionsOf).map((q) => q.id);
          const c = { ...checked }; const a = { ...answers };
          ids.forEach((id) => { delete c[id]; delete a[id]; });
          setChecked(c); setAnswers(a);
          go(first);
          return;
        }
      }
      go(index + 1);
    },
    question: (el) => {
      const locked = !!checked[el.id];
      return {
        selected: answers[el.id] || [],
        onChange: (ids) => setAnswers({ ...answers, [el.id]: ids }),
        locked,
        result: locked ? resultOf(el) : null,
        onCheck: () => check(el),
        onRetry: () => retry(el),
        message: messages[el.id]
      };
    },
    quizResults
  };

  const firstIsHeading = (() => {
    const els = (screen.elements || []).slice().sort((a, b) => (a.layout && b.layout ? (a.layout.y - b.layout.y) || (a.layout.x - b.layout.x) : 0));
    return els[0] && els[0].type === 'heading';
  })();
  ctx.firstHeadingIsTitle = firstIsHeading;

  const back = options.back;
  const backControl = (() => {
    if (local || !back || back === 'hidden') return null;
    if (back === 'event') return <button type="button" class="back-link" onClick={() => send('course:back')}><span aria-hidden="true">‹</span> {t('[navigation] Back')}</button>;
    if (back === 'native') return <button type="button" class="back-link" onClick={() => history.back()}><span aria-hidden="true">‹</span> {t('[navigation] Back')}</button>;
    if (/^https?:\/\//i.test(back)) return <a class="back-link" href={back} target="_top"><span aria-hidden="true">‹</span> {t('[navigation] Back')}</a>;
    return null;
  })();

  const last = index === screens.length - 1;
  // Inside the builder the player is a region of the page, without main or banner landmarks.
  const Main = local ? 'section' : 'main';
  const Header = local ? 'div' : 'header';
  const titleId = local ? 'preview-screen-title' : 'screen-title-label';

  return (
    <div class={`player${local ? ' is-local' : ''}`} ref={root} lang={local ? lang : undefined}>
      {!local && <a class="skip-link" href="#screen">{t('Skip to content')}</a>}
      <Header class="topbar">
        <div class="topbar-row">
          {backControl}
          <p class="course-title">{doc.title}</p>
        </div>
        <div class="progress">
          <div class="progress-track" role="progressbar" aria-label={t('Course progress')} aria-valuemin="0" aria-valuemax="100"
            aria-valuenow={percent} aria-valuetext={t('{percent}% complete', { percent })}>
            <div class="progress-fill" style={`width: ${percent}%`} />
          </div>
          <p class="progress-text"><span>{t('Screen {n} of {total}', { n: index + 1, total: screens.length })}</span><span>{percent}%</span></p>
        </div>
      </Header>
      <PreviewBanner show={preview} />
      {notice && <p class="preview-banner" role="note">{notice}</p>}
      {sessionLost && <p class="alert" role="alert">{t('Your session has ended, so progress is no longer saved. Open your link again to continue.')}</p>}
      <Main id={local ? undefined : 'screen'} class="screen" aria-labelledby={titleId}>
        {screen.asset && <div class="hero"><Media asset={screen.asset} alt={screen.assetAltText} decorative={screen.assetDecorative} hero /></div>}
        <div class="screen-body">
          {!firstIsHeading && <h1 class="screen-title" tabIndex={-1} data-screen-title="" id={titleId}>{screen.title || t('Screen {n}', { n: index + 1 })}</h1>}
          {firstIsHeading && <span id={titleId} class="visually-hidden">{screen.title || t('Screen {n}', { n: index + 1 })}</span>}
          {screen.description && <p class="screen-description">{screen.description}</p>}
          {narration[screen.id] && (
            <div class="narration">
              <span id={`narration-${index}`} class="narration-label">{t('Listen to this screen')}</span>
              <audio key={narration[screen.id]} controls preload="none" src={narration[screen.id]} aria-labelledby={`narration-${index}`} />
            </div>
          )}
          <Elements key={screen.id || index} screen={screen} ctx={ctx} />
          {last && (
            <section class="end-card" aria-label={t('End of course')}>
              {unanswered.length === 0
                ? <p><strong>{t('You have reached the end of the course.')}</strong></p>
                : (
                  <div>
                    <p><strong>{t('Almost there.')}</strong> {unanswered.length === 1 ? t('Answer this question to complete the course:') : t('Answer these {n} questions to complete the course:', { n: unanswered.length })}</p>
                    <ul class="todo">
                      {unanswered.map(({ q, i }) => (
                        <li key={q.id}><button type="button" class="link" onClick={() => go(i)}>{t('Screen {n}: {question}', { n: i + 1, question: q.question || q.title || t('Question') })}</button></li>
                      ))}
                    </ul>
                  </div>
                )}
            </section>
          )}
        </div>
      </Main>
      <nav class="pager" aria-label={local ? t('Preview screens') : t('Screens')}>
        <button type="button" class="btn btn-secondary" onClick={() => go(index - 1)} disabled={index === 0}>
          <span aria-hidden="true">←</span> {t('Previous')}
        </button>
        <span class="pager-count" aria-hidden="true">{index + 1} / {screens.length}</span>
        {!last && <button type="button" class="btn btn-primary" onClick={() => go(index + 1)}>{t('Next')} <span aria-hidden="true">→</span></button>}
        {last && <span class="pager-spacer" />}
      </nav>
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{announce}</div>
    </div>
  );
}
