// node --test media.test.mjs: the pages' media code without a browser (src/main/webui/src/lib/media.js,
// editor/problems.js): the upload's steps against a fake editor API and a fake transport, the
// srcset of a library picture, the asset a medium makes, and the alt text problems that block
// publishing. Run by MediaPagesTest.
import test from 'node:test';
import assert from 'node:assert/strict';

const media = await import('../../main/webui/src/lib/media.js');
const { altTextProblems, altTextSentence, publishDetails } = await import('../../main/webui/src/editor/problems.js');
const { startUpload, srcsetOf, sizesOf, variantUrl, assetFromMedia, readList, listPath, kindOfFile, uploadProblem } = media;

const M = (over = {}) => ({
  id: 7, kind: 'image', contentType: 'image/jpeg', filename: 'swing.jpg', size: 2048, width: 1600, height: 900, altText: null,
  decorative: false, status: 'pending', error: null, url: 'https://cdn.test/play/media/tok/w1280.jpg',
  variants: [{ width: 640, url: 'https://cdn.test/play/media/tok/w640.jpg' }, { width: 320, url: 'https://cdn.test/play/media/tok/w320.jpg' },
    { width: 1280, url: 'https://cdn.test/play/media/tok/w1280.jpg' }], courseId: 42, ...over
});

/** A fake editor API: answers by path, records the calls. */
function fakeApi(routes) {
  const calls = [];
  const answer = (method, path, body) => {
    calls.push({ method, path, body });
    const r = routes[`${method} ${path}`];
    if (!r) return Promise.reject(Object.assign(new Error('no route'), { status: 404 }));
    return typeof r === 'function' ? r(body) : Promise.resolve(r);
  };
  return { calls, post: (p, b) => answer('POST', p, b), get: (p) => answer('GET', p), patch: (p, b) => answer('PATCH', p, b) };
}

/** A fake transport: reports progress in quarters, then succeeds (or fails with `status`). */
function fakePut({ status = 200, hold = false } = {}) {
  const sent = [];
  const put = (url, headers, body, onProgress) => {
    let abort;
    const promise = new Promise((resolve, reject) => {
      abort = () => reject(Object.assign(new Error('aborted'), { status: 0, step: 'upload', aborted: true }));
      sent.push({ url, headers, body });
      if (hold) return;
      for (const q of [1, 2, 3, 4]) onProgress((body.size * q) / 4, body.size);
      if (status >= 200 && status < 300) resolve(); else reject(Object.assign(new Error(`HTTP ${status}`), { status, step: 'upload' }));
    });
    return { promise, abort: () => abort() };
  };
  return { put, sent };
}

const file = { name: 'swing.jpg', type: 'image/jpeg', size: 2048 };
const created = { media: M(), upload: { url: 'http://127.0.0.1:9/bucket/obj?sig=1', method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, expiresAt: 'x' } };

test('an upload announces, sends the file with the signed headers, completes and is ready', async () => {
  const api = fakeApi({ 'POST /media': created, 'POST /media/7/complete': M({ status: 'ready' }) });
  const { put, sent } = fakePut();
  const seen = [];
  const up = startUpload({ api, file, meta: { altText: 'A swing' }, put, onChange: (s) => seen.push(`${s.phase}:${s.percent}`) });
  const end = await up.done;
  assert.equal(end.phase, 'ready');
  assert.equal(end.media.status, 'ready');
  assert.deepEqual(api.calls[0], { method: 'POST', path: '/media', body: { filename: 'swing.jpg', contentType: 'image/jpeg', size: 2048, altText: 'A swing' } });
  assert.equal(api.calls[1].path, '/media/7/complete');
  assert.deepEqual(sent, [{ url: created.upload.url, headers: { 'Content-Type': 'image/jpeg' }, body: file }]);
  assert.deepEqual(seen, ['creating:0', 'uploading:0', 'uploading:25', 'uploading:50', 'uploading:75', 'uploading:100', 'checking:100', 'ready:100']);
});

test('refusals are failures in words: too big (413), type refused (415), not what it says (422), storage refused', async () => {
  const refused = (status, message) => () => Promise.reject(Object.assign(new Error(message || `HTTP ${status}`), { status }));
  const run = async (routes, transport = fakePut()) => (await startUpload({ api: fakeApi(routes), file, put: transport.put }).done);
  let s = await run({ 'POST /media': refused(413, 'Pictures are at most 25 MB.') });
  assert.equal(s.phase, 'failed');
  assert.equal(s.message, 'This picture is too large. Pictures are at most 25 MB.');
  s = await run({ 'POST /media': refused(415) });
  assert.match(s.message, /^This type of file cannot be used\. Use a JPEG, PNG, GIF or SVG picture/);
  s = await run({ 'POST /media': created, 'POST /media/7/complete': refused(422, 'The file is not a picture.') });
  assert.equal(s.message, 'The picture was refused: The file is not a picture.');
  s = await run({ 'POST /media': created }, fakePut({ status: 403 }));
  assert.match(s.message, /storage refused the picture/);
  assert.equal(uploadProblem({ status: 0, step: 'upload' }, 'video'), 'The video could not be sent: the connection failed. Check it and try again.');
});

test('cancel aborts the transfer, and nothing completes afterwards', async () => {
  const api = fakeApi({ 'POST /media': created, 'POST /media/7/complete': M({ status: 'ready' }) });
  const { put } = fakePut({ hold: true });
  const phases = [];
  const up = startUpload({ api, file, put, onChange: (s) => phases.push(s.phase) });
  await new Promise((r) => setTimeout(r, 10));
  up.cancel();
  const end = await up.done;
  assert.equal(end.phase, 'cancelled');
  assert.deepEqual(phases, ['creating', 'uploading', 'cancelled']);
  assert.equal(api.calls.filter((c) => c.path.endsWith('/complete')).length, 0);
});

test('a library picture has a srcset of its widths; other pictures have none', () => {
  const asset = assetFromMedia(M({ status: 'ready' }));
  assert.deepEqual(asset, { url: 'https://cdn.test/play/media/tok/w1280.jpg', mime: 'image/jpeg', mediaId: 7, widths: [320, 640, 1280], width: 1600, height: 900 });
  assert.equal(srcsetOf(asset), 'https://cdn.test/play/media/tok/w320.jpg 320w, https://cdn.test/play/media/tok/w640.jpg 640w, https://cdn.test/play/media/tok/w1280.jpg 1280w');
  assert.equal(srcsetOf({ url: 'https://x.test/a.png' }), undefined);
  assert.equal(srcsetOf({ url: 'https://x.test/a.png', mediaId: 3 }), undefined);
  assert.equal(variantUrl('https://h.test/play/media/t/w1280.png?v=2', 640), 'https://h.test/play/media/t/w640.png?v=2');
  assert.match(sizesOf('element'), /720px/);
  assert.match(sizesOf('hero'), /100vw/);
  const video = assetFromMedia(M({ kind: 'video', contentType: 'video/mp4', url: 'https://cdn.test/play/media/v/file.mp4', variants: [], width: null, height: null }));
  assert.deepEqual(video, { url: 'https://cdn.test/play/media/v/file.mp4', mime: 'video/mp4', mediaId: 7 });
});

test('the list call and its answer; the kind of a file', () => {
  assert.equal(listPath({ search: ' swing ', kind: 'image', limit: 24 }), '/media?search=swing&kind=image&limit=24');
  assert.equal(listPath({ cursor: 'abc' }), '/media?limit=24&cursor=abc');
  // The answer is the page's media; the next cursor and the count are headers.
  const headers = new Headers({ 'X-Next-Cursor': '1017', 'X-Total-Count': '31' });
  assert.deepEqual(readList([1, 2], headers), { items: [1, 2], cursor: '1017', total: 31 });
  assert.deepEqual(readList([1, 2], new Headers({ 'X-Total-Count': '2' })), { items: [1, 2], cursor: null, total: 2 });
  assert.equal(kindOfFile({ type: 'audio/mpeg' }), 'audio');
  assert.equal(kindOfFile({ type: 'application/pdf' }), null);
});

test('a library picture without alt text that is not decorative is a problem naming its screen', () => {
  const lib = { url: 'https://h/m/t/w640.jpg', mime: 'image/jpeg', mediaId: 1, widths: [320, 640] };
  const screens = [
    { id: 's1', title: 'Welcome', asset: lib, elements: [{ id: 'e1', type: 'image', asset: lib, altText: '  ' }] },
    { id: 's2', title: 'Swing', asset: lib, assetAltText: 'A swing', elements: [{ id: 'e2', type: 'image', asset: lib, decorative: true },
      { id: 'e3', type: 'image', asset: { url: 'https://x.test/a.jpg' } }, { id: 'e4', type: 'flipcard', asset: { ...lib, altText: 'Grip' } },
      { id: 'e7', type: 'image', asset: { ...lib, altText: 'On the asset' } }] },
    { id: 's3', title: '', elements: [{ id: 'e5', type: 'flipcard', asset: lib }, { id: 'e6', type: 'video', asset: { ...lib, mime: 'video/mp4' } }] },
    { id: 's4', title: 'Hero', asset: lib, assetDecorative: true, elements: [] }
  ];
  const problems = altTextProblems(screens);
  assert.deepEqual(problems, [{ screenIndex: 0, screenId: 's1', title: 'Welcome', count: 2 }, { screenIndex: 2, screenId: 's3', title: '', count: 1 }]);
  assert.equal(altTextSentence(problems[0]), 'Screen 1 “Welcome”: 2 library pictures have no alt text. Describe them or mark them decorative before publishing.');
  assert.equal(altTextSentence(problems[1]), 'Screen 3: a library picture has no alt text. Describe it or mark it decorative before publishing.');
  // The server's details (LibraryImages): one per screen, `screens[i]`, its message naming the screen.
  const refusal = { status: 422, details: [{ field: 'screens[0]', message: 'Screen "Welcome" (s1): the screen\'s picture, the image e1\'s picture needs alt text, or mark it decorative' },
    { field: 'screens[2]', message: 'Screen (s3): the flipcard e5\'s picture needs alt text, or mark it decorative' }, { message: 'other' }] };
  assert.deepEqual(publishDetails(refusal, screens), [
    'Screen 1 “Welcome”: the screen\'s picture, the image e1\'s picture needs alt text, or mark it decorative',
    'Screen 3: the flipcard e5\'s picture needs alt text, or mark it decorative', 'other']);
});
