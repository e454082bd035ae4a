/**
 * The one Store API client of the storefront (spec §7 "Store API conventions"): keeps the
 * newest nonce, stores the Cart-Hash, sends GETs and a few calls directly, and groups every
 * other write into POST /batch within a 300 ms window, at most 25 a batch. One write is on its way at a
 * time, a batch or a direct one: the server runs a batch's writes one by one and another request's may land
 * between them, so a write sent while an older one is unanswered could be priced or kept before it
 * (decisions 0155, 0156). A direct write sends what is queued at once and leaves after it; GETs never wait.
 */
import type { StoreApiError } from "@cartwright/commerce";

export const API_ROOT = "/api/store/v1";
export const BATCH_WINDOW_MS = 300;
export const BATCH_LIMIT = 25;
/** Writes never batched (spec §7): each is its own request, though still after the writes made before it. */
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

/**
 * The most a keepalive request may carry (the browser's quota for bodies of keepalive requests still on
 * their way). A batch left as the page hides holds fewer than 25 writes (the 25th sends the batch), each a
 * cart call of a few short fields, two addresses at most: a few KB. One larger still goes, without keepalive.
 */
const KEEPALIVE_BODY_LIMIT = 64 * 1024;

const NONCE_KEY = "storeApiNonce";
const CART_HASH_KEY = "storeApiCartHash";
export const GENERIC_ERROR = "Something went wrong. Please contact us to get assistance.";

export class StoreClient {
  private nonce = "";
  private nonceTimestamp = 0;
  private queue: Pending[] = [];
  private sentCount = 0;
  /** The write on its way (a batch or a direct write), settled once answered (or failed): the next write leaves after it. */
  private writeOnItsWay: Promise<unknown> = Promise.resolve();
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
    if (DIRECT_PATHS.some((p) => path.startsWith(p))) {
      // The writes made before it go first, now rather than when their window closes: a rate is priced after the address.
      this.flush();
      return this.afterWriteOnItsWay(() => this.send<T>(method, path, body));
    }
    return new Promise<ApiResponse<T>>((resolve, reject) => {
      this.queue.push({ path, method, body, resolve: resolve as (response: ApiResponse) => void, reject });
      if (this.queue.length >= BATCH_LIMIT) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), BATCH_WINDOW_MS);
    });
  }

  /** Sends what is queued now, each batch once the write before it is answered. */
  flush(): void {
    for (const requests of this.takeQueue())
      this.answer(
        requests,
        this.afterWriteOnItsWay(() => this.sendBatch(requests)),
      );
  }

  /**
   * The page is being hidden or left: what is queued leaves now with keepalive, so the browser still sends it
   * once the page is gone. It cannot wait for the write on its way, as a page that is gone never sends what
   * waits; writes made later wait for both.
   */
  flushAsPageLeaves(): void {
    for (const requests of this.takeQueue()) {
      const sending = this.sendBatch(requests, { keepalive: true });
      this.writeOnItsWay = Promise.allSettled([this.writeOnItsWay, sending]);
      this.answer(requests, sending);
    }
  }

  /** Empties the queue into batches of at most BATCH_LIMIT, and closes the window. */
  private takeQueue(): Pending[][] {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batches: Pending[][] = [];
    while (this.queue.length) batches.push(this.queue.splice(0, BATCH_LIMIT));
    return batches;
  }

  /** Sends `write` once the write on its way is answered or failed; the next waits for this one. */
  private afterWriteOnItsWay<T>(write: () => Promise<T>): Promise<T> {
    const sending = this.writeOnItsWay.then(write);
    this.writeOnItsWay = sending.catch(() => undefined);
    return sending;
  }

  private sendBatch(requests: Pending[], options: { keepalive?: boolean } = {}) {
    const batch = {
      requests: requests.map((r) => ({ path: `${API_ROOT}${r.path}?_locale=site`, method: r.method, body: r.body })),
    };
    return this.send<{ responses: Omit<ApiResponse, "sent">[] }>("POST", "/batch", batch, options);
  }

  /** Settles each queued write with its part of the batch's reply. */
  private answer(requests: Pending[], sending: Promise<ApiResponse<{ responses: Omit<ApiResponse, "sent">[] }>>): void {
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

  private async send<T>(method: string, path: string, body?: unknown, options: { keepalive?: boolean } = {}): Promise<ApiResponse<T>> {
    const sent = ++this.sentCount;
    const separator = path.includes("?") ? "&" : "?";
    const url = method === "GET" ? `${API_ROOT}${path}` : `${API_ROOT}${path}${separator}_locale=site`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (method !== "GET") {
      headers["content-type"] = "application/json";
      if (this.nonce) headers.nonce = this.nonce;
    }
    const text = body === undefined ? undefined : JSON.stringify(body);
    const keepalive = options.keepalive === true && new TextEncoder().encode(text ?? "").length <= KEEPALIVE_BODY_LIMIT;
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers,
        credentials: "same-origin",
        ...(text === undefined ? {} : { body: text }),
        ...(keepalive ? { keepalive } : {}),
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

/** Where the page tells it is being hidden or left: the window (pagehide) and its document (visibilitychange). */
interface PageEvents {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * Sends the writes still in their window at once when the page is hidden or left (`pagehide`, or
 * `visibilitychange` to hidden: the last a page may see on a phone), so an edit made just before the
 * shopper closes the tab or follows a link out of the app is not lost. Returns the listeners' removal.
 */
export function flushWhenPageHides(client: StoreClient, win: PageEvents, doc: PageEvents & { visibilityState: string }): () => void {
  const onPageHide = () => client.flushAsPageLeaves();
  const onVisibility = () => {
    if (doc.visibilityState === "hidden") client.flushAsPageLeaves();
  };
  win.addEventListener("pagehide", onPageHide);
  doc.addEventListener("visibilitychange", onVisibility);
  return () => {
    win.removeEventListener("pagehide", onPageHide);
    doc.removeEventListener("visibilitychange", onVisibility);
  };
}
