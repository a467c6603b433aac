// Browser events to the framing page: only when the embed named a parentOrigin, and only to it.

export function eventSender(parentOrigin, base) {
  const log = [];
  const framed = typeof window !== 'undefined' && window.parent && window.parent !== window;
  function send(type, extra) {
    const message = { source: 'course-platform', version: 1, type, ...base, ...(extra || {}) };
    log.push(message);
    if (!parentOrigin || !framed) return;
    try {
      window.parent.postMessage(message, parentOrigin);
    } catch (e) {
      /* a malformed origin: nothing is sent */
    }
  }
  send.log = log;
  return send;
}
