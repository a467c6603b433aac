// The LMS page (/play/lms#token=…&learner=…&name=…): the live course opened by a dynamic SCORM
// package's launcher (docs/scorm-runtime.md). The package token and the LMS's learner are taken
// from the fragment (and removed from the address bar), exchanged for a player session
// (POST /v1/headless/player/lms-sessions), and the course plays with server tracking (resume comes
// from the server). After the progress answer of the learner's latest write (lib/serverTracker.js
// sends writes in order and holds back an answer that a newer write supersedes, so the location
// never goes back) the page tells the launcher, its parent, what to write to the LMS:
// {type: "course-platform:lms", completed, passed, score, location, percent}, posted to the
// launcher's origin only (lib/launcherOrigin.js), never to '*'.
// The exchange answers the learner key of the learner's record; the page hands it to the launcher
// ({type: "course-platform:lms-learner", learnerKey}, to the origin the launcher named), which keeps
// it in the LMS and passes it back in the fragment (key=) to continue the record next time.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './styles.css';
import { ApiError, keptSession, post, refusal, remember, takeToken } from './lib/api.js';
import { launcherOrigin } from './lib/launcherOrigin.js';
import { serverTracker } from './lib/serverTracker.js';
import { Player } from './ui/Player.jsx';
import { MessagePage, applyTheme, focusTitle, playerLabels } from './ui/Shell.jsx';
import { t } from './lib/labels.js';

playerLabels(null);

const KIND = 'lms';

function hashParam(name) {
  const match = new RegExp(`(?:^#|&)${name}=([^&]*)`).exec(location.hash || '');
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch (e) {
    return match[1];
  }
}

/** The fragment's origin (read before takeToken clears the fragment). */
const namedOrigin = hashParam('origin');

/** The fragment's token, learner and learner key, read once (a retry after a failed exchange uses them again). */
const launch = (() => {
  const learnerId = hashParam('learner');
  const learnerName = hashParam('name');
  const learnerKey = hashParam('key');
  return { token: takeToken(), learnerId: learnerId ?? '', learnerName: learnerName ?? '', learnerKey: learnerKey || null };
})();

/** The launcher's origin: where progress may go; null (nothing is posted) when it is not known. */
const launcher = launcherOrigin(namedOrigin, location.ancestorOrigins);

/** Gives the launcher the learner key to keep in the LMS; only to the origin it named (and the browser confirms). */
function handOver(learnerKey) {
  if (!learnerKey || !namedOrigin || !launcher || window.parent === window) return;
  try {
    window.parent.postMessage({ type: 'course-platform:lms-learner', learnerKey }, launcher);
  } catch (e) {
    /* the launcher keeps nothing: the next launch starts a new record */
  }
}

async function openLms() {
  if (!launch.token) {
    // A reload: the fragment is gone; the session this tab kept goes on while it lasts.
    const kept = keptSession(KIND);
    if (kept) return kept;
    throw new ApiError(0, 'missing', null);
  }
  const { learnerKey, ...data } = await post('/v1/headless/player/lms-sessions', launch);
  handOver(learnerKey);
  remember(KIND, data);
  return data;
}

/**
 * The message for the launcher from a progress answer: passed and score are the server's (the
 * session's document has no correct flags to grade with), null until the course is completed and
 * for a course without questions.
 */
export function lmsMessage(p) {
  const completed = !!p.completed;
  const passed = typeof p.passed === 'boolean' ? p.passed : null;
  const score = typeof p.score === 'number' ? p.score : null;
  return { type: 'course-platform:lms', completed, passed: completed ? passed : null, score: completed ? score : null, location: p.screenIndex, percent: p.percent };
}

function tell(message) {
  if (window.parent === window || !launcher) return;
  try {
    window.parent.postMessage(message, launcher);
  } catch (e) {
    /* nothing to tell */
  }
}

function relay() {
  return (p) => tell(lmsMessage(p));
}

/**
 * The tracker, noting each answer the learner gives (when, and since when its screen was shown);
 * once a progress answer grades it (progress.results), the launcher is told
 * {type: "course-platform:lms-interaction", questionId, text, answers, correct, correctAnswers,
 * choices (the question's answer ids in order), latencyMs, answeredAt} and journals it as a cmi.interactions record (lib/interactions.js).
 */
export function interactionNotes(tracker, document, post) {
  const texts = {};
  const choices = {};
  for (const screen of (document && document.screens) || []) {
    for (const el of (screen && screen.elements) || []) {
      if (!el || el.type !== 'question') continue;
      texts[el.id] = el.question || el.title || '';
      choices[el.id] = (Array.isArray(el.answers) ? el.answers : []).map((a) => String((a && a.id) ?? ''));
    }
  }
  let shown = { index: -1, at: Date.now() };
  const waiting = new Map();
  const sent = {};
  return {
    ...tracker,
    async progress(body, options) {
      const now = Date.now();
      if (body.screenIndex !== shown.index) shown = { index: body.screenIndex, at: now };
      for (const [id, ids] of Object.entries(body.answers || {})) {
        if (Array.isArray(ids) && ids.length && JSON.stringify(ids) !== sent[id]) waiting.set(id, { ids, at: now, latencyMs: now - shown.at });
      }
      const p = await tracker.progress(body, options);
      const results = (p && p.results) || {};
      for (const [id, a] of [...waiting]) {
        const r = results[id];
        if (!r || typeof r.correct !== 'boolean') continue;
        waiting.delete(id);
        sent[id] = JSON.stringify(a.ids);
        post({
          type: 'course-platform:lms-interaction', questionId: id, text: texts[id] || '', answers: a.ids, correct: r.correct,
          correctAnswers: Array.isArray(r.correctAnswers) ? r.correctAnswers : [], choices: choices[id] || [],
          latencyMs: a.latencyMs, answeredAt: a.at
        });
      }
      return p;
    }
  };
}

function lmsRefusal(error) {
  if (error && error.reason === 'missing') {
    return { title: t('Open this course from your LMS'), text: t('This page opens a course for a learning management system. Open the course from your LMS again.') };
  }
  if (error && error.status === 409) {
    return { title: t('This course is not available'), text: t('The course is not published at the moment. Try again later.') };
  }
  if (error && error.status === 401 && error.reason === 'revoked') {
    return { title: t('This course package was withdrawn'), text: t('The people who published this course withdrew this package. Ask your LMS administrator for a new one.') };
  }
  if (error && error.status === 401 && error.reason === 'expired') {
    return { title: t('This course package has expired'), text: t('This package of the course is too old to open. Ask your LMS administrator to upload a new one.') };
  }
  if (error && error.status === 429) {
    return { title: t('Too many people at once'), text: t('Many learners are opening courses from your network right now. Try again in a minute.'), retry: true };
  }
  return refusal(error, 'course');
}

function App() {
  const [state, setState] = useState({ loading: true });
  const load = () => {
    setState({ loading: true });
    openLms().then(
      (data) => {
        applyTheme(data, { full: true });
        playerLabels(data);
        const tracker = interactionNotes(serverTracker(data, { kind: KIND, onProgress: relay() }), data.document, tell);
        setState({ data, tracker });
      },
      (error) => { setState({ error }); }
    );
  };
  useEffect(load, []);
  useEffect(() => { if (state.error) focusTitle(); }, [state.error]);
  if (state.loading) return <main class="page-message" aria-busy="true"><p class="loading" role="status">{t('Loading the course…')}</p></main>;
  if (state.error) return <MessagePage {...lmsRefusal(state.error)} onRetry={load} />;
  if (state.data.kind && state.data.kind !== 'course') return <MessagePage title={t('Wrong page')} text={t('This link opens a quiz, not a course.')} />;
  return <Player data={state.data} tracker={state.tracker} />;
}

render(<App />, document.getElementById('app'));
