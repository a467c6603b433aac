// What a SCORM package reports of each answered question (cmi.interactions) and of the quiz as a
// whole (cmi.objectives), in each version's own data formats (docs/scorm-export.md). Pure: returns
// the [element, value] pairs in the order an LMS needs them (id first, type before responses);
// scorm.js writes them. Identifiers are sanitised so that strict LMSs accept them: 1.2
// CMIIdentifier (no spaces, at most 255), 2004 short identifiers (at most 250).
import { duration2004, timespan12 } from './scorm.js';

/** The quiz's objective id, in both versions. */
export const QUIZ_OBJECTIVE = 'quiz';

const DESCRIPTION_MAX = 250;

/** An identifier both versions accept: letters, digits, _ - . : only, never empty. */
export function identifier(text, max = 250) {
  const clean = String(text ?? '').replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, max);
  return clean || '_';
}

/** The interaction id of a question: q-<element id>. */
export function interactionId(questionId) {
  return identifier(`q-${questionId}`);
}

const two = (n) => String(n).padStart(2, '0');

/** SCORM 1.2 CMITime of a moment: HH:MM:SS (the learner's local clock). */
export function time12(date) {
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** SCORM 2004 time (second): YYYY-MM-DDThh:mm:ss.ssZ, in UTC. */
export function timestamp2004(date) {
  return `${date.toISOString().slice(0, 22)}Z`;
}

/** SCORM 1.2's choice vocabulary: one character each, a-z then 0-9 (36 answers). */
const CHOICE_12 = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Answer ids as a response. 2004: the ids joined with "[,]". 1.2: each answer's single character
 * by its place among the question's answers (`choices`, in order: a, b, c, …), joined with ",", as
 * the 1.2 choice format asks; when an answer is not among the first 36 choices, or the choices are
 * unknown, the sanitised ids instead (at most 255 characters). Duplicates are dropped.
 */
export function response(version, ids, choices) {
  if (version === '1.2') {
    const places = (ids || []).map((id) => (Array.isArray(choices) ? choices.indexOf(id) : -1));
    if (places.length && places.every((i) => i >= 0 && i < CHOICE_12.length)) {
      return [...new Set(places)].sort((x, y) => x - y).map((i) => CHOICE_12[i]).join(',');
    }
    return [...new Set((ids || []).map((id) => identifier(id)))].join(',').slice(0, 255);
  }
  return [...new Set((ids || []).map((id) => identifier(id)))].join('[,]');
}

/** The question's text, plain and at most 250 characters (2004 description). */
export function description(text) {
  const plain = String(text ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  // A leading "{" would read as a language tag ({lang=…}), which LMSs check: it is left out.
  return plain.replace(/^\{+\s*/, '').slice(0, DESCRIPTION_MAX);
}

/**
 * The elements of interaction number n: a = {questionId, text, answers (ids chosen), correct
 * (boolean), correctAnswers (ids), choices (every answer id of the question, in order), shownAt,
 * answeredAt (Dates)}.
 */
export function interactionValues(version, n, a) {
  const p = `cmi.interactions.${n}.`;
  const latency = Math.max(0, a.answeredAt - a.shownAt);
  if (version === '1.2') {
    return [
      [`${p}id`, identifier(interactionId(a.questionId), 255)],
      [`${p}type`, 'choice'],
      [`${p}objectives.0.id`, QUIZ_OBJECTIVE],
      [`${p}time`, time12(a.answeredAt)],
      [`${p}correct_responses.0.pattern`, response('1.2', a.correctAnswers, a.choices)],
      [`${p}student_response`, response('1.2', a.answers, a.choices)],
      [`${p}result`, a.correct ? 'correct' : 'wrong'],
      [`${p}latency`, timespan12(latency)]
    ];
  }
  const values = [
    [`${p}id`, interactionId(a.questionId)],
    [`${p}type`, 'choice'],
    [`${p}objectives.0.id`, QUIZ_OBJECTIVE],
    [`${p}timestamp`, timestamp2004(a.answeredAt)],
    [`${p}correct_responses.0.pattern`, response('2004', a.correctAnswers)],
    [`${p}learner_response`, response('2004', a.answers)],
    [`${p}result`, a.correct ? 'correct' : 'incorrect'],
    [`${p}latency`, duration2004(latency)]
  ];
  const text = description(a.text);
  if (text) values.push([`${p}description`, text]);
  return values;
}

/**
 * The elements of objective number n, the quiz: o = {score (0-100, or null while not known),
 * passed (boolean or null), completed (boolean)}.
 */
export function objectiveValues(version, n, o) {
  const p = `cmi.objectives.${n}.`;
  const values = [[`${p}id`, QUIZ_OBJECTIVE]];
  const score = typeof o.score === 'number' ? Math.max(0, Math.min(100, Math.round(o.score))) : null;
  if (score != null) {
    values.push([`${p}score.min`, '0'], [`${p}score.max`, '100'], [`${p}score.raw`, String(score)]);
    if (version !== '1.2') values.push([`${p}score.scaled`, String(score / 100)]);
  }
  if (version === '1.2') {
    const status = o.passed === true ? 'passed' : o.passed === false ? 'failed' : o.completed ? 'completed' : 'incomplete';
    values.push([`${p}status`, status]);
  } else {
    values.push([`${p}success_status`, o.passed === true ? 'passed' : o.passed === false ? 'failed' : 'unknown']);
    values.push([`${p}completion_status`, o.completed ? 'completed' : 'incomplete']);
  }
  return values;
}
