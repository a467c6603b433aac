// Author HTML (text element descriptions) is sanitised to simple formatting and http(s) links.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark', 'code', 'span',
  'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'h6', 'blockquote'];
const ALLOWED_ATTR = ['href'];

let hooked = false;

export function sanitize(html) {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A') {
        const href = node.getAttribute('href') || '';
        if (!/^https?:\/\//i.test(href)) {
          node.removeAttribute('href');
        } else {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer');
        }
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(String(html || ''), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^https?:\/\//i,
    ADD_ATTR: ['target', 'rel']
  });
}

/** True when the HTML has something to show once sanitised. */
export function hasText(html) {
  return !!html && String(html).replace(/<[^>]*>/g, '').trim().length > 0;
}

export function isHttpUrl(url) {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}

/** A medium's URL: http(s), or a file a static SCORM package carries (media/… or narration/…, relative). */
export function isAssetUrl(url) {
  return isHttpUrl(url) || (typeof url === 'string' && /^(media|narration)\/[A-Za-z0-9_-]+\/?[A-Za-z0-9._-]*$/.test(url) && !url.includes('..'));
}
