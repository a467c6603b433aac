// node --test builder-author.test.mjs: the builder shows the author its editing link names
// (src/main/webui/src/builder/author.js): the token's `author` claim, a name and only an https
// picture, kept for a reload of the tab. Run by BuilderAuthorTest.
import test from 'node:test';
import assert from 'node:assert/strict';

const store = new Map();
globalThis.sessionStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k)
};
globalThis.location = { hash: '' };
const { authorOfToken, cleanAuthor, takeAuthor } = await import('../../main/webui/src/builder/author.js');

const b64url = (s) => Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims) => `${b64url('{"alg":"RS256"}')}.${b64url(JSON.stringify(claims))}.sig`;

test('reads the name and picture of the token, accents included', () => {
  assert.deepEqual(authorOfToken(token({ author: { name: 'Zoë Ærø', avatar: 'https://cdn.example.com/z.png' } })),
    { name: 'Zoë Ærø', avatar: 'https://cdn.example.com/z.png' });
  assert.equal(authorOfToken(token({ courseId: 3 })), null);
  assert.equal(authorOfToken('not a token'), null);
});

test('shows only an https picture and a non-blank name', () => {
  assert.deepEqual(cleanAuthor({ name: ' Ada ', avatar: 'http://cdn.example.com/a.png' }), { name: 'Ada', avatar: null });
  assert.deepEqual(cleanAuthor({ name: '', avatar: 'javascript:alert(1)' }), null);
  assert.deepEqual(cleanAuthor({ avatar: 'https://cdn.example.com/a.png' }), { name: null, avatar: 'https://cdn.example.com/a.png' });
});

test('keeps the author for a reload, and forgets it for a link without one', () => {
  location.hash = `#token=${token({ author: { name: 'Ada' } })}`;
  assert.deepEqual(takeAuthor(), { name: 'Ada', avatar: null });
  location.hash = '';
  assert.deepEqual(takeAuthor(), { name: 'Ada', avatar: null });
  location.hash = `#token=${token({ courseId: 1 })}`;
  assert.equal(takeAuthor(), null);
  location.hash = '';
  assert.equal(takeAuthor(), null);
});
