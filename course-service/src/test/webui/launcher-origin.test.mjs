// node --test launcher-origin.test.mjs: where /play/lms posts what it tells the SCORM launcher
// (src/main/webui/src/lib/launcherOrigin.js). Run by LmsPageOriginTest in the Maven build.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launcherOrigin } from '../../main/webui/src/lib/launcherOrigin.js';

const LMS = 'https://lms.example.edu';
const EVIL = 'https://evil.example.com';

test('the origin the launcher named, when the browser agrees or keeps no record', () => {
  assert.equal(launcherOrigin(LMS, [LMS]), LMS);
  assert.equal(launcherOrigin(LMS, undefined), LMS);
  assert.equal(launcherOrigin(LMS, []), LMS);
  assert.equal(launcherOrigin('http://127.0.0.1:8000', ['http://127.0.0.1:8000']), 'http://127.0.0.1:8000');
});

test('a page framed by another site than the one named posts nothing', () => {
  assert.equal(launcherOrigin(LMS, [EVIL]), null);
  assert.equal(launcherOrigin(EVIL, [LMS]), null);
});

test('without a named origin: the parent origin the browser records, else nothing (never *)', () => {
  assert.equal(launcherOrigin(null, [LMS]), LMS);
  assert.equal(launcherOrigin(null, undefined), null);
  assert.equal(launcherOrigin(null, []), null);
  assert.equal(launcherOrigin('', undefined), null);
});

test('a named value that is not an origin is refused, whatever the parent', () => {
  for (const named of ['*', 'null', LMS + '/', LMS + '/path', 'javascript:alert(1)', 'https://lms.example.edu:443', 'not a url']) {
    assert.equal(launcherOrigin(named, undefined), null, named);
    assert.equal(launcherOrigin(named, [LMS]), null, named);
  }
  assert.equal(launcherOrigin(null, ['null']), null);
});
