// One element drawn on the canvas as the player draws it (the classes of ui/Elements.jsx), with its
// text written in place: plain fields are Editable regions, HTML fields the inline RichText.
import { Editable } from './Editable.jsx';
import { RichText } from './RichText.jsx';
import { Media } from '../ui/Elements.jsx';
import { isAssetUrl } from '../lib/sanitize.js';
import { t } from '../lib/labels.js';

/** The fields each type has written on the canvas; the side panel leaves them out. */
export const CANVAS_FIELDS = {
  heading: ['title'],
  text: ['title', 'description'],
  list: ['title', 'description'],
  quote: ['description', 'title'],
  callout: ['title', 'description'],
  image: ['title', 'description'],
  video: ['title', 'description'],
  audio: ['title', 'description'],
  flipcard: ['title', 'cardBack'],
  accordion: ['title', 'description'],
  tabs: ['title', 'description'],
  timeline: ['title', 'description'],
  button: ['title'],
  embed: ['title'],
  timeEstimate: ['title'],
  question: ['question', 'title', 'answers'],
  quizResults: ['title', 'description']
};
export const canvasFields = (type) => new Set(CANVAS_FIELDS[type] || []);

/**
 * Types whose text on the canvas may all be hidden (optional texts show once selected): their frame
 * is a Tab stop itself, so the keyboard reaches them to select them.
 */
const ALWAYS_WRITTEN = new Set(['heading', 'text', 'list', 'quote', 'callout', 'flipcard', 'accordion', 'tabs', 'timeline', 'button',
  'embed', 'question', 'quizResults']);
export const needsFrameStop = (type) => !ALWAYS_WRITTEN.has(type);

const TONES = { info: 'Note', tip: 'Tip', warning: 'Warning' };

/**
 * CanvasElement({el, set(name, value, coalesceKey), setAnswer(i, text), selected, level, first, firstIsTitle}):
 * `level` is the heading level of the screen title on this page; optional texts (a caption, a
 * paragraph's title) show only while the element is selected or once they have words.
 */
export function CanvasElement({ el, set, setAnswer, selected, level, first, firstIsTitle }) {
  const key = (name) => `${el.id}:${name}`;
  const plain = (name, label, placeholder, props = {}) => (
    <Editable value={el[name]} label={label} placeholder={placeholder} onInput={(v) => set(name, v, key(name))} {...props} />
  );
  const rich = (name, label, placeholder, cls) => (
    <RichText inline value={el[name] || ''} label={label} placeholder={placeholder} class={cls}
      onChange={(v) => set(name, v, key(name))} />
  );
  const optional = (name) => selected || !!(el[name] && String(el[name]).trim());
  const sub = `h${Math.min(6, level + 1)}`;
  const Sub = sub;

  switch (el.type) {
    case 'heading': {
      // The player's level: the first heading is the screen's title, the others one below their level.
      const lvl = first && firstIsTitle ? 1 : Math.min(6, Math.max(2, (el.level || 2) + 1));
      // On this page the screen title is h{level}: the first heading takes its place, the others follow it.
      const H = `h${lvl === 1 ? level : Math.min(6, level + lvl - 2)}`;
      return <H class={`heading heading-${lvl}`}>{plain('title', t('Heading'), t('Write a heading'), { as: 'span' })}</H>;
    }
    case 'text':
      return (
        <section class="block-text">
          {optional('title') && <Sub class="block-title">{plain('title', t('Title'), t('Title (optional)'), { as: 'span' })}</Sub>}
          {rich('description', t('Paragraph'), t('Write a paragraph'))}
        </section>
      );
    case 'list':
      return (
        <section class={`block-list ${el.ordered ? 'is-ordered' : ''}`}>
          {optional('title') && <Sub class="block-title">{plain('title', t('Title'), t('Title (optional)'), { as: 'span' })}</Sub>}
          {rich('description', t('List'), t('Write the list items'))}
        </section>
      );
    case 'quote':
      return (
        <figure class="quote">
          <blockquote>{rich('description', t('Quote'), t('Write the quote'))}</blockquote>
          <figcaption>— {plain('title', t('Who said it'), t('Who said it'), { as: 'span' })}</figcaption>
        </figure>
      );
    case 'callout': {
      const tone = TONES[el.tone] ? el.tone : 'info';
      return (
        <div class={`callout callout-${tone}`}>
          <span class="callout-icon" aria-hidden="true">{tone === 'warning' ? '!' : tone === 'tip' ? '★' : 'i'}</span>
          <div class="cv-grow">
            {plain('title', t('Callout title'), t('Title (optional)'), { class: 'callout-title', as: 'p' })}
            {rich('description', t('Callout text'), t('Write the note'))}
          </div>
        </div>
      );
    }
    case 'image':
      return (
        <figure class="figure">
          {el.asset && isAssetUrl(el.asset.url)
            ? <Media asset={el.asset} alt={el.altText} decorative={el.decorative} />
            : <p class="cv-empty-media">{t('No picture yet: add one in the properties.')}</p>}
          {optional('title') && <figcaption>{plain('title', t('Caption'), t('Caption (optional)'), { as: 'span' })}</figcaption>}
          {optional('description') && rich('description', t('Description'), t('Description (optional)'))}
        </figure>
      );
    case 'video':
    case 'audio':
      return (
        <figure class="figure">
          {optional('title') && <figcaption class="media-title">{plain('title', t('Title'), t('Title (optional)'), { as: 'span' })}</figcaption>}
          {el.asset && isAssetUrl(el.asset.url)
            ? (el.type === 'video'
              ? <video class="media" src={el.asset.url} controls preload="metadata" playsInline aria-label={el.title || t('Video')} />
              : <audio class="media-audio" src={el.asset.url} controls preload="metadata" aria-label={el.title || t('Audio')} />)
            : <p class="cv-empty-media">{el.type === 'video' ? t('No video yet: add one in the properties.') : t('No audio yet: add it in the properties.')}</p>}
          {optional('description') && rich('description', t('Description'), t('Description (optional)'))}
        </figure>
      );
    case 'flipcard':
      // Both faces side by side: the author writes the back without flipping.
      return (
        <div class="cv-flip">
          <div class="cv-face">
            <span class="cv-face-name" aria-hidden="true">{t('Front')}</span>
            {el.asset && isAssetUrl(el.asset.url) && <img src={el.asset.url} alt={el.decorative ? '' : el.asset.altText || ''} />}
            {plain('title', t('Front'), t('A term, a question…'), { class: 'face-text', multiline: true })}
          </div>
          <div class="cv-face is-back">
            <span class="cv-face-name" aria-hidden="true">{t('Back')}</span>
            {plain('cardBack', t('Back'), t('What learners see when the card flips'), { class: 'face-text', multiline: true })}
          </div>
        </div>
      );
    case 'accordion':
      return (
        <div class="accordion">
          <div class="accordion-item cv-accordion">
            <div class="cv-summary"><span class="cv-chevron" aria-hidden="true">{el.expanded ? '▾' : '▸'}</span>
              {plain('title', t('Panel heading'), t('Panel heading'), { as: 'span' })}</div>
            <div class="accordion-body">{rich('description', t('Panel text'), t('What the panel shows when opened'))}</div>
          </div>
        </div>
      );
    case 'tabs':
      return (
        <div class="tabs">
          <div class="tablist cv-tablist"><span class="cv-tab">{plain('title', t('Tab label'), t('Tab label'), { as: 'span' })}</span></div>
          <div class="tabpanel">{rich('description', t('Tab text'), t('What the tab shows'))}</div>
        </div>
      );
    case 'timeline':
      return (
        <div class="timeline cv-timeline">
          <div class="cv-timeline-item">
            <span class="timeline-dot" aria-hidden="true" />
            {plain('title', t('Date or label'), t('Date or label'), { class: 'timeline-title', as: 'p' })}
            {rich('description', t('What happened'), t('What happened'))}
          </div>
        </div>
      );
    case 'button':
      return (
        <p class="block-button">
          <span class="btn btn-primary cv-button">{plain('title', t('Button label'), t('Button label'), { as: 'span' })}</span>
        </p>
      );
    case 'divider':
      return <hr class="divider" />;
    case 'embed':
      return (
        <div class="embed-card">
          {plain('title', t('Title'), t('External content'), { class: 'embed-title', as: 'p' })}
          <p class="muted">{el.url ? el.url : t('No page address yet: add it in the properties.')}</p>
        </div>
      );
    case 'timeEstimate':
      return (
        <p class="time-estimate">
          <span class="clock" aria-hidden="true" />
          {optional('title') && plain('title', t('Time label'), t('Label (optional)'), { as: 'span' })}
          <span>{el.title ? ': ' : ' '}{t('{n} min', { n: el.minutes || 0 })}</span>
        </p>
      );
    case 'question': {
      const answers = Array.isArray(el.answers) ? el.answers : [];
      return (
        <div class="question">
          {plain('question', t('Question'), t('Write the question'), { class: 'question-text', multiline: true })}
          {optional('title') && plain('title', t('Title'), t('Title (optional)'), { class: 'question-title', as: 'p' })}
          <p class="question-hint">{el.multiple ? t('Select all that apply.') : t('Select one answer.')}</p>
          <div class="choices">
            {answers.map((a, i) => (
              <div key={a.id} class={`choice cv-choice${a.correct ? ' is-correct' : ''}`}>
                <span class={`cv-mark${el.multiple ? ' is-box' : ''}`} aria-hidden="true" />
                <Editable value={a.text} label={t('Answer {n}', { n: i + 1 })} placeholder={t('Answer {n}', { n: i + 1 })} as="span"
                  class="choice-text" onInput={(v) => setAnswer(i, v)} data-answer-id={a.id} />
                {a.correct && <span class="cv-correct">{t('Correct')}</span>}
              </div>
            ))}
          </div>
        </div>
      );
    }
    case 'quizResults':
      return (
        <section class="card cv-results">
          <Sub class="block-title">{plain('title', t('Title'), t('Your score'), { as: 'span' })}</Sub>
          {plain('description', t('Message'), t('A message shown with the score (optional)'), { multiline: true, as: 'p' })}
          <p class="muted">{t('Pass mark: {n}%', { n: el.passPercent == null ? 80 : el.passPercent })}</p>
        </section>
      );
    default:
      return <p class="muted element-note">{t('This element type ({type}) cannot be edited here; it is kept as it is.', { type: el.type })}</p>;
  }
}
