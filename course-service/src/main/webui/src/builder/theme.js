// The course's theme as CSS variables for a preview, scoped to one element instead of the page
// (the same rules as the player, lib/theme.js). `themes` is the editor API's list (GET /themes).
import { isColor, themeStyle } from '../lib/theme.js';

export { isColor };

/** The theme the document names, from the list; null when it names none or one that is gone. */
export function themeOf(doc, themes) {
  const id = doc && doc.theme && doc.theme.themeId;
  return (id && (themes || []).find((t) => t.id === id)) || null;
}

/** The preview's inline style: the named theme's variables, the document's colour over its primary. */
export function themeVars(doc, themes) {
  return themeStyle(themeOf(doc, themes), doc && doc.theme && doc.theme.colorPrimary);
}
