import { test } from "node:test";
import assert from "node:assert/strict";
import { sign, verifyWebhook } from "../src/webhooks.js";

// The vector webhook-dispatcher's SignaturesAndScheduleTest holds the platform's signer to
// (computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test).
const secret = "whsec_test";
const body = '{"a":1}';
const timestamp = "1700000000";
const signature = "sha256=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789";
const at = new Date(1700000000 * 1000 + 42_000);
const headers = { "X-Service-Signature": signature, "X-Service-Timestamp": timestamp };

test("the platform's signature is the HMAC of timestamp, dot and raw body", () => {
  assert.equal(sign(secret, timestamp, body), signature);
});

test("a genuine delivery passes, with bytes or a string, with any header case or a Headers object", () => {
  assert.equal(verifyWebhook(body, headers, secret, { now: at }), null);
  assert.equal(verifyWebhook(Buffer.from(body, "utf8"), headers, secret, { now: at }), null);
  const lower = { "x-service-signature": signature, "x-service-timestamp": timestamp };
  assert.equal(verifyWebhook(body, lower, secret, { now: at }), null);
  assert.equal(verifyWebhook(body, new Headers(headers), secret, { now: at }), null);
});

test("a body changed by one character fails", () => {
  assert.equal(verifyWebhook(body.replace("1", "2"), headers, secret, { now: at }), "bad_signature");
});

test("another secret fails", () => {
  assert.equal(verifyWebhook(body, headers, "whsec_other", { now: at }), "bad_signature");
});

test("a timestamp more than the tolerance away, either way, fails; within it passes", () => {
  const late = new Date((1700000000 + 301) * 1000);
  const early = new Date((1700000000 - 301) * 1000);
  assert.equal(verifyWebhook(body, headers, secret, { now: late }), "stale_timestamp");
  assert.equal(verifyWebhook(body, headers, secret, { now: early }), "stale_timestamp");
  assert.equal(verifyWebhook(body, headers, secret, { now: late, toleranceSeconds: 600 }), null);
});

test("a re-dated delivery (timestamp changed, signature kept) fails", () => {
  const moved = { ...headers, "X-Service-Timestamp": "1700000001" };
  assert.equal(verifyWebhook(body, moved, secret, { now: at }), "bad_signature");
});

test("missing or malformed headers are named", () => {
  assert.equal(verifyWebhook(body, { "X-Service-Timestamp": timestamp }, secret, { now: at }), "missing_signature");
  assert.equal(verifyWebhook(body, { "X-Service-Signature": signature }, secret, { now: at }), "missing_timestamp");
  const bad = { ...headers, "X-Service-Timestamp": "12e9" };
  assert.equal(verifyWebhook(body, bad, secret, { now: at }), "bad_timestamp");
  const short = { ...headers, "X-Service-Signature": "sha256=abc" };
  assert.equal(verifyWebhook(body, short, secret, { now: at }), "bad_signature");
});
