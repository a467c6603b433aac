// The course player's progress rules as the service applies them (Grading and Outline, applied by ProgressService):
// the static SCO runtime's local tracker computes progress with them from the package's whole
// document (it has no server). /play/lms relays the server's score and pass: a session's document has
// no correct flags. The examples in test/progress-rules.examples.json hold both to the same
// completion, percent, score and pass rules: progress-rules.test.js runs them here, and
// ProgressRulesExamplesTest against the player API.

const DEFAULT_PASS_PERCENT = 80;

// Jackson's asBoolean(false): true, "true", or a non-zero number.
const isCorrect = (a) => a && (a.correct === true || a.correct === 'true' || (typeof a.correct === 'number' && a.correct !== 0));

/**
 * What the rules need of a Builder 2 document: the screen count, each question's correct answer
 * ids, and the pass mark of the first quiz results element (80 when there is none).
 */
export function outlineOf(document) {
  const screens = (document && Array.isArray(document.screens)) ? document.screens : [];
  const correct = Object.create(null);
  let passPercent = null;
  for (const screen of screens) {
    for (const el of (screen && Array.isArray(screen.elements)) ? screen.elements : []) {
      if (!el) continue;
      if (el.type === 'question') {
        correct[String(el.id ?? '')] = (Array.isArray(el.answers) ? el.answers : []).filter(isCorrect).map((a) => String(a.id ?? ''));
      } else if (el.type === 'quizResults' && passPercent == null && typeof el.passPercent === 'number' && Number.isFinite(el.passPercent)) {
        passPercent = Math.max(0, Math.min(100, Math.trunc(el.passPercent)));
      }
    }
  }
  return { screenCount: screens.length, correct, questionIds: Object.keys(correct), passPercent: passPercent ?? DEFAULT_PASS_PERCENT };
}

const chosen = (answers, id) => (answers && Array.isArray(answers[id]) ? answers[id] : null);

/** Every question has a non-empty answer. */
export function allAnswered(outline, answers) {
  return outline.questionIds.every((id) => { const a = chosen(answers, id); return a != null && a.length > 0; });
}

/** A question is right when exactly its correct answers were chosen. */
export function isRight(outline, id, answers) {
  const a = chosen(answers, id);
  if (a == null) return false;
  const got = new Set(a);
  const expected = new Set(outline.correct[id] || []);
  return got.size === expected.size && [...expected].every((x) => got.has(x));
}

/**
 * Percentage of the course's questions answered right, rounded half up, once every question has an
 * answer; null before that and when the course has none (the score of the service's progress answer).
 */
export function scoreOf(outline, answers) {
  const n = outline.questionIds.length;
  if (n === 0 || !allAnswered(outline, answers)) return null;
  const right = outline.questionIds.filter((id) => isRight(outline, id, answers)).length;
  return Math.round((100 * right) / n);
}

/** Whether the score reaches the pass mark (null while scoreOf is null). */
export function passedOf(outline, answers) {
  const score = scoreOf(outline, answers);
  return score == null ? null : score >= outline.passPercent;
}

/** Furthest screen reached over the screen count, 100 only once completed. */
export function percentOf(outline, furthest, completed) {
  if (completed) return 100;
  return Math.min(99, Math.floor((100 * (furthest + 1)) / Math.max(outline.screenCount, 1)));
}

/**
 * One progress call: `state` {furthest, answers, completed} is the tracking record, `body`
 * {screenIndex, answers?} the call. Answers merge per question; the course completes, once, when the
 * furthest screen reached is the last one and every question is answered. Returns the new state and
 * the progress answer the service would give.
 */
export function step(outline, state, body) {
  const answers = { ...(state.answers || {}), ...((body && body.answers) || {}) };
  const furthest = Math.max(state.furthest ?? -1, body.screenIndex);
  const completeNow = !state.completed && furthest === outline.screenCount - 1 && allAnswered(outline, answers);
  const completed = !!state.completed || completeNow;
  const percent = percentOf(outline, furthest, completed);
  return {
    state: { furthest, answers, completed },
    progress: { screenIndex: body.screenIndex, percent, commenced: true, completed, answers }
  };
}
