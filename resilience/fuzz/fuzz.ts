/**
 * The fuzzing scenario: seeded requests for every operation of the OpenAPI document the shop
 * serves and every `/ajax` action, sent as the owner, a shopper or nobody, from many client
 * addresses (the rate limits stay on, as in production, and count each address apart), with real
 * checkouts in between so orders exist to refund and move. It holds when nothing answers 5xx and
 * every error is the JSON shape with a `code` and a `message`.
 */
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { cartAjaxActions } from "../../apps/server/src/modules/cart/index.ts";
import { contactAjaxActions } from "../../apps/server/src/modules/contact-widget/index.ts";
import { formsAjaxActions } from "../../apps/server/src/modules/forms/index.ts";
import { TEST_ADDRESS, testCard } from "../../test/store-client.ts";
import { OWNER } from "../shop.ts";
import { ajaxRequest, type FuzzRequest, operationsOf, requestFor, strayRequest } from "./requests.ts";

export interface Finding {
  /** `5xx`, `malformed` (an error without the JSON shape) or `no answer` (none within ANSWER_WITHIN_MS). */
  kind: "5xx" | "malformed" | "no answer";
  key: string;
  count: number;
  example: { method: string; url: string; as: string; payload?: string; status: number; reply: string };
}

export interface FuzzResult {
  requests: number;
  serverErrors: number;
  malformed: number;
  unanswered: number;
  refusedByRateLimit: number;
  ordersPlaced: number;
  byStatus: Record<string, number>;
  findings: Finding[];
}

/** A browser or headless client: its cookie or Cart-Token, and the nonce its last reply carried. */
class Session {
  cookie = "";
  token = "";
  nonce = "";
  readonly mode: "browser" | "token";
  constructor(mode: "browser" | "token") {
    this.mode = mode;
  }

  headers(method: string): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (this.token) headers["cart-token"] = this.token;
    if (this.nonce && method !== "GET") headers.nonce = this.nonce;
    return headers;
  }

  keep(response: LightMyRequestResponse): void {
    const token = response.headers["cart-token"];
    if (typeof token === "string" && this.mode === "token") this.token = token;
    const nonce = response.headers.nonce;
    if (typeof nonce === "string") this.nonce = nonce;
    const setCookie = response.headers["set-cookie"];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first && this.mode === "browser") this.cookie = first.split(";")[0] ?? "";
  }
}

const CARD = testCard();
const ADDRESS = { ...TEST_ADDRESS, email: "ada@example.com" };

/** Longer than any request of the shop takes on a busy machine: past it, the request is taken as never answered. */
const ANSWER_WITHIN_MS = 15_000;

/** A client address per request, so each rate limit counts a few requests per address, as many shoppers would. */
const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

export interface FuzzOptions {
  seed: number;
  requests: number;
  /** A real checkout every so many requests. */
  orderEvery?: number;
  progress?: (done: number) => void;
  /** Prints each request and its status (RESILIENCE_TRACE=1). */
  trace?: boolean;
}

function excerpt(payload: FuzzRequest["payload"]): string | undefined {
  if (payload === undefined) return undefined;
  const text = typeof payload === "string" ? payload : payload.toString("latin1");
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} bytes)` : text;
}

/** Whether an error reply has the shop's shape: JSON with a string `code` and `message`. */
export function isErrorShape(response: LightMyRequestResponse): boolean {
  if (!String(response.headers["content-type"] ?? "").includes("application/json")) return false;
  try {
    const body = response.json() as { code?: unknown; message?: unknown };
    return typeof body.code === "string" && body.code !== "" && typeof body.message === "string";
  } catch {
    return false;
  }
}

export async function fuzz(app: FastifyInstance, options: FuzzOptions): Promise<FuzzResult> {
  const document = (await app.inject("/api/docs/json")).json();
  const operations = operationsOf(document);
  const actions = Object.keys({ ...cartAjaxActions, ...contactAjaxActions, ...formsAjaxActions });
  // What the shop hands a visitor's page: the demo widget's nonce (in its embed) and a form's token.
  const embed = (await app.inject("/widget/1.js")).body;
  const token = await app.inject({
    method: "POST",
    url: "/ajax",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "action=forms_get_token&formId=1",
  });
  const handedOut = [/"nonce":"([^"]+)"/.exec(embed)?.[1], (token.json() as { data?: { token?: string } }).data?.token, "1"].filter(
    (value): value is string => typeof value === "string",
  );
  // Built once per mode: half the requests hostile, the rest valid or at the schemas' edges.
  const requestOf = (mode: FuzzRequest["mode"]) =>
    fc.oneof(
      { weight: 12 * operations.length, arbitrary: fc.oneof(...operations.map((operation) => requestFor(operation, mode))) },
      { weight: 120, arbitrary: ajaxRequest(actions, mode, handedOut) },
      { weight: 20, arbitrary: strayRequest },
    );
  const byMode = { valid: requestOf("valid"), boundary: requestOf("boundary"), hostile: requestOf("hostile") };
  const modeOf = (index: number) =>
    (["valid", "valid", "valid", "boundary", "boundary", "hostile", "hostile", "hostile", "hostile", "hostile"] as const)[index % 10] ??
    "hostile";

  const owner = new Session("browser");
  const shoppers = [new Session("token"), new Session("token"), new Session("browser"), new Session("token")];
  const send = async (
    session: Session | null,
    method: string,
    url: string,
    payload: unknown,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) => {
    const answer = app.inject({
      method: method as "GET",
      url,
      remoteAddress,
      headers: { ...(session?.headers(method) ?? {}), ...headers },
      ...(payload !== undefined ? { payload: payload as string } : {}),
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS);
    });
    const response = await Promise.race([answer, late]);
    clearTimeout(timer);
    if (response) session?.keep(response);
    return response;
  };
  const signIn = async () => {
    Object.assign(owner, { cookie: "", nonce: "" });
    await send(owner, "GET", "/api/store/v1/cart", undefined, "10.255.255.1");
    const response = await send(owner, "POST", "/api/store/v1/account/sign-in", JSON.stringify(OWNER), "10.255.255.1", {
      "content-type": "application/json",
    });
    if (response?.statusCode !== 200) throw new Error(`the owner could not sign in: ${response?.statusCode} ${response?.body}`);
  };
  await signIn();

  const result: FuzzResult = {
    requests: 0,
    serverErrors: 0,
    malformed: 0,
    unanswered: 0,
    refusedByRateLimit: 0,
    ordersPlaced: 0,
    byStatus: {},
    findings: [],
  };
  const findings = new Map<string, Finding>();
  const check = (fuzzed: Pick<FuzzRequest, "operation" | "method" | "url" | "as" | "payload">, answered: LightMyRequestResponse | null) => {
    result.requests++;
    // A request left unanswered is a defect too: it would hold a connection until the client gives up.
    const response =
      answered ?? ({ statusCode: 0, headers: {}, body: "(no answer)", json: () => ({}) } as unknown as LightMyRequestResponse);
    const status = response.statusCode;
    result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
    if (status === 429) result.refusedByRateLimit++;
    let kind: Finding["kind"] | null = null;
    if (!answered) {
      result.unanswered++;
      kind = "no answer";
    } else if (status >= 500) {
      result.serverErrors++;
      kind = "5xx";
    } else if (status >= 400 && fuzzed.method !== "HEAD" && !isErrorShape(response)) {
      result.malformed++;
      kind = "malformed";
    }
    if (!kind) return;
    const code = isErrorShape(response) ? (response.json() as { code: string }).code : "";
    const key = `${kind} ${fuzzed.operation} ${status} ${code}`;
    const known = findings.get(key);
    if (known) known.count++;
    else
      findings.set(key, {
        kind,
        key,
        count: 1,
        example: {
          method: fuzzed.method,
          url: fuzzed.url.slice(0, 300),
          as: fuzzed.as,
          payload: excerpt(fuzzed.payload),
          status,
          reply: response.body.slice(0, 400),
        },
      });
  };

  /** A shopper's real order, so refunds, status moves and the invariants have orders to work on. */
  const placeOrder = async (index: number) => {
    const shopper = new Session("token");
    const address = addressOf(index);
    // What the shop sells now: fuzzed owner calls may have drafted, deleted or sold out any product.
    const listing = await send(null, "GET", "/api/store/v1/products?per_page=100", undefined, address);
    const sellable = (
      (listing?.statusCode === 200 ? listing.json() : []) as { id: number; type: string; is_purchasable: boolean; is_in_stock: boolean }[]
    ).filter((product) => product.type === "simple" && product.is_purchasable && product.is_in_stock);
    const product = sellable[index % Math.max(sellable.length, 1)]?.id ?? 1;
    const steps: [string, string, unknown][] = [
      ["GET", "/api/store/v1/cart", undefined],
      ["POST", "/api/store/v1/cart/add-item", { id: product, quantity: 1 + (index % 2) }],
      ["POST", "/api/store/v1/cart/apply-coupon", { code: index % 4 === 0 ? "SAVE10" : "5OFF" }],
      [
        "POST",
        "/api/store/v1/checkout",
        index % 3 === 0
          ? { billing_address: ADDRESS, payment_method: "cod" }
          : { billing_address: ADDRESS, payment_method: "test_card", payment_data: CARD },
      ],
    ];
    for (const [method, url, body] of steps) {
      const response = await send(
        shopper,
        method,
        url,
        body === undefined ? undefined : JSON.stringify(body),
        address,
        body === undefined ? {} : { "content-type": "application/json" },
      );
      check(
        { operation: `${method} ${url}`, method, url, as: "shopper", payload: body === undefined ? undefined : JSON.stringify(body) },
        response,
      );
      if (url.endsWith("/checkout") && response?.statusCode === 200) result.ordersPlaced++;
      if (options.trace) console.log(`order ${index}: ${method} ${url} → ${response?.statusCode} ${response?.body.slice(0, 200)}`);
    }
  };

  const orderEvery = options.orderEvery ?? 40;
  let nextProgress = 1000;
  for (let index = 0; result.requests < options.requests; index++) {
    if (index % orderEvery === 0) await placeOrder(index);
    const [fuzzed] = fc.sample(byMode[modeOf(index)], { seed: options.seed + index, numRuns: 1 });
    if (!fuzzed) continue;
    const session = fuzzed.as === "owner" ? owner : fuzzed.as === "shopper" ? (shoppers[index % shoppers.length] ?? null) : null;
    const sentAt = Date.now();
    const response = await send(
      session,
      fuzzed.method,
      fuzzed.url,
      fuzzed.payload,
      fuzzed.as === "owner" ? "10.255.255.1" : addressOf(index),
      fuzzed.headers,
    );
    if (options.trace)
      console.log(
        `${index} ${fuzzed.as} ${fuzzed.method} ${fuzzed.url.slice(0, 100)} → ${response?.statusCode ?? "no answer"} in ${Date.now() - sentAt} ms`,
      );
    check(fuzzed, response);
    // Signed out by a fuzzed call (sign-out, ended sessions): signs in again, as the owner would.
    if (fuzzed.as === "owner" && (response?.statusCode === 401 || (response?.statusCode === 403 && fuzzed.url.startsWith("/api/admin"))))
      await signIn();
    if (result.requests >= nextProgress) {
      options.progress?.(result.requests);
      nextProgress += 1000;
    }
  }
  result.findings = [...findings.values()].sort((a, b) => b.count - a.count);
  return result;
}
