// The dynamic SCO (launcher.html of a dynamic SCORM package): finds the LMS, frames the live course
// (/play/lms, window.COURSE_LAUNCH from ./launch-config.js) for the LMS's learner, and writes what
// the course page reports (messages "course-platform:lms" from that page only) to the LMS. The
// learner key of the learner's record on the platform (message "course-platform:lms-learner") is
// kept in this learner's attempt (cmi.suspend_data) and handed to the page at the next launch: the
// platform continues a record only for the key it gave, never for a learner id alone.
import './launcher.css';
import { connect, finishOnLeave } from '../src/lib/scorm.js';

const MESSAGE = 'course-platform:lms';
const LEARNER_MESSAGE = 'course-platform:lms-learner';
const INTERACTION_MESSAGE = 'course-platform:lms-interaction';
const ids = (v) => Array.isArray(v) && v.length <= 100 && v.every((x) => typeof x === 'string' && x.length <= 250);

/** An answered question of a "course-platform:lms-interaction" message (lib/interactions.js fields), else null. */
export function interactionOf(d) {
  if (!d || typeof d !== 'object' || d.type !== INTERACTION_MESSAGE || typeof d.questionId !== 'string' || typeof d.correct !== 'boolean'
    || !ids(d.answers) || !ids(d.correctAnswers) || !Number.isFinite(d.latencyMs) || !Number.isFinite(d.answeredAt)) return null;
  const answeredAt = new Date(d.answeredAt);
  return {
    questionId: d.questionId.slice(0, 250), text: typeof d.text === 'string' ? d.text : '', answers: d.answers, correct: d.correct,
    correctAnswers: d.correctAnswers, choices: ids(d.choices) ? d.choices : [], answeredAt,
    shownAt: new Date(d.answeredAt - Math.max(0, d.latencyMs))
  };
}
const LEARNER_KEY = /^[A-Za-z0-9_-]{43}$/;

/** The learner key kept in the suspend data ({"learnerKey": "…"}), else null. */
export function keptKey(suspendData) {
  try {
    const kept = JSON.parse(suspendData || 'null');
    return kept && typeof kept.learnerKey === 'string' && LEARNER_KEY.test(kept.learnerKey) ? kept.learnerKey : null;
  } catch (e) {
    return null;
  }
}

/** The learner key of a "course-platform:lms-learner" message, else null. */
export function learnerKeyOf(d) {
  return d && typeof d === 'object' && d.type === LEARNER_MESSAGE && typeof d.learnerKey === 'string' && LEARNER_KEY.test(d.learnerKey)
    ? d.learnerKey
    : null;
}

function say(text, error = false) {
  const status = document.getElementById('status');
  status.textContent = text;
  status.classList.toggle('is-error', error);
}

/** The message's fields when it is well formed, else null. */
export function result(d) {
  if (!d || typeof d !== 'object' || d.type !== MESSAGE || typeof d.completed !== 'boolean') return null;
  const pct = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100;
  return {
    completed: d.completed,
    passed: d.passed === true || d.passed === false ? d.passed : null,
    score: pct(d.score) ? d.score : null,
    location: Number.isInteger(d.location) && d.location >= 0 ? d.location : null,
    percent: pct(d.percent) ? d.percent : undefined
  };
}

function launch() {
  const config = window.COURSE_LAUNCH;
  let origin = null;
  try {
    origin = new URL(config.launchUrl, location.href).origin;
  } catch (e) {
    origin = null;
  }
  if (!config || !config.token || !origin || origin === 'null') {
    say('This package is incomplete: it does not say where the course is. Export it again from the platform.', true);
    return;
  }
  const title = (config.course && config.course.title) || 'Course';
  document.title = title;
  const lms = connect(config.version);
  if (!lms) {
    say('This course opens from a learning management system (LMS), and none was found. Open it from your LMS.', true);
    return;
  }
  const learner = lms.learner();
  let key = keptKey(lms.suspendData());
  lms.record({ completed: false, location: null });
  lms.commit();
  finishOnLeave(lms);

  // Whether the course has a quiz to report as the objective: known from its first answer or score.
  let quiz = false;
  const frame = document.createElement('iframe');
  frame.className = 'course-frame';
  frame.title = title;
  frame.allow = 'fullscreen; autoplay';
  frame.referrerPolicy = 'no-referrer';
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const given = learnerKeyOf(event.data);
    if (given) {
      if (given !== key && lms.setSuspendData(JSON.stringify({ learnerKey: given }))) key = given;
      lms.commit();
      return;
    }
    const answered = interactionOf(event.data);
    if (answered) {
      quiz = true;
      lms.interaction(answered);
      lms.commit();
      return;
    }
    const r = result(event.data);
    if (!r) return;
    lms.record(r);
    if (quiz || typeof r.score === 'number') {
      quiz = true;
      lms.objective({ score: r.score, passed: r.completed ? r.passed : null, completed: r.completed });
    }
    lms.commit();
  });
  const enc = encodeURIComponent;
  // origin: where the page may send the learner key (this window); key: the one kept for this learner.
  const here = location.origin && location.origin !== 'null' ? `&origin=${enc(location.origin)}` : '';
  frame.src = `${config.launchUrl}#token=${enc(config.token)}&learner=${enc(learner.id)}&name=${enc(learner.name)}`
    + `${here}${key ? `&key=${enc(key)}` : ''}`;
  document.getElementById('status').hidden = true;
  document.getElementById('launcher').appendChild(frame);
}

launch();
