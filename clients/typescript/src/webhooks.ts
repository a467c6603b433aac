import { createHmac, timingSafeEqual } from "node:crypto";

/** Why a delivery was refused; `null` from {@link verifyWebhook} means it is genuine. */
export type WebhookProblem =
  | "missing_signature"
  | "missing_timestamp"
  | "bad_timestamp"
  | "stale_timestamp"
  | "bad_signature";

/** The headers of a delivery, in any letter case (Node's `IncomingMessage.headers`, a `Headers`, a plain object). */
export type DeliveryHeaders = Headers | Record<string, string | string[] | undefined>;

/** How far a delivery's `X-Service-Timestamp` may be from this clock, either way (the platform's advice: 5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Checks a webhook delivery as the platform signs it: `X-Service-Signature` is `sha256=` and the
 * hex HMAC-SHA256, keyed with the endpoint's secret (its UTF-8 bytes, `whsec_` included), of
 * `<X-Service-Timestamp>.<raw body>`; the timestamp must be within `toleranceSeconds` of `now`.
 * Pass the body exactly as received (bytes or the string they decode to), before any JSON parsing.
 * Answers `null` for a genuine delivery, else what is wrong; comparison is in constant time.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: DeliveryHeaders,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): WebhookProblem | null {
  const signature = header(headers, "x-service-signature");
  const timestamp = header(headers, "x-service-timestamp");
  if (!signature) return "missing_signature";
  if (!timestamp) return "missing_timestamp";
  if (!/^\d{1,15}$/.test(timestamp)) return "bad_timestamp";
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) return "stale_timestamp";
  const expected = Buffer.from(sign(secret, timestamp, rawBody), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad_signature";
  return null;
}

/** The `X-Service-Signature` value the platform sends for this timestamp and body. */
export function sign(secret: string, timestamp: string | number, rawBody: string | Uint8Array): string {
  const mac = createHmac("sha256", Buffer.from(secret, "utf8"));
  mac.update(`${timestamp}.`, "utf8");
  mac.update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody);
  return "sha256=" + mac.digest("hex");
}

function header(headers: DeliveryHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") {
    return (headers as Headers).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
