// Turns a refused save into words an author can act on.
import { typeName } from './types.js';

/** One `details` entry ({field, message}) of a screen document, named by what it is about. */
export function describeDetail(detail, doc) {
  const field = String((detail && detail.field) || '');
  const message = (detail && detail.message) || 'is not valid';
  const m = /elements\[(\d+)\](?:\.([A-Za-z]+))?(?:\[(\d+)\])?(?:\.([A-Za-z]+))?/.exec(field);
  if (m && doc && Array.isArray(doc.elements) && doc.elements[Number(m[1])]) {
    const el = doc.elements[Number(m[1])];
    const what = el.question || el.title;
    const name = `${typeName(el.type)}${what ? ` “${what.length > 40 ? `${what.slice(0, 39)}…` : what}”` : ''}`;
    const part = m[2] === 'answers' && m[3] != null ? `answer ${Number(m[3]) + 1}${m[4] ? ` ${m[4]}` : ''}` : m[2] || '';
    return `${name}: ${part ? `${part} ` : ''}${message}`;
  }
  const last = field.replace(/^document\.?/, '') || 'The screen';
  return `${last} ${message}`;
}

/** A sentence for a failed save (status 'error' / 'offline'), or null. */
export function saveProblem(error) {
  if (!error) return null;
  if (error.status === 0) return 'You are offline. Your changes are kept here and saved when the connection is back.';
  if (error.status === 401) return 'Your editing session has ended. Open the editing link again; changes since the last save are not saved.';
  if (error.status === 403) return 'This link cannot edit this screen any more. Ask for a new editing link.';
  if (error.status === 404) return 'This screen no longer exists, so your changes cannot be saved.';
  if (error.status === 413) return 'This screen is too large to save. Remove some content and try again.';
  if (error.status === 400) return 'Some changes could not be saved because the screen is not valid yet:';
  if (error.status === 429) return 'Too many saves in a short time; trying again in a moment.';
  return 'Your changes could not be saved. Trying again shortly.';
}
