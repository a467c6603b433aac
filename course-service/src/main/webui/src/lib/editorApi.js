// The editor API (docs/course-builder.md "Editor API"): paths relative to /v1/headless/player/editor,
// authenticated by the X-Player-Session header of an `edit` session.
import { request, revisionOf } from './api.js';

export { revisionOf };

export const EDITOR_BASE = '/v1/headless/player/editor';

/**
 * editorApi(session) -> {get(path, opts?), post(path, body), put(path, body, revision, opts?), patch(path, body), del(path)}.
 * Each resolves to the parsed JSON body (null for an empty body) or rejects with ApiError
 * (`status`, `reason`, `details`, `etag`). `put` sends `If-Match: "<revision>"`; its optional
 * fourth argument {keepalive} lets a save outlive the page (pagehide); get's {onHeaders} reads the
 * answer's headers.
 */
export function editorApi(session) {
  const call = (method, path, body, opts) => request(method, EDITOR_BASE + path, body, { session, ...(opts || {}) });
  return {
    get: (path, opts) => call('GET', path, undefined, opts),
    post: (path, body) => call('POST', path, body === undefined ? {} : body),
    put: (path, body, revision, { keepalive = false } = {}) =>
      call('PUT', path, body, { keepalive, headers: { 'If-Match': `"${revision}"` } }),
    patch: (path, body) => call('PATCH', path, body),
    del: (path) => call('DELETE', path)
  };
}
