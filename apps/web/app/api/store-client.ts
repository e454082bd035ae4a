/**
 * The one Store API client of the storefront (spec §7 "Store API conventions"): keeps the
 * newest nonce, stores the Cart-Hash, sends GETs and a few calls directly, and groups every
 * other write into POST /batch within a 300 ms window, at most 25 a batch. One batch is on its way at a
 * time: the server runs a batch's writes one by one and another batch's may land between them, so a
 * batch sent while an older one is unanswered could leave the cart with the older edit (decision 0155).
 */
import type { StoreApiError } from "@cartwright/commerce";

export const API_ROOT = "/api/store/v1";
export const BATCH_WINDOW_MS = 300;
export const BATCH_LIMIT = 25;
/** Calls that must not wait for a batch (spec §7). */
const DIRECT_PATHS = ["/cart/select-shipping-rate", "/checkout"];

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string>;
  /** Which of this client's requests carried it, counted as they left (a batch's replies share their batch's). */
  sent: number;
}

/** A Store API failure: the server's coded error, or invalid_json / a generic one (spec §8). */
export class StoreApiFailure extends Error {
  readonly error: StoreApiError;

  constructor(error: StoreApiError) {
    super(error.message);
    this.error = error;
  }
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

interface Pending {
  path: string;
  method: string;
  body: unknown;
  resolve: (response: ApiResponse) => void;
  reject: (error: unknown) => void;
}

const NONCE_KEY = "storeApiNonce";
const CART_HASH_KEY = "storeApiCartHash";
export const GENERIC_ERROR = "Something went wrong. Please contact us to get assistance.";

export class StoreClient {
  private nonce = "";
  private nonceTimestamp = 0;
  private queue: Pending[] = [];
  private sentCount = 0;
  /** The batch on its way, settled once answered (or failed): the next batch leaves after it. */
  private batchOnItsWay: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly fetcher: Fetch;
  private readonly storage: KeyValueStorage | undefined;

  constructor(options: { fetch: Fetch; storage?: KeyValueStorage; nonce?: { value: string; timestamp: number } }) {
    this.fetcher = options.fetch;
    this.storage = options.storage;
    const stored = this.storage?.getItem(NONCE_KEY);
    if (stored) {
      const { value, timestamp } = JSON.parse(stored) as { value: string; timestamp: number };
      this.acceptNonce(value, timestamp);
    }
    if (options.nonce) this.acceptNonce(options.nonce.value, options.nonce.timestamp);
  }

  get currentNonce(): string {
    return this.nonce;
  }

  /** Only a newer nonce replaces the one held (spec §7). */
  acceptNonce(value: string | undefined, timestamp: number): void {
    if (!value || !Number.isFinite(timestamp) || timestamp < this.nonceTimestamp) return;
    this.nonce = value;
    this.nonceTimestamp = timestamp;
    this.storage?.setItem(NONCE_KEY, JSON.stringify({ value, timestamp }));
  }

  get cartHash(): string | null {
    return this.storage?.getItem(CART_HASH_KEY) ?? null;
  }

  private readHeaders(headers: Record<string, string>): void {
    this.acceptNonce(headers.nonce, Number(headers["nonce-timestamp"]));
    if (headers["cart-hash"]) this.storage?.setItem(CART_HASH_KEY, headers["cart-hash"]);
  }

  async get<T>(path: string): Promise<T> {
    return (await this.send<T>("GET", path)).body;
  }

  /** The whole reply of a GET, with the order its request left in. */
  getReply<T>(path: string): Promise<ApiResponse<T>> {
    return this.send<T>("GET", path);
  }

  /** A write: batched unless it must go directly. Resolves with the reply body, rejects with StoreApiFailure. */
  async post<T>(path: string, body: unknown = {}, method = "POST"): Promise<T> {
    return (await this.postReply<T>(path, body, method)).body;
  }

  /** A write's whole reply, with the order its request left in: replies to requests sent at once may come back in any order. */
  async postReply<T>(path: string, body: unknown = {}, method = "POST"): Promise<ApiResponse<T>> {
    if (DIRECT_PATHS.some((p) => path.startsWith(p))) return this.send<T>(method, path, body);
    return new Promise<ApiResponse<T>>((resolve, reject) => {
      this.queue.push({ path, method, body, resolve: resolve as (response: ApiResponse) => void, reject });
      if (this.queue.length >= BATCH_LIMIT) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), BATCH_WINDOW_MS);
    });
  }

  /** Sends what is queued now, once the batch before it is answered. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const requests = this.queue.splice(0, BATCH_LIMIT);
    if (!requests.length) return;
    if (this.queue.length) this.timer = setTimeout(() => this.flush(), 0);
    const batch = {
      requests: requests.map((r) => ({ path: `${API_ROOT}${r.path}?_locale=site`, method: r.method, body: r.body })),
    };
    const sending = this.batchOnItsWay.then(() => this.send<{ responses: Omit<ApiResponse, "sent">[] }>("POST", "/batch", batch));
    this.batchOnItsWay = sending.catch(() => undefined);
    sending.then(
      ({ body, sent }) => {
        for (const [i, request] of requests.entries()) {
          const response = body.responses[i];
          if (!response) {
            request.reject(new StoreApiFailure(genericError(500)));
            continue;
          }
          this.readHeaders(response.headers ?? {});
          if (response.status >= 200 && response.status < 300) request.resolve({ ...response, sent });
          else request.reject(new StoreApiFailure(toApiError(response.body, response.status)));
        }
      },
      (error: unknown) => {
        for (const request of requests) request.reject(error);
      },
    );
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const sent = ++this.sentCount;
    const separator = path.includes("?") ? "&" : "?";
    const url = method === "GET" ? `${API_ROOT}${path}` : `${API_ROOT}${path}${separator}_locale=site`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (method !== "GET") {
      headers["content-type"] = "application/json";
      if (this.nonce) headers.nonce = this.nonce;
    }
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers,
        credentials: "same-origin",
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new StoreApiFailure(genericError(0));
    }
    const replyHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      replyHeaders[name.toLowerCase()] = value;
    });
    this.readHeaders(replyHeaders);
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new StoreApiFailure({
        code: "invalid_json",
        message: "The response is not a valid JSON response.",
        data: { status: response.status },
      });
    }
    if (response.status < 200 || response.status > 299) throw new StoreApiFailure(toApiError(parsed, response.status));
    return { status: response.status, body: parsed as T, headers: replyHeaders, sent };
  }
}

/** No reply to read (the network, a batch that never answered): the outcome is unknown (spec §8). */
function genericError(status: number): StoreApiError {
  return { code: "unknown_error", message: GENERIC_ERROR, data: { status } };
}

/** A reply over 299 with no message gets the generic text (spec §8), under its own code if it has one. */
function toApiError(body: unknown, status: number): StoreApiError {
  const error = body as Partial<StoreApiError> | null;
  const code = error && typeof error.code === "string" && error.code ? error.code : "generic_error";
  const message = error && typeof error.message === "string" && error.message ? error.message : GENERIC_ERROR;
  const data = error && typeof error.data === "object" && error.data ? error.data : {};
  return { code, message, data: { status, ...data } };
}

/** What a shopper reads for a failure: invalid_json's own text is for developers, they get the generic one (spec §8). */
export function shownMessage(failure: StoreApiFailure): string {
  return failure.error.code === "invalid_json" || !failure.error.message ? GENERIC_ERROR : failure.error.message;
}
