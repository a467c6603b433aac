// The course document the builder edits (src/builder/doc.js): screens moved, inserted and deleted
// without touching the rest, translations that never name what the document no longer has, and
// screens made from a layout with ids of their own.
import { describe, expect, test } from 'vitest';
import {
  deleteScreen, insertScreens, isLanguageTag, moveScreen, pruneTranslations, readTranslation, replaceScreen,
  screensFromLayout, screenTitle, translationLocales, writeTranslation
} from '../src/builder/doc.js';

const ids = (doc) => doc.screens.map((s) => s.id);
const course = () => ({
  title: 'Golf', locale: 'en',
  screens: [
    { id: 's1', title: 'Welcome', elements: [{ id: 'e1', type: 'text', title: 'Hi' }] },
    { id: 's2', title: 'Check', elements: [{ id: 'q1', type: 'question', question: 'Par?', answers: [{ id: 'a1', text: 'Yes', correct: true }, { id: 'a2', text: 'No' }] }] },
    { id: 's3', title: 'Done', elements: [] }
  ]
});

describe('screens', () => {
  test('a screen moves to the position given, clamped to the list; the other screens keep their order', () => {
    const doc = course();
    expect(ids(moveScreen(doc, 's1', 2))).toEqual(['s2', 's3', 's1']);
    expect(ids(moveScreen(doc, 's3', 0))).toEqual(['s3', 's1', 's2']);
    expect(ids(moveScreen(doc, 's2', 99))).toEqual(['s1', 's3', 's2']);
    expect(ids(moveScreen(doc, 's2', -5))).toEqual(['s2', 's1', 's3']);
    expect(ids(doc)).toEqual(['s1', 's2', 's3']);
  });

  test('moving to where it is, or an unknown screen, changes nothing (the same document: no undo step, no save)', () => {
    const doc = course();
    expect(moveScreen(doc, 's2', 1)).toBe(doc);
    expect(moveScreen(doc, 'nope', 0)).toBe(doc);
  });

  test('screens are inserted after the one named, or at the end when it is not found', () => {
    const doc = course();
    const added = [{ id: 'n1', elements: [] }, { id: 'n2', elements: [] }];
    expect(ids(insertScreens(doc, 's1', added))).toEqual(['s1', 'n1', 'n2', 's2', 's3']);
    expect(ids(insertScreens(doc, 'gone', added))).toEqual(['s1', 's2', 's3', 'n1', 'n2']);
    expect(ids(insertScreens({}, null, added))).toEqual(['n1', 'n2']);
  });

  test('replacing a screen changes only that screen', () => {
    const doc = course();
    const next = replaceScreen(doc, { id: 's2', title: 'Quiz', elements: [] });
    expect(next.screens[1].title).toBe('Quiz');
    expect(next.screens[0]).toBe(doc.screens[0]);
    expect(doc.screens[1].title).toBe('Check');
  });

  test('an untitled screen is named by its place', () => {
    expect(screenTitle({ title: '  Intro ' }, 0)).toBe('Intro');
    expect(screenTitle({ title: '   ' }, 2)).toBe('Untitled screen 3');
    expect(screenTitle(null, 0)).toBe('Untitled screen 1');
  });
});

describe('translations', () => {
  test('a written string reads back; an empty one removes it and the objects it leaves empty', () => {
    let doc = course();
    doc = writeTranslation(doc, 'fr', ['screens', 's2', 'elements', 'q1', 'question'], 'Le par ?');
    doc = writeTranslation(doc, 'fr', ['title'], 'Le golf');
    expect(readTranslation(doc, 'fr', ['screens', 's2', 'elements', 'q1', 'question'])).toBe('Le par ?');
    expect(readTranslation(doc, 'de', ['title'])).toBeUndefined();
    expect(translationLocales(doc)).toEqual(['fr']);

    doc = writeTranslation(doc, 'fr', ['screens', 's2', 'elements', 'q1', 'question'], '');
    expect(doc.translations.fr).toEqual({ title: 'Le golf' });
    expect(readTranslation(doc, 'fr', ['screens', 's2', 'elements', 'q1', 'question'])).toBeUndefined();
  });

  test('the source language is not a translation', () => {
    expect(translationLocales({ locale: 'fr', translations: { fr: {}, en: { title: 'Golf' } } })).toEqual(['en']);
    expect(translationLocales({ translations: { en: {}, de: {} } })).toEqual(['de']);
    expect(translationLocales({})).toEqual([]);
  });

  test('deleting a screen drops its translations', () => {
    let doc = course();
    doc = writeTranslation(doc, 'fr', ['screens', 's1', 'title'], 'Bienvenue');
    doc = writeTranslation(doc, 'fr', ['screens', 's2', 'title'], 'Contrôle');
    const next = deleteScreen(doc, 's1');
    expect(ids(next)).toEqual(['s2', 's3']);
    expect(Object.keys(next.translations.fr.screens)).toEqual(['s2']);
  });

  test('translations of elements and answers the document no longer has are dropped', () => {
    const doc = {
      ...course(),
      translations: {
        fr: {
          title: 'Le golf',
          screens: {
            s2: { title: 'Contrôle', elements: { q1: { question: 'Le par ?', answers: { a1: 'Oui', a9: 'Gone' } }, e9: { title: 'Gone' } } },
            s9: { title: 'Gone' }
          }
        }
      }
    };
    const next = pruneTranslations(doc);
    expect(next.translations.fr).toEqual({
      title: 'Le golf',
      screens: { s2: { title: 'Contrôle', elements: { q1: { question: 'Le par ?', answers: { a1: 'Oui' } } } } }
    });
  });

  test('a document whose translations are all current is returned as it is', () => {
    let doc = writeTranslation(course(), 'fr', ['screens', 's2', 'elements', 'q1', 'answers', 'a1'], 'Oui');
    expect(pruneTranslations(doc)).toBe(doc);
    doc = course();
    expect(pruneTranslations(doc)).toBe(doc);
  });

  test('language tags', () => {
    for (const tag of ['fr', 'pt-BR', 'zh-Hant-TW', 'gsw']) expect(isLanguageTag(tag)).toBe(true);
    for (const tag of ['', 'f', 'french!', 'fr_FR', 'en-', null]) expect(isLanguageTag(tag)).toBe(false);
  });
});

describe('screens from a layout', () => {
  const layout = {
    screens: [
      { id: 'L1', group: { id: 'g', role: 'question' }, elements: [{ id: 'x', type: 'question', answers: [{ id: 'p' }, { id: 'q' }] }] },
      { id: 'L2', group: { id: 'g', role: 'results' }, elements: [{ id: 'y', type: 'quizResults', passPercent: 80 }] },
      { id: 'L3', elements: [{ id: 'z', type: 'text' }] }
    ]
  };

  test('every screen, element and answer gets a new id; the layout is not changed', () => {
    const made = screensFromLayout(layout);
    const all = made.flatMap((s) => [s.id, ...s.elements.flatMap((e) => [e.id, ...(e.answers || []).map((a) => a.id)])]);
    expect(new Set(all).size).toBe(all.length);
    for (const id of ['L1', 'L2', 'L3', 'x', 'y', 'z', 'p', 'q']) expect(all).not.toContain(id);
    expect(made[1].elements[0]).toMatchObject({ type: 'quizResults', passPercent: 80 });
    expect(layout.screens[0].id).toBe('L1');
    expect(layout.screens[0].elements[0].answers[0].id).toBe('p');
  });

  test('a quiz\'s screens share a new group id, and two quizzes from one layout stay apart', () => {
    const one = screensFromLayout(layout);
    const two = screensFromLayout(layout);
    expect(one[0].group.id).toBe(one[1].group.id);
    expect(one[0].group.id).not.toBe('g');
    expect(one[0].group.role).toBe('question');
    expect(two[0].group.id).not.toBe(one[0].group.id);
    expect(one[2].group).toBeUndefined();
  });
});
