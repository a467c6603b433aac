// The media library seen from the pages (docs/course-builder.md "Media"): uploading a file straight
// to storage through the URL the editor API signs, listing the library, and the responsive image
// attributes (srcset) of a library picture. No Preact here, so Node's test runner can load it.

import { t } from './labels.js';

/** The element type a file makes, from its type ('image' | 'audio' | 'video'), or null. */
export function kindOfFile(file) {
  const type = String((file && file.type) || '').toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return null;
}

/**
 * The URL of a library picture's variant of width w: the last path segment of `url` becomes
 * `w<w>.<ext>` (`…/abc/w1280.jpg` -> `…/abc/w640.jpg`); a query or fragment stays.
 */
export function variantUrl(url, w) {
  const m = /^([^?#]*\/)([^/?#]*)([?#].*)?$/.exec(String(url || ''));
  if (!m) return url;
  const dot = m[2].lastIndexOf('.');
  const ext = dot >= 0 ? m[2].slice(dot + 1) : 'jpg';
  return `${m[1]}w${w}.${ext}${m[3] || ''}`;
}

const widthsOf = (asset) => (asset && Array.isArray(asset.widths)
  ? Array.from(new Set(asset.widths.filter((w) => Number.isInteger(w) && w > 0))).sort((a, b) => a - b)
  : []);

/**
 * `srcset` of a library picture ("<url> 320w, <url> 640w, …"), or undefined for a picture that is
 * not from the library (no `mediaId`, no `widths`), whose one URL is all there is.
 */
export function srcsetOf(asset) {
  if (!asset || asset.mediaId == null) return undefined;
  const widths = widthsOf(asset);
  if (!widths.length) return undefined;
  return widths.map((w) => `${variantUrl(asset.url, w)} ${w}w`).join(', ');
}

/**
 * `sizes` for a picture in the player: a hero spans the page; an element fills the screen's column
 * (760 px wide less 20 px padding each side, the whole width on a phone); a flip card's picture
 * is small.
 */
export function sizesOf(where) {
  if (where === 'hero') return '(min-width: 800px) 760px, 100vw';
  if (where === 'card') return '(min-width: 480px) 380px, 90vw';
  return '(min-width: 760px) 720px, calc(100vw - 40px)';
}

/**
 * A document asset for a medium of the library: {url, mime, mediaId, widths} (docs/courses.md),
 * with the picture's width and height when known, so the player can reserve its space.
 */
export function assetFromMedia(m) {
  const asset = { url: m.url, mime: m.contentType, mediaId: m.id };
  const widths = Array.isArray(m.variants) ? m.variants.map((v) => v && v.width).filter((w) => Number.isInteger(w) && w > 0) : [];
  if (m.kind === 'image' && widths.length) asset.widths = Array.from(new Set(widths)).sort((a, b) => a - b);
  if (m.kind === 'image' && m.width > 0 && m.height > 0) { asset.width = m.width; asset.height = m.height; }
  return asset;
}

/** The smallest variant's URL (a thumbnail), else the medium's URL. */
export function thumbnailOf(m) {
  const v = (Array.isArray(m && m.variants) ? m.variants : []).filter((x) => x && x.url && x.width > 0).sort((a, b) => a.width - b.width)[0];
  return v ? v.url : m && m.url;
}

/** "2.4 MB", "820 KB", "512 bytes". */
export function formatSize(bytes) {
  const n = Number(bytes) || 0;
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** The list call's path: GET /media?search=&kind=&limit=&cursor= (empty ones left out). */
export function listPath({ search, kind, limit = 24, cursor } = {}) {
  const q = new URLSearchParams();
  if (search && search.trim()) q.set('search', search.trim());
  if (kind) q.set('kind', kind);
  if (limit) q.set('limit', String(limit));
  if (cursor) q.set('cursor', String(cursor));
  const s = q.toString();
  return `/media${s ? `?${s}` : ''}`;
}

/**
 * A list answer as {items, cursor, total}: the media (an array), and from the answer's headers the
 * next page's cursor (`X-Next-Cursor`, absent on the last page) and the count (`X-Total-Count`).
 */
export function readList(res, headers) {
  const get = (name) => (headers && typeof headers.get === 'function' ? headers.get(name) : null);
  const items = Array.isArray(res) ? res : (res && (res.items || res.media)) || [];
  const cursor = get('X-Next-Cursor') || (res && !Array.isArray(res) && res.nextCursor) || null;
  const total = get('X-Total-Count');
  return { items: Array.isArray(items) ? items : [], cursor, total: total != null && /^\d+$/.test(total) ? Number(total) : null };
}

// The sentences of a failed upload, whole per kind of file so that each language words them.
const UPLOAD_WORDS = {
  image: {
    sent: () => t('The picture could not be sent: the connection failed. Check it and try again.'),
    storage: () => t('The storage refused the picture (the upload link may have expired). Try again.'),
    large: () => t('This picture is too large.'),
    refused: (why) => t('The picture was refused: {why}', { why }),
    notAdded: (why) => t('The picture could not be added: {why}', { why }),
    failed: () => t('The picture could not be uploaded. Try again in a moment.')
  },
  audio: {
    sent: () => t('The audio file could not be sent: the connection failed. Check it and try again.'),
    storage: () => t('The storage refused the audio file (the upload link may have expired). Try again.'),
    large: () => t('This audio file is too large.'),
    refused: (why) => t('The audio file was refused: {why}', { why }),
    notAdded: (why) => t('The audio file could not be added: {why}', { why }),
    failed: () => t('The audio file could not be uploaded. Try again in a moment.')
  },
  video: {
    sent: () => t('The video could not be sent: the connection failed. Check it and try again.'),
    storage: () => t('The storage refused the video (the upload link may have expired). Try again.'),
    large: () => t('This video is too large.'),
    refused: (why) => t('The video was refused: {why}', { why }),
    notAdded: (why) => t('The video could not be added: {why}', { why }),
    failed: () => t('The video could not be uploaded. Try again in a moment.')
  },
  file: {
    sent: () => t('The file could not be sent: the connection failed. Check it and try again.'),
    storage: () => t('The storage refused the file (the upload link may have expired). Try again.'),
    large: () => t('This file is too large.'),
    refused: (why) => t('The file was refused: {why}', { why }),
    notAdded: (why) => t('The file could not be added: {why}', { why }),
    failed: () => t('The file could not be uploaded. Try again in a moment.')
  }
};

/** Words for a refused or failed upload, by the call that failed and its status. */
export function uploadProblem(error, kind = 'file') {
  const words = UPLOAD_WORDS[kind] || UPLOAD_WORDS.file;
  if (!error) return null;
  const server = error.message && !/^HTTP \d+$/.test(error.message) ? error.message : '';
  switch (error.status) {
    case 0: return error.step === 'upload' ? words.sent() : t('The connection failed. Check it and try again.');
    case 401: return t('Your editing session has ended; open the editor again from your app.');
    case 403: return error.step === 'upload' ? words.storage() : t('This link cannot add media.');
    case 413: return `${words.large()}${server ? ` ${server}` : ''}`;
    case 415: return `${t('This type of file cannot be used.')} ${server || t('Use a JPEG, PNG, GIF or SVG picture, MP3, M4A, WAV or OGG audio, or MP4 or WebM video.')}`;
    case 422: return words.refused(server || t('it is not what its name says.'));
    case 400: return words.notAdded(server || t('the request was not accepted.'));
    default: return words.failed();
  }
}

const FORBIDDEN = new Set(['content-length', 'host', 'connection']);

/**
 * The browser's PUT of a file to a signed URL, with upload progress (XMLHttpRequest, as fetch
 * reports none). Headers the browser sets itself (Content-Length) are left to it.
 * -> {promise: Promise<void>, abort()}; the promise rejects with {status, step: 'upload'}.
 */
export function xhrPut(url, headers, body, onProgress) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise((resolve, reject) => {
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers || {})) if (!FORBIDDEN.has(k.toLowerCase())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded, e.total); };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(Object.assign(new Error(`HTTP ${xhr.status}`), { status: xhr.status, step: 'upload' })));
    xhr.onerror = () => reject(Object.assign(new Error('network'), { status: 0, step: 'upload' }));
    xhr.onabort = () => reject(Object.assign(new Error('aborted'), { status: 0, step: 'upload', aborted: true }));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

/**
 * One upload, as a small state machine: creating (POST /media) -> uploading (PUT to the signed
 * URL, with progress) -> checking (POST /media/{id}/complete) -> ready, or failed / cancelled.
 * onChange(state) sees every step: {phase, loaded, total, percent, media, error, message}.
 * `put` is the transport (xhrPut in the page, a fake in tests).
 * -> {cancel(), done: Promise<state>} (done never rejects: a failure is the `failed` state).
 */
export function startUpload({ api, file, kind = kindOfFile(file), meta = {}, put = xhrPut, onChange = () => {} }) {
  let state = { phase: 'creating', loaded: 0, total: file.size || 0, percent: 0, media: null, error: null, message: null };
  let transfer = null;
  let cancelled = false;
  const set = (patch) => {
    state = { ...state, ...patch };
    onChange(state);
    return state;
  };
  const fail = (error) => set({ phase: 'failed', error, message: uploadProblem(error, kind) });
  onChange(state);
  const run = async () => {
    let created;
    try {
      created = await api.post('/media', { filename: file.name || 'file', contentType: file.type || 'application/octet-stream', size: file.size || 0, ...meta });
    } catch (e) {
      return cancelled ? state : fail(e);
    }
    if (cancelled) return state;
    const upload = created && created.upload;
    if (!upload || !upload.url) return fail({ status: 500 });
    set({ phase: 'uploading', media: created.media || null });
    try {
      transfer = put(upload.url, upload.headers || {}, file, (loaded, total) => {
        if (!cancelled) set({ loaded, total, percent: total ? Math.min(100, Math.floor((loaded / total) * 100)) : 0 });
      });
      await transfer.promise;
    } catch (e) {
      return cancelled ? state : fail(e);
    }
    if (cancelled) return state;
    set({ phase: 'checking', loaded: state.total, percent: 100 });
    try {
      const media = await api.post(`/media/${encodeURIComponent(created.media.id)}/complete`);
      if (cancelled) return state;
      if (media && media.status === 'failed') return fail({ status: 422, message: media.error });
      return set({ phase: 'ready', media });
    } catch (e) {
      return cancelled ? state : fail(e);
    }
  };
  const done = run();
  return {
    cancel() {
      if (cancelled || state.phase === 'ready' || state.phase === 'failed') return;
      cancelled = true;
      if (transfer) transfer.abort();
      set({ phase: 'cancelled' });
    },
    done
  };
}

