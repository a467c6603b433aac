// node --test labels.test.mjs: the pages' labels (src/main/webui/src/lib/labels.js): the language
// chosen from the URL, the course and the browser, and English per missing string.
import test from 'node:test';
import assert from 'node:assert/strict';
import { addLabels, pickLabelLocale, setLabelLocale, t, urlLocale } from '../../main/webui/src/lib/labels.js';

addLabels({ fr: { Next: 'Suivant', 'Screen {n} of {total}': 'Écran {n} sur {total}', Blank: '  ' }, de: { Next: 'Weiter' } });

test('the first candidate the pages speak wins; region and case do not matter', () => {
  assert.equal(pickLabelLocale('fr-CA'), 'fr');
  assert.equal(pickLabelLocale(null, '', 'pt-BR', 'DE'), 'de');
  assert.equal(pickLabelLocale(['ja', 'es_MX']), 'es');
  assert.equal(pickLabelLocale('ja', undefined), 'en');
});

test('a translated label, its placeholders filled', () => {
  setLabelLocale('fr');
  assert.equal(t('Next'), 'Suivant');
  assert.equal(t('Screen {n} of {total}', { n: 2, total: 5 }), 'Écran 2 sur 5');
  setLabelLocale('de');
  assert.equal(t('Next'), 'Weiter');
});

test('a missing or blank translation falls back to English, per string', () => {
  setLabelLocale('fr');
  assert.equal(t('Previous'), 'Previous');
  assert.equal(t('Blank'), 'Blank');
  setLabelLocale('de');
  assert.equal(t('Screen {n} of {total}', { n: 1, total: 3 }), 'Screen 1 of 3');
  setLabelLocale('en');
  assert.equal(t('Next'), 'Next');
});

test('the URL names the language with locale or lang', () => {
  assert.equal(urlLocale('?w=1&locale=es'), 'es');
  assert.equal(urlLocale('?lang=de-AT'), 'de-AT');
  assert.equal(urlLocale('?w=1'), null);
});

test('a sense in brackets tells two meanings apart and is not shown in English', () => {
  addLabels({ fr: { '[navigation] Back': 'Retour', Back: 'Verso' } });
  setLabelLocale('fr');
  assert.equal(t('[navigation] Back'), 'Retour');
  assert.equal(t('Back'), 'Verso');
  setLabelLocale('de');
  assert.equal(t('[navigation] Back'), 'Back');
  setLabelLocale('en');
  assert.equal(t('[navigation] Back'), 'Back');
});
