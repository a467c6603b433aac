// The translation view: every translatable string of the course beside its translation into one
// locale, saved into translations[locale] of the same document (an empty box uses the source text).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { RichText } from '../editor/RichText.jsx';
import { sanitize, hasText } from '../lib/sanitize.js';
import {
  TRANSLATABLE, isHtmlField, isLanguageTag, languageName, readTranslation, screensOf, screenTitle,
  translationLocales, writeTranslation
} from './doc.js';
import { typeLabel } from '../editor/typeLabels.js';
import { t } from '../lib/labels.js';

// Field names per element type, in the author's language (called when the view renders).
const FIELD_NAMES = {
  heading: { title: () => t('Heading') },
  text: { title: () => t('Title'), description: () => t('Text') },
  image: { title: () => t('Caption'), description: () => t('Description') },
  video: { title: () => t('Title'), description: () => t('Description') },
  audio: { title: () => t('Title'), description: () => t('Description') },
  flipcard: { title: () => t('Front'), cardBack: () => t('Back') },
  accordion: { title: () => t('Panel title'), description: () => t('Panel text') },
  tabs: { title: () => t('Tab label'), description: () => t('Tab text') },
  quote: { description: () => t('Quote'), title: () => t('Attribution') },
  list: { title: () => t('Title'), description: () => t('List') },
  callout: { title: () => t('Title'), description: () => t('Text') },
  timeline: { title: () => t('Event'), description: () => t('Event text') },
  button: { title: () => t('Button label') },
  embed: { title: () => t('Title') },
  timeEstimate: { title: () => t('Label') },
  question: { question: () => t('Question'), title: () => t('Title'), description: () => t('Description'), feedback: () => t('Feedback') },
  quizResults: { title: () => t('Title'), description: () => t('Text') }
};
const LONG = new Set(['description', 'cardBack', 'feedback']);

/** The translatable strings of the document, grouped per section: [{id, heading, rows: [{key, path, label, source, html, long}]}]. */
export function translatableStrings(doc) {
  const sections = [];
  const course = [];
  if (doc.title) course.push({ key: 'title', path: ['title'], label: t('Course title'), source: doc.title });
  if (doc.description) course.push({ key: 'description', path: ['description'], label: t('Course description'), source: doc.description, long: true });
  sections.push({ id: 'course', heading: t('Course'), rows: course });
  screensOf(doc).forEach((s, i) => {
    const rows = [];
    const base = ['screens', s.id];
    if (s.title) rows.push({ key: `${s.id}:title`, path: [...base, 'title'], label: t('Screen title'), source: s.title });
    if (s.description) rows.push({ key: `${s.id}:description`, path: [...base, 'description'], label: t('Screen description'), source: s.description, long: true });
    for (const el of s.elements || []) {
      const names = FIELD_NAMES[el.type] || {};
      const type = typeLabel(el.type);
      for (const f of TRANSLATABLE) {
        const v = el[f];
        if (typeof v !== 'string' || !(isHtmlField(el, f) ? hasText(v) : v.trim())) continue;
        const name = names[f] ? names[f]() : f;
        rows.push({
          key: `${el.id}:${f}`, path: [...base, 'elements', el.id, f], source: v, html: isHtmlField(el, f), long: LONG.has(f),
          label: name === type ? name : t('{type}: {field}', { type, field: name })
        });
      }
      (Array.isArray(el.answers) ? el.answers : []).forEach((a, n) => {
        if (a && typeof a.text === 'string' && a.text.trim()) {
          rows.push({ key: `${el.id}:answer:${a.id}`, path: [...base, 'elements', el.id, 'answers', a.id], label: t('Answer {n}', { n: n + 1 }), source: a.text });
        }
      });
    }
    sections.push({ id: s.id, heading: t('Screen {n}: {title}', { n: i + 1, title: screenTitle(s, i) }), rows });
  });
  return sections;
}

function Row({ row, value, locale, lang, onChange }) {
  const id = `tr-${row.key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const label = `${row.label} (${lang})`;
  return (
    <div class="b-tr-row">
      <div class="b-tr-source">
        <span class="b-tr-label" aria-hidden="true">{row.label}</span>
        {row.html
          ? <div class="b-tr-text rich" id={`${id}-src`} dangerouslySetInnerHTML={{ __html: sanitize(row.source) }} />
          : <p class="b-tr-text" id={`${id}-src`}>{row.source}</p>}
      </div>
      <div class={`b-tr-target${value ? ' is-done' : ''}`} lang={locale}>
        {row.html
          ? <RichText id={id} label={label} value={value || ''} onChange={(html) => onChange(row, hasText(html) ? html : '')} />
          : (
            <>
              <label class="b-tr-label" for={id}>{label}</label>
              {row.long
                ? <textarea id={id} rows="3" value={value || ''} aria-describedby={`${id}-src`} onInput={(e) => onChange(row, e.currentTarget.value)} />
                : <input id={id} value={value || ''} aria-describedby={`${id}-src`} onInput={(e) => onChange(row, e.currentTarget.value)} />}
            </>
          )}
      </div>
    </div>
  );
}

export function TranslationView({ doc, onChange, locale, onLocale, suggested, selectedId, onClose, focusOnOpen }) {
  const source = doc.locale || 'en';
  const [extra, setExtra] = useState([]);
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState('');
  const locales = useMemo(() => {
    const all = [...translationLocales(doc), ...(suggested && suggested !== source ? [suggested] : []), ...extra];
    return [...new Set(all)];
  }, [doc.translations, suggested, extra]);
  const sections = useMemo(() => translatableStrings(doc), [doc]);
  const lang = locale ? languageName(locale) : '';
  const root = useRef(null);
  const title = useRef(null);
  useEffect(() => {
    // Opened from the toolbar: move there (on a phone the view is below the screen list).
    if (focusOnOpen && title.current) { title.current.focus({ preventScroll: true }); title.current.scrollIntoView({ block: 'start' }); }
  }, []);

  useEffect(() => {
    if (!selectedId || !root.current) return;
    const el = root.current.querySelector(`[data-section="${CSS.escape(selectedId)}"]`);
    if (el) el.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [selectedId]);

  const all = sections.flatMap((s) => s.rows);
  const done = locale ? all.filter((r) => readTranslation(doc, locale, r.path)).length : 0;
  const write = (row, value) => onChange(writeTranslation(doc, locale, row.path, value), `tr:${locale}:${row.key}`);

  const add = (e) => {
    e.preventDefault();
    const wanted = tag.trim();
    if (!isLanguageTag(wanted)) { setTagError(t('Enter a language tag such as fr, de or pt-BR.')); return; }
    if (wanted.toLowerCase() === source.toLowerCase()) { setTagError(t('The course is written in {language} already.', { language: languageName(source) })); return; }
    setTagError('');
    setTag('');
    if (!locales.includes(wanted)) setExtra([...extra, wanted]);
    onLocale(wanted);
  };

  return (
    <section class="b-translate" aria-labelledby="translate-title" ref={root}>
      <div class="b-tr-head">
        <div class="b-tr-titles">
          <h2 id="translate-title" tabIndex={-1} ref={title}>{t('Translate')}</h2>
          <p class="b-hint">{t('Written in {language}. Leave a box empty to show the original text.', { language: languageName(source) })}</p>
        </div>
        <button type="button" class="btn btn-secondary" onClick={onClose}>{t('Done translating')}</button>
      </div>
      <div class="b-tr-controls">
        <div class="b-field">
          <label for="tr-locale">{t('Language')}</label>
          <select id="tr-locale" value={locale || ''} onChange={(e) => onLocale(e.currentTarget.value || null)}>
            <option value="">{t('Choose a language…')}</option>
            {locales.map((l) => <option key={l} value={l}>{languageName(l)} ({l})</option>)}
          </select>
        </div>
        <form class="b-tr-add" onSubmit={add}>
          <div class="b-field">
            <label for="tr-new">{t('Add a language')}</label>
            <input id="tr-new" value={tag} placeholder={t('e.g. de or pt-BR')} aria-describedby="tr-new-error" aria-invalid={tagError ? 'true' : undefined}
              onInput={(e) => setTag(e.currentTarget.value)} />
          </div>
          <button type="submit" class="btn btn-secondary">{t('Add')}</button>
          <p class="b-form-error" id="tr-new-error">{tagError}</p>
        </form>
      </div>
      {!locale && <p class="b-empty">{t('Choose a language, or add one, to translate the course.')}</p>}
      {locale && (
        <>
          <div class="b-tr-progress">
            <span>{t('{done} of {total} texts translated into {language}', { done, total: all.length, language: lang })}</span>
            <span class="b-meter" aria-hidden="true"><span style={`width: ${all.length ? Math.round((done / all.length) * 100) : 0}%`} /></span>
          </div>
          <div class="b-tr-columns" aria-hidden="true"><span>{languageName(source)}</span><span>{lang}</span></div>
          {sections.map((s) => (s.rows.length > 0 && (
            <div key={s.id} class="b-tr-section" data-section={s.id}>
              <h3 id={`tr-h-${s.id}`}>{s.heading}</h3>
              {s.rows.map((r) => <Row key={`${locale}:${r.key}`} row={r} value={readTranslation(doc, locale, r.path)} locale={locale} lang={lang} onChange={write} />)}
            </div>
          )))}
        </>
      )}
    </section>
  );
}
