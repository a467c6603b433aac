// node --test interactions.test.mjs: what a SCORM package reports of each answered question
// (cmi.interactions) and of the quiz (cmi.objectives), src/main/webui/src/lib/interactions.js, in
// both versions' formats; then through the connection of scorm.js into scorm-again's LMS API
// (strict validators), which must accept every value with no error. scorm-again comes from the page
// build's node_modules (WEBUI_WORK, else course-service/target/webui). Run by InteractionsTest.
import test from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import {
  description, identifier, interactionId, interactionValues, objectiveValues, response, time12, timestamp2004
} from '../../main/webui/src/lib/interactions.js';
import { connect } from '../../main/webui/src/lib/scorm.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const work = process.env.WEBUI_WORK || resolve(here, '../../../target/webui');
const scormAgainPath = createRequire(join(work, 'package.json')).resolve('scorm-again');
const { Scorm12API, Scorm2004API } = await import(pathToFileURL(join(dirname(scormAgainPath), 'esm/scorm-again.js')).href);

const answer = {
  questionId: 'el 7/ä', text: '<p>Which club drives   furthest?</p>', answers: ['a 1', 'b,2'], correct: false,
  correctAnswers: ['a 1'], choices: ['c', 'a 1', 'b,2'], shownAt: new Date(Date.UTC(2026, 10, 28, 6, 0, 0)), answeredAt: new Date(Date.UTC(2026, 10, 28, 6, 1, 5, 250))
};
const asMap = (pairs) => Object.fromEntries(pairs);

test('identifiers are sanitised to a charset both versions accept', () => {
  assert.equal(interactionId('el 7/ä'), 'q-el_7__');
  assert.equal(identifier(''), '_');
  assert.equal(identifier('x'.repeat(300), 255).length, 255);
  assert.equal(response('1.2', ['a 1', 'b,2', 'a 1']), 'a_1,b_2');
  assert.equal(response('2004', ['a 1', 'b,2']), 'a_1[,]b_2');
  // 1.2 names a choice by its place among the answers: a-z, then 0-9, in the question's order.
  assert.equal(response('1.2', ['b,2', 'c', 'b,2'], ['c', 'a 1', 'b,2']), 'a,c');
  const many = Array.from({ length: 40 }, (_, i) => `x${i}`);
  assert.equal(response('1.2', ['x25', 'x26', 'x35'], many), 'z,0,9');
  assert.equal(response('1.2', ['x36'], many), 'x36', 'past the 36 characters: the id');
  assert.equal(response('1.2', ['gone'], many), 'gone', 'not among the choices: the id');
  assert.equal(description('<b>Hi</b>   there'), 'Hi there');
  assert.equal(description('x'.repeat(400)).length, 250);
  assert.equal(description('{lang=en} b'), 'lang=en} b');
});

test('SCORM 2004 interaction: its formats', () => {
  const v = asMap(interactionValues('2004', 3, answer));
  assert.equal(interactionValues('2004', 3, answer)[0][0], 'cmi.interactions.3.id');
  assert.equal(v['cmi.interactions.3.id'], 'q-el_7__');
  assert.equal(v['cmi.interactions.3.type'], 'choice');
  assert.equal(v['cmi.interactions.3.learner_response'], 'a_1[,]b_2');
  assert.equal(v['cmi.interactions.3.correct_responses.0.pattern'], 'a_1');
  assert.equal(v['cmi.interactions.3.result'], 'incorrect');
  assert.equal(v['cmi.interactions.3.latency'], 'PT1M5.25S');
  assert.equal(v['cmi.interactions.3.timestamp'], '2026-11-28T06:01:05.25Z');
  assert.equal(v['cmi.interactions.3.description'], 'Which club drives furthest?');
  assert.equal(v['cmi.interactions.3.objectives.0.id'], 'quiz');
  assert.equal(timestamp2004(new Date(Date.UTC(2026, 0, 2, 3, 4, 5))), '2026-01-02T03:04:05.00Z');
});

test('SCORM 1.2 interaction: its formats', () => {
  const v = asMap(interactionValues('1.2', 0, { ...answer, correct: true }));
  assert.equal(v['cmi.interactions.0.id'], 'q-el_7__');
  assert.equal(v['cmi.interactions.0.type'], 'choice');
  assert.equal(v['cmi.interactions.0.student_response'], 'b,c');
  assert.equal(v['cmi.interactions.0.correct_responses.0.pattern'], 'b');
  assert.equal(v['cmi.interactions.0.result'], 'correct');
  assert.equal(v['cmi.interactions.0.latency'], '0000:01:05.25');
  assert.match(v['cmi.interactions.0.time'], /^\d\d:\d\d:\d\d$/);
  assert.equal(time12(new Date(2026, 0, 1, 7, 8, 9)), '07:08:09');
  assert.equal(v['cmi.interactions.0.objectives.0.id'], 'quiz');
  assert.equal(v['cmi.interactions.0.description'], undefined);
});

test('the quiz objective in each version', () => {
  assert.deepEqual(asMap(objectiveValues('2004', 0, { score: 67, passed: false, completed: true })), {
    'cmi.objectives.0.id': 'quiz', 'cmi.objectives.0.score.min': '0', 'cmi.objectives.0.score.max': '100',
    'cmi.objectives.0.score.raw': '67', 'cmi.objectives.0.score.scaled': '0.67',
    'cmi.objectives.0.success_status': 'failed', 'cmi.objectives.0.completion_status': 'completed'
  });
  assert.deepEqual(asMap(objectiveValues('1.2', 1, { score: 100, passed: true, completed: true })), {
    'cmi.objectives.1.id': 'quiz', 'cmi.objectives.1.score.min': '0', 'cmi.objectives.1.score.max': '100',
    'cmi.objectives.1.score.raw': '100', 'cmi.objectives.1.status': 'passed'
  });
  assert.deepEqual(asMap(objectiveValues('1.2', 0, { score: null, passed: null, completed: false })), {
    'cmi.objectives.0.id': 'quiz', 'cmi.objectives.0.status': 'incomplete'
  });
});

/** scorm-again as the LMS's API in a window of its own, with every SetValue's error code kept. */
function lms(version) {
  const api = version === '1.2' ? new Scorm12API({ logLevel: 5 }) : new Scorm2004API({ logLevel: 5 });
  const errors = [];
  const set = version === '1.2' ? 'LMSSetValue' : 'SetValue';
  const last = version === '1.2' ? 'LMSGetLastError' : 'GetLastError';
  const wrapped = new Proxy(api, {
    get(target, name) {
      if (name !== set) return typeof target[name] === 'function' ? target[name].bind(target) : target[name];
      return (k, v) => {
        const ok = target[set](k, v);
        const code = String(target[last]());
        if (ok !== 'true' || code !== '0') errors.push(`${k}=${v}: ${code}`);
        return ok;
      };
    }
  });
  const win = { [version === '1.2' ? 'API' : 'API_1484_11']: wrapped };
  win.parent = win;
  win.top = win;
  globalThis.window = win;
  return { api, errors };
}

for (const version of ['1.2', '2004']) {
  test(`scorm-again's SCORM ${version} API takes every value (two answers journaled, the objective twice)`, () => {
    const { api, errors } = lms(version);
    const c = connect(version);
    assert.ok(c, 'connected');
    c.interaction(answer);
    c.interaction({ ...answer, answers: ['a 1'], correct: true, questionId: 'q2', text: '{lang=en} Second' });
    c.objective({ score: null, passed: null, completed: false });
    c.objective({ score: 50, passed: false, completed: true });
    assert.deepEqual(errors, []);
    const get = (k) => String(api[version === '1.2' ? 'LMSGetValue' : 'GetValue'](k));
    assert.equal(get('cmi.interactions._count'), '2');
    assert.equal(get('cmi.objectives._count'), '1');
    assert.equal(get('cmi.objectives.0.score.raw'), '50');
    if (version === '2004') {
      assert.equal(get('cmi.interactions.1.result'), 'correct');
      assert.equal(get('cmi.interactions.0.learner_response'), 'a_1[,]b_2');
      assert.equal(get('cmi.objectives.0.success_status'), 'failed');
    } else {
      assert.equal(get('cmi.objectives.0.status'), 'failed');
    }
  });
}
