// The Standalone Screen Player (/play/screen): a library quiz (cover, question, results), scored by the server.
// A learner's document has no correct flags nor feedback: the quiz answer's results carry them.
import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import './styles.css';
import { openSession, post, refusal } from './lib/api.js';
import { localize } from './lib/i18n.js';
import { eventSender } from './lib/events.js';
import { Elements, Media } from './ui/Elements.jsx';
import { MessagePage, PreviewBanner, applyTheme, focusTitle, playerLabels } from './ui/Shell.jsx';
import { t } from './lib/labels.js';

playerLabels(null);

const questionsOf = (s) => (s && s.elements ? s.elements.filter((e) => e.type === 'question') : []);

function QuizPlayer({ data }) {
  const { doc, lang } = useMemo(() => localize(data.document || { screens: [] }, data.locale), [data]);
  const screens = doc.screens || [];
  const preview = data.mode !== 'view';
  const title = (data.screen && data.screen.title) || (screens[0] && screens[0].title) || t('Quiz');
  const send = useMemo(() => eventSender((data.options || {}).parentOrigin, { courseId: null, screenId: data.screen ? data.screen.id : null }), [data]);

  const questionScreens = screens.map((s, i) => (questionsOf(s).length ? i : -1)).filter((i) => i >= 0);
  const firstQuestion = questionScreens.length ? questionScreens[0] : 0;
  const lastQuestion = questionScreens.length ? questionScreens[questionScreens.length - 1] : screens.length - 1;
  const resultsIndex = (() => {
    const r = screens.findIndex((s) => s.group && s.group.role === 'results');
    return r >= 0 ? r : (lastQuestion + 1 < screens.length ? lastQuestion + 1 : -1);
  })();

  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState({});
  const [result, setResult] = useState(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = title;
    send('ready');
  }, []);

  const show = (i, message) => {
    setIndex(i);
    setAnnounce(message || `${screens[i].title || ''}`);
    focusTitle();
  };

  const pool = questionScreens.flatMap((i) => questionsOf(screens[i]));
  const missing = pool.filter((q) => !(answers[q.id] && answers[q.id].length));

  const submit = async () => {
    if (missing.length) {
      setError(missing.length === 1 ? t('Answer the question before you submit.') : t('Answer all questions before you submit ({n} left).', { n: missing.length }));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const res = await post('/v1/headless/player/quiz', { answers }, { session: data.session });
      setResult(res);
      const message = `${t('Your score: {score}%.', { score: res.score })} ${res.passed ? t('You passed.') : t('You did not pass this time.')}`;
      if (resultsIndex >= 0) show(resultsIndex, message);
      else setAnnounce(message);
    } catch (e) {
      setError(e.status === 401 ? t('Your session has ended. Open your link again to take the quiz.') : t('Your answers could not be sent. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setAnswers({});
    setResult(null);
    show(firstQuestion);
  };

  const screen = screens[index] || { elements: [] };
  const onResults = result && (index === resultsIndex || resultsIndex < 0);
  const role = screen.group && screen.group.role;

  const resultsCard = (el) => {
    if (!result) return <p class="muted">{t('Answer the questions to see your score.')}</p>;
    return (
      <section class="results-card" aria-labelledby="quiz-score">
        <h2 id="quiz-score" class="block-title">{(el && el.title) || t('Your score')}</h2>
        <p class="score"><span class="score-value">{result.score}%</span></p>
        <p class={`verdict ${result.passed ? 'pass' : 'fail'}`}>
          {result.passed ? t('Passed') : t('Not passed')}
          <span class="verdict-detail"> — {t('{percent}% needed to pass', { percent: result.passPercent })}</span>
        </p>
        {el && el.description && <p class="muted">{el.description}</p>}
        <h3 class="review-title">{t('Your answers')}</h3>
        <ol class="review">
          {pool.map((q) => {
            const r = result.results && result.results[q.id];
            const right = r && r.correctAnswers ? q.answers.filter((a) => r.correctAnswers.includes(a.id)).map((a) => a.text) : [];
            const mine = q.answers.filter((a) => (answers[q.id] || []).includes(a.id)).map((a) => a.text);
            return (
              <li key={q.id} class={r && r.correct ? 'is-correct' : 'is-incorrect'}>
                <p class="review-q">{q.question || q.title}</p>
                <p><span class="review-mark" aria-hidden="true">{r && r.correct ? '✓' : '✕'}</span>
                  {mine.length
                    ? (r && r.correct ? t('Correct: you answered {answers}.', { answers: mine.join(', ') }) : t('Incorrect: you answered {answers}.', { answers: mine.join(', ') }))
                    : (r && r.correct ? t('Correct: you answered nothing.') : t('Incorrect: you answered nothing.'))}
                  {r && !r.correct && right.length > 0 && ` ${t('Correct: {answers}.', { answers: right.join(', ') })}`}</p>
                {((r && r.feedback) || q.feedback) && <p class="muted">{(r && r.feedback) || q.feedback}</p>}
              </li>
            );
          })}
        </ol>
      </section>
    );
  };

  const ctx = {
    firstHeadingIsTitle: false,
    action: () => {
      if (role === 'results' || index === resultsIndex) restart();
      else if (index < firstQuestion) show(firstQuestion);
      else if (index + 1 < screens.length && index + 1 !== resultsIndex) show(index + 1);
    },
    question: (el) => ({
      selected: answers[el.id] || [],
      onChange: (ids) => { setAnswers({ ...answers, [el.id]: ids }); setError(''); },
      locked: !!result,
      result: result && result.results ? result.results[el.id] : null,
      showFeedback: true
    }),
    quizResults: resultsCard
  };
  const els = (screen.elements || []).slice().sort((a, b) => (a.layout && b.layout ? (a.layout.y - b.layout.y) || (a.layout.x - b.layout.x) : 0));
  ctx.firstHeadingIsTitle = !!(els[0] && els[0].type === 'heading');
  const hasResultsElement = els.some((e) => e.type === 'quizResults');

  const isQuestion = questionScreens.includes(index);
  const qPos = questionScreens.indexOf(index);

  return (
    <div class="player quiz-player">
      <a class="skip-link" href="#screen">{t('Skip to content')}</a>
      <header class="topbar">
        <div class="topbar-row"><p class="course-title">{title}</p></div>
        {isQuestion && questionScreens.length > 1 && <p class="progress-text"><span>{t('Question {n} of {total}', { n: qPos + 1, total: questionScreens.length })}</span></p>}
      </header>
      <PreviewBanner show={preview} />
      <main id="screen" class="screen">
        {screen.asset && <div class="hero"><Media asset={screen.asset} alt={screen.assetAltText} hero /></div>}
        <div class="screen-body">
          {!ctx.firstHeadingIsTitle && <h1 class="screen-title" tabIndex={-1} data-screen-title="">{screen.title || title}</h1>}
          {screen.description && <p class="screen-description">{screen.description}</p>}
          <Elements key={`${screen.id || index}-${result ? 'r' : 'q'}`} screen={screen} ctx={ctx} />
          {(onResults && !hasResultsElement) && resultsCard(null)}
          {isQuestion && !result && (
            <div class="quiz-actions">
              {index > firstQuestion && <button type="button" class="btn btn-secondary" onClick={() => show(questionScreens[qPos - 1])}>{t('Previous question')}</button>}
              {index < lastQuestion
                ? <button type="button" class="btn btn-primary" onClick={() => show(questionScreens[qPos + 1])}>{t('Next question')}</button>
                : <button type="button" class="btn btn-primary" onClick={submit} disabled={busy} aria-disabled={busy ? 'true' : undefined}>{busy ? t('Submitting…') : t('Submit answers')}</button>}
            </div>
          )}
          {isQuestion && result && resultsIndex >= 0 && (
            <div class="quiz-actions"><button type="button" class="btn btn-primary" onClick={() => show(resultsIndex)}>{t('See your results')}</button></div>
          )}
          <div role="alert" class="form-error">{error}</div>
        </div>
      </main>
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{announce}</div>
    </div>
  );
}

function App() {
  const [state, setState] = useState({ loading: true });
  const load = () => {
    setState({ loading: true });
    openSession('screen').then((data) => { applyTheme(data, { full: true }); playerLabels(data); setState({ data }); }, (error) => setState({ error }));
  };
  useEffect(load, []);
  useEffect(() => { if (state.error) focusTitle(); }, [state.error]);
  if (state.loading) return <main class="page-message" aria-busy="true"><p class="loading" role="status">{t('Loading the quiz…')}</p></main>;
  if (state.error) return <MessagePage {...refusal(state.error, 'quiz')} onRetry={load} />;
  if (state.data.kind && state.data.kind !== 'screen') return <MessagePage title={t('Wrong page')} text={t('This link opens a course, not a quiz.')} />;
  return <QuizPlayer data={state.data} />;
}

render(<App />, document.getElementById('app'));
