import createFetchClient from "openapi-fetch";
import type { paths } from "./schema.js";

export type { paths, components, operations, webhooks } from "./schema.js";
export { verifyWebhook, sign, DEFAULT_TOLERANCE_SECONDS } from "./webhooks.js";
export type { WebhookProblem, DeliveryHeaders } from "./webhooks.js";

/** Where the platform is and which workspace key calls it. */
export interface ClientOptions {
  /** The installation's base URL, e.g. `https://courses.example.com` (`$BASE_URL` of `./suite env`). */
  baseUrl: string;
  /** The workspace id of the API key. */
  workspaceId: string | number;
  /** A live or test API key of that workspace. */
  apiKey: string;
  /** Another `fetch` (a proxy, a test double); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A typed client of the public API: every path, parameter, body and answer of the platform's
 * OpenAPI document is checked by the compiler. Calls send the workspace key as
 * `Authorization: SERVICE:<workspaceId>:<apiKey>`; answers are `{ data, error, response }`, where
 * `error` is the platform's error shape (`message`, `error.code`, `details`, `traceId`).
 */
export function createClient(options: ClientOptions) {
  return createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { Authorization: `SERVICE:${options.workspaceId}:${options.apiKey}` },
    fetch: options.fetch,
  });
}

export type CoursePlatformClient = ReturnType<typeof createClient>;
