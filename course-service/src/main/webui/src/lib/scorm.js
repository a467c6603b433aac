// The LMS side of a SCORM package (the SCO runtime: scorm/index.html and scorm/launcher.html).
// Finds the LMS's API object (SCORM 1.2 `API`, 2004 `API_1484_11`) with the usual search of the
// parent chain and the opener, and wraps both versions behind one small connection.
import { QUIZ_OBJECTIVE, interactionValues, objectiveValues } from './interactions.js';

const API_NAMES = { '1.2': 'API', '2004': 'API_1484_11' };
const MAX_PARENTS = 10;

function search(start, name) {
  let win = start;
  for (let tries = 0; win && tries <= MAX_PARENTS; tries++) {
    try {
      if (win[name]) return win[name];
    } catch (e) {
      /* another origin: keep climbing */
    }
    let parent;
    try {
      parent = win.parent;
    } catch (e) {
      return null;
    }
    if (!parent || parent === win) return null;
    win = parent;
  }
  return null;
}

function openerOf(win) {
  try {
    return win && win.opener ? win.opener : null;
  } catch (e) {
    return null;
  }
}

/** The API of the package's version, else of the other one; null when there is no LMS. */
export function findApi(preferred, win = window) {
  const order = preferred === '1.2' ? ['1.2', '2004'] : ['2004', '1.2'];
  for (const version of order) {
    const name = API_NAMES[version];
    let top;
    try {
      top = win.top;
    } catch (e) {
      top = null;
    }
    const api = search(win, name) || search(openerOf(win), name) || (top ? search(openerOf(top), name) : null);
    if (api) return { api, version };
  }
  return null;
}

const KEYS = {
  '1.2': {
    location: 'cmi.core.lesson_location', suspend: 'cmi.suspend_data', learnerId: 'cmi.core.student_id',
    learnerName: 'cmi.core.student_name', sessionTime: 'cmi.core.session_time', exit: 'cmi.core.exit',
    raw: 'cmi.core.score.raw', min: 'cmi.core.score.min', max: 'cmi.core.score.max', status: 'cmi.core.lesson_status'
  },
  '2004': {
    location: 'cmi.location', suspend: 'cmi.suspend_data', learnerId: 'cmi.learner_id', learnerName: 'cmi.learner_name',
    sessionTime: 'cmi.session_time', exit: 'cmi.exit', raw: 'cmi.score.raw', min: 'cmi.score.min', max: 'cmi.score.max',
    scaled: 'cmi.score.scaled', completion: 'cmi.completion_status', success: 'cmi.success_status', measure: 'cmi.progress_measure'
  }
};

/** Suspend data limit: SCORM 1.2 cmi.suspend_data is 4096 characters, 2004 (3rd edition) 64000. */
export const SUSPEND_LIMIT = { '1.2': 4096, '2004': 64000 };

const two = (n) => String(n).padStart(2, '0');
const hundredths = (ms) => Math.round(Math.max(0, ms) / 10);

/** SCORM 1.2 CMITimespan: HHHH:MM:SS.SS. */
export function timespan12(ms) {
  const cs = hundredths(ms);
  const h = Math.min(9999, Math.floor(cs / 360000));
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${String(h).padStart(4, '0')}:${two(m)}:${two(s)}.${two(cs % 100)}`;
}

/** SCORM 2004 timeinterval (ISO 8601 duration): PT1H2M5.25S, PT0S for nothing. */
export function duration2004(ms) {
  const cs = hundredths(ms);
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const rest = cs % 6000;
  const s = rest % 100 === 0 ? String(rest / 100) : (rest / 100).toFixed(2).replace(/0$/, '');
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest || (!h && !m) ? `${s}S` : ''}`;
}

const DONE_12 = ['completed', 'passed', 'failed'];

/**
 * A connection to the LMS, or null when none is found or it refuses to initialise. Methods never
 * throw: a failing LMS call is logged once to the console and ignored.
 */
export function connect(preferred) {
  const found = findApi(preferred);
  if (!found) return null;
  const { api, version } = found;
  const v12 = version === '1.2';
  const key = KEYS[version];
  let warned = false;
  const call = (m12, m2004, ...args) => {
    try {
      return String(api[v12 ? m12 : m2004](...args));
    } catch (e) {
      if (!warned) { warned = true; console.warn('SCORM: the LMS call failed', e); }
      return 'false';
    }
  };
  const get = (k) => {
    const v = call('LMSGetValue', 'GetValue', k);
    return v === 'false' && call('LMSGetLastError', 'GetLastError') !== '0' ? '' : v;
  };
  const set = (k, v) => call('LMSSetValue', 'SetValue', k, String(v)) === 'true';

  const initialised = call('LMSInitialize', 'Initialize', '') === 'true';
  // 2004 error 103 (1.2: 101) says it is already initialised, by an earlier page of the same SCO.
  if (!initialised && !['103', '101'].includes(call('LMSGetLastError', 'GetLastError'))) return null;
  let open = true;
  const start = Date.now();
  let status = v12 ? get(key.status) : get(key.completion);
  let nextInteraction = 0;
  let objectiveIndex = null;

  const connection = {
    version,
    get,
    set,
    /** The LMS already has the attempt completed (1.2 completed/passed/failed, 2004 completed). */
    completed: () => (v12 ? DONE_12.includes(status) : status === 'completed'),
    learner: () => ({ id: get(key.learnerId), name: get(key.learnerName) }),
    location: () => get(key.location),
    suspendData: () => get(key.suspend),
    /**
     * Writes the learner's result. completed never goes back once the LMS has it; passed
     * true/false, null (no questions: 1.2 "completed", 2004 "unknown") or undefined (leave as is);
     * score 0-100, or null/undefined (not written); location the screen index; percent 0-100.
     */
    record({ completed, passed, score, location, percent }) {
      if (!open) return;
      const done = !!completed || connection.completed();
      if (v12) {
        let next = done ? 'completed' : 'incomplete';
        if (done && passed === true) next = 'passed';
        else if (done && passed === false) next = 'failed';
        else if (done && passed === undefined && DONE_12.includes(status)) next = status;
        if (next !== status && set(key.status, next)) status = next;
      } else {
        const next = done ? 'completed' : 'incomplete';
        if (next !== status && set(key.completion, next)) status = next;
        if (passed !== undefined) set(key.success, passed === true ? 'passed' : passed === false ? 'failed' : 'unknown');
        if (typeof percent === 'number') set(key.measure, done ? '1' : String(Math.max(0, Math.min(100, percent)) / 100));
      }
      if (typeof score === 'number') {
        const raw = Math.max(0, Math.min(100, Math.round(score)));
        set(key.min, '0');
        set(key.max, '100');
        set(key.raw, String(raw));
        if (!v12) set(key.scaled, String(raw / 100));
      }
      if (location != null) set(key.location, String(location));
    },
    /**
     * Journals one answered question as a new interaction record (interactions.js): at
     * cmi.interactions._count, which both versions let a SCO read (1.2 interactions are write-only).
     */
    interaction(answer) {
      if (!open) return;
      const count = Number.parseInt(get('cmi.interactions._count'), 10);
      const n = Number.isInteger(count) && count >= 0 ? Math.max(count, nextInteraction) : nextInteraction;
      nextInteraction = n + 1;
      for (const [k, v] of interactionValues(version, n, answer)) set(k, v);
    },
    /** Writes the quiz objective (interactions.js): the record of id "quiz", added once. */
    objective(result) {
      if (!open) return;
      if (objectiveIndex == null) {
        const count = Number.parseInt(get('cmi.objectives._count'), 10) || 0;
        for (let i = 0; i < count && objectiveIndex == null; i++) {
          if (get(`cmi.objectives.${i}.id`) === QUIZ_OBJECTIVE) objectiveIndex = i;
        }
        if (objectiveIndex == null) objectiveIndex = count;
      }
      for (const [k, v] of objectiveValues(version, objectiveIndex, result)) set(k, v);
    },
    setSuspendData: (text) => set(key.suspend, text),
    commit: () => open && call('LMSCommit', 'Commit', '') === 'true',
    /** Session time, exit "suspend" (the LMS keeps the place for the next visit), commit and finish; once. */
    finish() {
      if (!open) return;
      const ms = Date.now() - start;
      set(key.sessionTime, v12 ? timespan12(ms) : duration2004(ms));
      set(key.exit, 'suspend');
      call('LMSCommit', 'Commit', '');
      open = false;
      call('LMSFinish', 'Terminate', '');
    },
    isOpen: () => open
  };
  return connection;
}

/** Calls finish once when the page goes away (pagehide, or beforeunload where pagehide is late). */
export function finishOnLeave(connection, before) {
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    try {
      if (before) before();
    } finally {
      connection.finish();
    }
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('beforeunload', leave);
  return leave;
}
