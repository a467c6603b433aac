// Calls to the player API on the page's own origin. The session id is the only credential.

export class ApiError extends Error {
  constructor(status, reason, message) {
    super(message || `HTTP ${status}`);
    this.status = status;
    this.reason = reason;
  }
}

export async function post(path, body, { session, keepalive = false } = {}) {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (session) headers['X-Player-Session'] = session;
  let res;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      keepalive,
      credentials: 'same-origin',
      cache: 'no-store'
    });
  } catch (e) {
    throw new ApiError(0, 'network', 'The connection failed.');
  }
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(res.status, data && data.error && data.error.reason, data && data.message);
  }
  return data;
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
 */
export async function openSession(kind) {
  const key = `course-platform:${kind}-session`;
  const token = takeToken();
  if (!token) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(key) || 'null');
      if (kept && kept.session && Date.parse(kept.expiresAt) > Date.now()) return kept;
    } catch (e) {
      /* nothing kept */
    }
    throw new ApiError(0, 'missing', null);
  }
  const data = await post('/v1/headless/player/sessions', { token });
  remember(kind, data);
  return data;
}

export function remember(kind, data) {
  try {
    sessionStorage.setItem(`course-platform:${kind}-session`, JSON.stringify(data));
  } catch (e) {
    /* storage full or disabled: a reload will then ask for a new link */
  }
}

/** What a learner is told when the player cannot open. */
export function refusal(error, what) {
  const reason = error && error.reason;
  if (error && error.status === 404) {
    return { title: `This ${what} is not available`, text: `The ${what} was removed or is no longer shared with you.` };
  }
  switch (reason) {
    case 'expired':
      return { title: 'This link has expired', text: 'This link has expired; ask for a new one.' };
    case 'used':
      return {
        title: 'This link was already used',
        text: 'This link was already opened, and each link works only once. Go back to where you found it to get a new one.'
      };
    case 'invalid':
      return { title: 'This link is not valid', text: 'The link is damaged or incomplete. Check that it was copied in full, or ask for a new one.' };
    case 'missing':
      return { title: 'No access link', text: `This page opens a ${what} from a personal link. Open the link you were given again.` };
    case 'session':
      return { title: 'Your session has ended', text: 'Open the link you were given again to continue.' };
    case 'network':
      return { title: 'Could not connect', text: 'Check your internet connection and try again.', retry: true };
    default:
      return { title: `The ${what} could not be opened`, text: 'Something went wrong on our side. Try again in a moment.', retry: true };
  }
}
