// Where /play/lms may post what it tells the SCORM launcher that frames it: the launcher's origin
// and nowhere else (never '*', which would hand the messages to whatever document frames the page).

/** value when it is an origin as a browser serialises one (scheme://host[:port]), else null. */
function originOf(value) {
  if (!value || typeof value !== 'string') return null;
  try {
    const origin = new URL(value).origin;
    return origin !== 'null' && origin === value ? origin : null;
  } catch (e) {
    return null;
  }
}

/**
 * The launcher's origin: the one it named in the fragment (origin=), when the browser's own record
 * of the parent's origin (location.ancestorOrigins, in Chromium and Safari) agrees or the browser
 * keeps none; without a named one (the launcher of a package exported before launchers named it),
 * the parent's origin from that record. Null when neither is known: nothing is posted then.
 * postMessage with this target delivers only while the parent is of that origin.
 *
 * @param {string|null} named the fragment's origin=
 * @param {{length: number, 0?: string}|null|undefined} ancestors location.ancestorOrigins
 */
export function launcherOrigin(named, ancestors) {
  const parent = ancestors && ancestors.length > 0 ? originOf(ancestors[0]) : null;
  const claimed = originOf(named);
  if (claimed) return !ancestors || ancestors.length === 0 || claimed === parent ? claimed : null;
  return named ? null : parent;
}
