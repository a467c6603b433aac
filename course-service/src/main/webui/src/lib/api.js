// Calls to the player API on the page's own origin. The session id is the only credential.

import { t } from './labels.js';

export class ApiError extends Error {
  /**
   * status: the HTTP status (0 when the connection failed); reason: `error.reason` of the answer;
   * details: the answer's `details` ([{field, message}], validation); etag: the answer's ETag as a
   * revision number (a 412 names the current revision there), or null.
   */
  constructor(status, reason, message, details = [], etag = null) {
    super(message || `HTTP ${status}`);
    this.status = status;
    this.reason = reason;
    this.details = Array.isArray(details) ? details : [];
    this.etag = etag;
  }
}

/** The revision an ETag names: `"12"` (or `W/"12"`, or `12`) -> 12; anything else -> null. */
export function revisionOf(etag) {
  if (etag == null) return null;
  const m = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(String(etag));
  return m ? Number(m[1]) : null;
}

/**
 * One call to the API on the page's own origin. Resolves to the parsed JSON body (null when the
 * body is empty); rejects with ApiError (status 0 when the connection failed).
 * opts: {session, keepalive, headers, onHeaders}; body undefined sends no body; onHeaders(headers)
 * sees the answer's headers (a list's next cursor).
 */
export async function request(method, path, body, { session, keepalive = false, headers: extra, onHeaders } = {}) {
  const headers = { Accept: 'application/json', ...(extra || {}) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers['X-Player-Session'] = session;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      keepalive,
      credentials: 'same-origin',
      cache: 'no-store'
    });
  } catch (e) {
    throw new ApiError(0, 'network', 'The connection failed.');
  }
  let data;
  try {
    const text = await res.text();
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (res.ok && onHeaders) onHeaders(res.headers);
  if (!res.ok) {
    throw new ApiError(res.status, data && data.error && data.error.reason, data && data.message,
      data && data.details, revisionOf(res.headers.get('ETag')));
  }
  return data;
}

export function post(path, body, { session, keepalive = false } = {}) {
  return request('POST', path, body, { session, keepalive });
}

/** Reads the token from `#token=…` and removes it from the address bar (and from history). */
export function takeToken() {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash || '');
  if (!match) return null;
  history.replaceState(history.state, '', location.pathname + location.search);
  try {
    return decodeURIComponent(match[1]);
  } catch (e) {
    return match[1];
  }
}

/**
 * Exchanges the token for a session. A reload of the page has no token any more (it is
 * single-use and was removed from the URL), so the session answer is kept in sessionStorage
 * of this tab and reused when the page is reloaded.
 *
 * kind names the page ('course', 'screen', 'builder', 'screen-editor'); each page keeps its own
 * session. intent ('edit' for the authoring pages) is passed to the exchange, so a learner's
 * link is refused there (403 view_only) and stays unused.
 */
export async function openSession(kind, { intent } = {}) {
  const token = takeToken();
  if (!token) {
    const kept = keptSession(kind, { intent });
    if (kept) return kept;
    throw new ApiError(0, 'missing', null);
  }
  const data = await post('/v1/headless/player/sessions', intent ? { token, intent } : { token });
  remember(kind, data, { intent });
  return data;
}

/** The session answer this tab kept for the page (remember), while it has not expired; else null. */
export function keptSession(kind, { intent } = {}) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(sessionKey(kind, intent)) || 'null');
    if (kept && kept.session && Date.parse(kept.expiresAt) > Date.now()) return kept;
  } catch (e) {
    /* nothing kept */
  }
  return null;
}

function sessionKey(kind, intent) {
  return `course-platform:${kind}${intent ? `-${intent}` : ''}-session`;
}

export function remember(kind, data, { intent } = {}) {
  try {
    sessionStorage.setItem(sessionKey(kind, intent), JSON.stringify(data));
  } catch (e) {
    /* storage full or disabled: a reload will then ask for a new link */
  }
}

/** What a learner is told when the player cannot open; `what` is 'course', 'quiz' or 'screen'. */
export function refusal(error, what) {
  const reason = error && error.reason;
  // Each kind of page has its own sentences, so that each language can word them in full.
  const by = (course, quiz, screen) => (what === 'quiz' ? quiz : what === 'screen' ? screen : course);
  if (error && error.status === 404) {
    return by(
      { title: t('This course is not available'), text: t('The course was removed or is no longer shared with you.') },
      { title: t('This quiz is not available'), text: t('The quiz was removed or is no longer shared with you.') },
      { title: t('This screen is not available'), text: t('The screen was removed or is no longer shared with you.') }
    );
  }
  switch (reason) {
    case 'expired':
      return { title: t('This link has expired'), text: t('This link has expired; ask for a new one.') };
    case 'used':
      return {
        title: t('This link was already used'),
        text: t('This link was already opened, and each link works only once. Go back to where you found it to get a new one.')
      };
    case 'invalid':
      return { title: t('This link is not valid'), text: t('The link is damaged or incomplete. Check that it was copied in full, or ask for a new one.') };
    case 'missing':
      return {
        title: t('No access link'),
        text: by(t('This page opens a course from a personal link. Open the link you were given again.'),
          t('This page opens a quiz from a personal link. Open the link you were given again.'),
          t('This page opens a screen from a personal link. Open the link you were given again.'))
      };
    case 'view_only':
      return {
        title: t('This link is for learning'),
        text: by(t('This link opens the course for learning; ask for an editing link.'),
          t('This link opens the quiz for learning; ask for an editing link.'),
          t('This link opens the screen for learning; ask for an editing link.'))
      };
    case 'session':
      return { title: t('Your session has ended'), text: t('Open the link you were given again to continue.') };
    case 'network':
      return { title: t('Could not connect'), text: t('Check your internet connection and try again.'), retry: true };
    default:
      return {
        title: by(t('The course could not be opened'), t('The quiz could not be opened'), t('The screen could not be opened')),
        text: t('Something went wrong on our side. Try again in a moment.'),
        retry: true
      };
  }
}
