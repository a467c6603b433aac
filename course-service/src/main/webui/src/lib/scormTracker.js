// The static SCO's tracker: the course player's progress calls answered in the page, with the
// service's rules (progressRules.js), and written to the LMS (scorm.js) instead of the player API.
// Suspend data is compact JSON {i: screen shown, a: answers by question id, r: furthest screen
// reached}; answers are dropped, oldest first, when it would pass the version's limit (1.2: 4096).
import { connect, finishOnLeave, SUSPEND_LIMIT } from './scorm.js';
import { allAnswered, isRight, outlineOf, passedOf, percentOf, scoreOf, step } from './progressRules.js';

/** Question id to its text, from the package's document (the interactions' descriptions). */
/** Each question's text and its answer ids in order (the 1.2 responses name answers by place). */
function questionTexts(document) {
  const texts = {};
  const choices = {};
  for (const screen of (document && Array.isArray(document.screens)) ? document.screens : []) {
    for (const el of (screen && Array.isArray(screen.elements)) ? screen.elements : []) {
      if (el && el.type === 'question') {
        const id = String(el.id ?? '');
        texts[id] = el.question || el.title || '';
        choices[id] = (Array.isArray(el.answers) ? el.answers : []).map((a) => String((a && a.id) ?? ''));
      }
    }
  }
  return { texts, choices };
}

function parse(text) {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch (e) {
    return null;
  }
}

/** Answers of known questions only, as lists of strings. */
function cleanAnswers(outline, a) {
  const out = {};
  if (!a || typeof a !== 'object') return out;
  for (const id of outline.questionIds) {
    if (Array.isArray(a[id]) && a[id].every((x) => typeof x === 'string')) out[id] = a[id];
  }
  return out;
}

/** The compact suspend data, dropping answers (oldest first) until it fits in `limit` characters. */
export function suspendData(index, answers, furthest, limit) {
  const kept = { ...answers };
  const ids = Object.keys(kept);
  let text = JSON.stringify({ i: index, a: kept, r: furthest });
  while (text.length > limit && ids.length) {
    delete kept[ids.shift()];
    text = JSON.stringify({ i: index, a: kept, r: furthest });
  }
  return text.length > limit ? '' : text;
}

/**
 * pkg is window.COURSE_PACKAGE. Returns {connected, initial (the progress to resume from),
 * progress(body) (the player's progress call), finish()}.
 */
export function scormTracker(pkg, { lms = connect(pkg && pkg.version) } = {}) {
  const outline = outlineOf(pkg && pkg.document);
  const last = Math.max(0, outline.screenCount - 1);
  const clampIndex = (n) => Math.max(0, Math.min(last, n));
  let state = { furthest: -1, answers: {}, completed: false };
  let index = 0;
  let commenced = false;
  if (lms) {
    const saved = parse(lms.suspendData()) || {};
    const location = /^\d+$/.test(lms.location()) ? Number(lms.location()) : null;
    commenced = saved.i != null || location != null;
    index = clampIndex(location ?? (Number.isInteger(saved.i) ? saved.i : 0));
    const answers = cleanAnswers(outline, saved.a);
    const furthest = Math.max(index, Number.isInteger(saved.r) ? clampIndex(saved.r) : -1);
    const completed = lms.completed() || (furthest === outline.screenCount - 1 && allAnswered(outline, answers));
    state = { furthest: commenced ? furthest : -1, answers, completed };
  }
  const initial = {
    screenIndex: index,
    percent: commenced ? percentOf(outline, state.furthest, state.completed) : 0,
    commenced,
    completed: state.completed,
    answers: { ...state.answers }
  };

  let written = null;
  const write = (screenIndex) => {
    if (!lms || !lms.isOpen()) return;
    const { completed, answers, furthest } = state;
    // Score and success once completed with every answer known (answers dropped from the suspend
    // data leave the LMS's earlier result as it is).
    const known = completed && allAnswered(outline, answers);
    const result = {
      completed,
      passed: known ? passedOf(outline, answers) : (completed && outline.questionIds.length === 0 ? null : undefined),
      score: known ? scoreOf(outline, answers) : undefined,
      location: screenIndex,
      percent: percentOf(outline, furthest, completed)
    };
    const suspend = suspendData(screenIndex, answers, furthest, SUSPEND_LIMIT[lms.version] || 4096);
    const key = JSON.stringify([result, suspend]);
    if (key === written) return;
    lms.record(result);
    if (outline.questionIds.length) lms.objective({ score: result.score, passed: result.passed, completed });
    lms.setSuspendData(suspend);
    lms.commit();
    written = key;
  };

  if (lms) finishOnLeave(lms);

  // When the screen on show was shown: an answer's latency runs from there.
  const { texts, choices } = questionTexts(pkg && pkg.document);
  let shown = { index: -1, at: new Date() };
  /** Each newly given answer is a new interaction (journaling), graded with the package's document. */
  const journal = (given, at) => {
    if (!lms || !lms.isOpen()) return;
    for (const [id, ids] of Object.entries(given)) {
      const before = state.answers[id];
      if (!ids.length || (Array.isArray(before) && JSON.stringify(before) === JSON.stringify(ids))) continue;
      lms.interaction({
        questionId: id, text: texts[id], answers: ids, correct: isRight(outline, id, given),
        correctAnswers: outline.correct[id] || [], choices: choices[id] || [], shownAt: shown.at, answeredAt: at
      });
    }
  };

  return {
    connected: !!lms,
    initial,
    /** The player's progress call (ui/Player.jsx): answered at once, from the rules, and written to the LMS. */
    async progress(body) {
      const screenIndex = clampIndex(body.screenIndex | 0);
      const given = cleanAnswers(outline, body.answers);
      const now = new Date();
      if (screenIndex !== shown.index) shown = { index: screenIndex, at: now };
      journal(given, now);
      const next = step(outline, state, { screenIndex, answers: given });
      state = next.state;
      write(screenIndex);
      return next.progress;
    },
    finish: () => lms && lms.finish()
  };
}
