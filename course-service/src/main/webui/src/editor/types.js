// What the editors know about element types beyond the catalogue: display names, field labels,
// which text fields are HTML, and the defaults of a new element.
import { newId } from './ids.js';
import { htmlToText, oneLine } from '../lib/htmlText.js';
import { t } from '../lib/labels.js';

/** Display names, in the order of the "Add element" menu. */
export const TYPE_NAMES = {
  heading: 'Heading',
  text: 'Text',
  list: 'List',
  quote: 'Quote',
  callout: 'Callout',
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  embed: 'Embedded page',
  flipcard: 'Flip card',
  accordion: 'Accordion panel',
  tabs: 'Tab',
  timeline: 'Timeline event',
  button: 'Button',
  divider: 'Divider',
  timeEstimate: 'Time estimate',
  question: 'Question',
  quizResults: 'Quiz results'
};

export const typeName = (type) => TYPE_NAMES[type] || (type ? type.charAt(0).toUpperCase() + type.slice(1) : 'Element');

/** Icons (decorative) for the menu and the element cards. */
export const TYPE_ICONS = {
  heading: 'H', text: '¶', list: '≡', quote: '❝', callout: 'ℹ', image: '▣', video: '▶', audio: '♪', embed: '↗',
  flipcard: '⟲', accordion: '▾', tabs: '⊟', timeline: '⋮', button: '▭', divider: '—', timeEstimate: '◷',
  question: '?', quizResults: '%'
};

/** The fields of each type when the catalogue does not say (it mirrors ElementType.java). */
export const FALLBACK_FIELDS = {
  heading: [['title', 'TEXT'], ['level', 'HEADING_LEVEL']],
  text: [['title', 'TEXT'], ['description', 'TEXT']],
  image: [['asset', 'ASSET'], ['altText', 'TEXT'], ['title', 'TEXT'], ['description', 'TEXT']],
  video: [['asset', 'ASSET'], ['title', 'TEXT'], ['description', 'TEXT'], ['transcript', 'TEXT'], ['autoplay', 'BOOLEAN']],
  audio: [['asset', 'ASSET'], ['title', 'TEXT'], ['description', 'TEXT'], ['transcript', 'TEXT']],
  flipcard: [['title', 'TEXT'], ['cardBack', 'TEXT'], ['asset', 'ASSET']],
  accordion: [['title', 'TEXT'], ['description', 'TEXT'], ['expanded', 'BOOLEAN']],
  tabs: [['title', 'TEXT'], ['description', 'TEXT']],
  quote: [['description', 'TEXT'], ['title', 'TEXT']],
  list: [['title', 'TEXT'], ['description', 'TEXT'], ['ordered', 'BOOLEAN']],
  callout: [['title', 'TEXT'], ['description', 'TEXT'], ['tone', 'TONE']],
  timeline: [['title', 'TEXT'], ['description', 'TEXT']],
  button: [['title', 'TEXT'], ['url', 'LINK'], ['newWindow', 'BOOLEAN']],
  divider: [],
  embed: [['url', 'LINK'], ['title', 'TEXT'], ['height', 'NON_NEGATIVE_INTEGER']],
  timeEstimate: [['minutes', 'NON_NEGATIVE_INTEGER', true], ['title', 'TEXT']],
  question: [['question', 'TEXT'], ['title', 'TEXT'], ['description', 'TEXT'], ['answers', 'ANSWERS', true], ['multiple', 'BOOLEAN'], ['feedback', 'TEXT']],
  quizResults: [['title', 'TEXT'], ['description', 'TEXT'], ['passPercent', 'PERCENT']]
};

/** Types whose `description` the player renders as HTML (the others show it as plain text). */
export const RICH_DESCRIPTION = new Set(['text', 'image', 'video', 'audio', 'accordion', 'tabs', 'quote', 'list', 'callout', 'timeline']);

/**
 * Field labels and hints per type. Keys: `type.field`, then `field`. The system test relies on
 * "Front", "Back", "Question", "Feedback", "Minutes", "Alt text" and "Image URL".
 */
// Built when asked, so each label is in the page's current language.
const labels = () => ({
  'heading.title': t('Heading text'),
  'heading.level': t('Level'),
  'text.description': t('Text'),
  'image.title': t('Caption'),
  'image.altText': [t('Alt text'), t('Describe the picture for people who cannot see it. Leave empty if it is decorative.')],
  'video.autoplay': t('Play automatically'),
  'flipcard.title': t('Front'),
  'flipcard.cardBack': [t('Back'), t('Learners see this when they flip the card.')],
  'accordion.title': t('Panel heading'),
  'accordion.description': t('Panel text'),
  'accordion.expanded': t('Open when the screen is shown'),
  'tabs.title': t('Tab label'),
  'tabs.description': t('Tab text'),
  'quote.description': t('Quote'),
  'quote.title': t('Who said it'),
  'list.description': t('List'),
  'list.ordered': t('Number the items'),
  'callout.description': t('Text'),
  'callout.tone': t('Tone'),
  'timeline.title': t('Date or label'),
  'timeline.description': t('What happened'),
  'button.title': t('Label'),
  'button.url': [t('Link URL'), t('Leave empty to make the button go to the next screen.')],
  'button.newWindow': t('Open the link in a new tab'),
  'embed.url': [t('Page URL'), t('Learners get a link to open the page.')],
  'embed.height': t('Height in pixels'),
  'timeEstimate.minutes': t('Minutes'),
  'timeEstimate.title': [t('Label'), t('Shown before the time, for example "Reading time".')],
  'question.question': t('Question'),
  'question.title': [t('Title'), t('Optional, shown under the question.')],
  'question.description': [t('Notes'), t('Not shown to learners.')],
  'question.multiple': t('Learners can choose several answers'),
  'question.feedback': [t('Feedback'), t('Shown after the learner checks the answer.')],
  'quizResults.title': t('Title'),
  'quizResults.description': [t('Message'), t('Shown with the score.')],
  'quizResults.passPercent': [t('Pass mark (%)'), t('From 0 to 100.')],
  title: t('Title'),
  description: t('Description'),
  transcript: [t('Transcript'), t('The words spoken, for learners who cannot listen.')],
  url: t('URL')
});

export function fieldLabel(type, field) {
  const all = labels();
  const l = all[`${type}.${field}`] || all[field] || field.charAt(0).toUpperCase() + field.slice(1);
  return Array.isArray(l) ? { label: l[0], hint: l[1] } : { label: l };
}

/** The label of an element's asset URL field. */
export const assetLabel = (type) => ({ video: t('Video URL'), audio: t('Audio URL') }[type] || t('Image URL'));

/** A new element of a type, with sensible defaults, placed after the others on the 12-column grid. */
export function newElement(type, elements = []) {
  const y = (elements || []).reduce((m, e) => (e.layout ? Math.max(m, (e.layout.y | 0) + (e.layout.h | 0 || 1)) : m), 0);
  // Placed on the grid after the others; documents whose elements have no geometry (converted
  // Classic courses) keep document order, so a new element gets none either.
  const gridless = (elements || []).some((e) => !e.layout);
  const el = { id: newId('element'), type, layout: { x: 0, y, w: 12, h: 2 } };
  const made = defaults(type, el);
  if (gridless) delete made.layout;
  return made;
}

function defaults(type, el) {
  switch (type) {
    case 'heading': return { ...el, title: '', level: 2 };
    case 'text': return { ...el, description: '' };
    case 'list': return { ...el, description: '<ul><li><br></li></ul>', ordered: false };
    case 'callout': return { ...el, title: '', description: '', tone: 'info' };
    case 'quote': return { ...el, description: '', title: '' };
    case 'image': return { ...el, altText: '', layout: { ...el.layout, h: 5 } };
    case 'video': return { ...el, title: '', layout: { ...el.layout, h: 6 } };
    case 'audio': return { ...el, title: '' };
    case 'embed': return { ...el, title: '', height: 480, layout: { ...el.layout, h: 8 } };
    case 'flipcard': return { ...el, title: '', cardBack: '', layout: { ...el.layout, w: 6, h: 4 } };
    case 'accordion': return { ...el, title: '', description: '', expanded: false };
    case 'tabs': return { ...el, title: '', description: '' };
    case 'timeline': return { ...el, title: '', description: '' };
    case 'button': return { ...el, title: 'Continue', newWindow: false, layout: { ...el.layout, x: 4, w: 4, h: 1 } };
    case 'divider': return { ...el, layout: { ...el.layout, h: 1 } };
    case 'timeEstimate': return { ...el, minutes: 5, layout: { ...el.layout, h: 1 } };
    case 'question':
      return {
        ...el, question: '', multiple: false, feedback: '', layout: { ...el.layout, h: 6 },
        answers: [{ id: newId('answer'), text: '', correct: true }, { id: newId('answer'), text: '', correct: false }]
      };
    case 'quizResults': return { ...el, title: 'Your score', description: '', passPercent: 80, layout: { ...el.layout, h: 4 } };
    default: return el;
  }
}

/**
 * A short text that names an element in lists and announcements ("Flip card: Par"); `name` gives
 * the type's name (the canvas passes the one in the author's language, typeLabels.js).
 */
export function elementSummary(el, name = typeName) {
  const described = RICH_DESCRIPTION.has(el.type) ? htmlToText(el.description) : oneLine(el.description);
  const text = oneLine(el.title) || oneLine(el.question) || described;
  const chars = Array.from(text);
  const short = chars.length > 60 ? `${chars.slice(0, 57).join('')}…` : text;
  return short ? `${name(el.type)}: ${short}` : name(el.type);
}
