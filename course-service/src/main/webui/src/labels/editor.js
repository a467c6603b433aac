// French, German and Spanish for the canvas editor's labels (src/editor/, the builder's screen canvas).
import { addLabels } from '../lib/labels.js';

addLabels({ fr: {}, de: {}, es: {} });
