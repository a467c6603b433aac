// The author an editing link names (the deprecated POST /v1/headless/course/url's `name` and
// `avatar`, signed into the link's token as `author`): shown in the builder's header. Display only:
// the server never trusts it. It is read from the token before the page exchanges it, and kept in
// this tab's sessionStorage so that a reload (which has no token any more) still shows it.
const KEY = 'course-platform:builder-author';

/** {name?, avatar?} from a token's payload, or null. */
export function authorOfToken(token) {
  try {
    const part = String(token || '').split('.')[1];
    if (!part) return null;
    const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const json = new TextDecoder().decode(bytes);
    return cleanAuthor(JSON.parse(json).author);
  } catch (e) {
    return null;
  }
}

/** Only a name (text) and an https picture (the page's images are https: or its own). */
export function cleanAuthor(author) {
  if (!author || typeof author !== 'object') return null;
  const name = typeof author.name === 'string' && author.name.trim() ? author.name.trim().slice(0, 255) : null;
  const avatar = typeof author.avatar === 'string' && /^https:\/\/[^\s]+$/i.test(author.avatar) ? author.avatar : null;
  return name || avatar ? { name, avatar } : null;
}

/** The author of the link this page was opened with: the token's (before it is exchanged), else the one kept. */
export function takeAuthor() {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash || '');
  if (match) {
    const author = authorOfToken(decodeURIComponent(match[1]));
    try {
      if (author) sessionStorage.setItem(KEY, JSON.stringify(author));
      else sessionStorage.removeItem(KEY);
    } catch (e) {
      /* storage disabled: a reload shows no author */
    }
    return author;
  }
  try {
    return cleanAuthor(JSON.parse(sessionStorage.getItem(KEY) || 'null'));
  } catch (e) {
    return null;
  }
}
