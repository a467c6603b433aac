// The course player's progress and grading rules as the SCO runtime applies them
// (src/lib/progressRules.js), against the examples the service is held to as well
// (progress-rules.examples.json, also read by ProgressRulesExamplesTest in course-service).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { isRight, outlineOf, passedOf, scoreOf, step } from '../src/lib/progressRules.js';

const examples = JSON.parse(readFileSync(new URL('./progress-rules.examples.json', import.meta.url), 'utf8'));

describe('the progress and grading examples', () => {
  test('are there', () => {
    expect(examples.cases.length).toBeGreaterThan(10);
  });

  test.each(examples.cases.map((c) => [c.name, c]))('%s', (_, example) => {
    const outline = outlineOf(example.document);
    let state = { furthest: -1, answers: {}, completed: false };
    example.writes.forEach((write, i) => {
      const next = step(outline, state, write);
      state = next.state;
      const got = {
        percent: next.progress.percent,
        completed: next.progress.completed,
        score: scoreOf(outline, state.answers),
        passed: passedOf(outline, state.answers)
      };
      const { right, ...expected } = write.expect;
      expect(got, `after write ${i + 1}`).toEqual(expected);
      expect(next.progress.screenIndex).toBe(write.screenIndex);
      for (const [question, isRightAnswer] of Object.entries(right || {})) {
        expect(isRight(outline, question, state.answers), `after write ${i + 1}, question ${question}`).toBe(isRightAnswer);
      }
    });
  });
});

describe('what the rules take of a document', () => {
  test('the pass mark is the first quiz results element\'s number, clamped to 0-100; 80 without one', () => {
    const withMark = (...marks) => ({ screens: [{ elements: marks.map((m, i) => ({ id: `r${i}`, type: 'quizResults', passPercent: m })) }] });
    expect(outlineOf(withMark(70, 90)).passPercent).toBe(70);
    expect(outlineOf(withMark('70', 90)).passPercent).toBe(90);
    expect(outlineOf(withMark(150)).passPercent).toBe(100);
    expect(outlineOf(withMark(-5)).passPercent).toBe(0);
    expect(outlineOf(withMark()).passPercent).toBe(80);
    expect(outlineOf(null)).toMatchObject({ screenCount: 0, questionIds: [], passPercent: 80 });
  });

  test('a question\'s correct answers are those marked correct, as the service reads the flag', () => {
    const outline = outlineOf({ screens: [{ elements: [{ id: 'q1', type: 'question', answers: [
      { id: 'a1', correct: true }, { id: 'a2', correct: 'true' }, { id: 'a3', correct: 1 }, { id: 'a4', correct: false },
      { id: 'a5', correct: 'yes' }, { id: 'a6' }, { id: 'a7', correct: 0 }] }] }] });
    expect(outline.correct.q1).toEqual(['a1', 'a2', 'a3']);
  });

  test('a course completes once: a later write keeps it completed', () => {
    const outline = outlineOf({ screens: [{ elements: [] }, { elements: [] }] });
    let state = { furthest: -1, answers: {}, completed: false };
    state = step(outline, state, { screenIndex: 1 }).state;
    const again = step(outline, state, { screenIndex: 0 });
    expect(again.state.completed).toBe(true);
    expect(again.progress).toMatchObject({ screenIndex: 0, percent: 100, completed: true, commenced: true });
  });
});
