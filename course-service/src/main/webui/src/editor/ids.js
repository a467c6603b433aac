// Fresh ids for what the editor creates: new elements, answers, screens, duplicates, layout templates.

/** prefix + '-' + 8 random hex characters ("element-3f2a9c01"). */
export function newId(prefix) {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const copy = (v) => JSON.parse(JSON.stringify(v));

function renew(el) {
  el.id = newId('element');
  if (Array.isArray(el.answers)) el.answers = el.answers.map((a) => ({ ...a, id: newId('answer') }));
  return el;
}

/** A deep copy of an element with a new element id and new answer ids. */
export function freshElement(el) {
  return renew(copy(el));
}

/**
 * A deep copy of a screen with a new screen id, new element ids and new answer ids. The quiz
 * `group` is kept as it is unless options.groupId is given (then group.id becomes it).
 */
export function freshScreen(screen, { groupId } = {}) {
  const s = copy(screen);
  s.id = newId('screen');
  s.elements = (s.elements || []).map(renew);
  if (groupId && s.group) s.group = { ...s.group, id: groupId };
  return s;
}

/**
 * Fresh copies of several screens that belong together (a quiz layout's cover, question and
 * results): screens that shared a group share one new group id.
 */
export function freshScreens(screens) {
  const groups = {};
  return (screens || []).map((s) => {
    const old = s.group && s.group.id;
    if (old && !groups[old]) groups[old] = newId('group');
    return freshScreen(s, { groupId: old ? groups[old] : undefined });
  });
}
