// Element type names in the page's language (types.js keeps the English names the document tools use).
import { t } from '../lib/labels.js';
import { typeName } from './types.js';

const NAMES = {
  heading: () => t('Heading'),
  text: () => t('Text'),
  list: () => t('List'),
  quote: () => t('Quote'),
  callout: () => t('Callout'),
  image: () => t('Image'),
  video: () => t('Video'),
  audio: () => t('Audio'),
  embed: () => t('Embedded page'),
  flipcard: () => t('Flip card'),
  accordion: () => t('Accordion panel'),
  tabs: () => t('Tab'),
  timeline: () => t('Timeline event'),
  button: () => t('Button'),
  divider: () => t('Divider'),
  timeEstimate: () => t('Time estimate'),
  question: () => t('Question'),
  quizResults: () => t('Quiz results')
};

/** The name of an element type, translated; unknown types keep their own name. */
export const typeLabel = (type) => (NAMES[type] ? NAMES[type]() : typeName(type));
