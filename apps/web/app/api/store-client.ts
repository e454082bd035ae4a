/**
 * The one Store API client of the storefront (spec §7 "Store API conventions"): keeps the
 * newest nonce, stores the Cart-Hash, sends GETs and a few calls directly, and groups every
 * other write into POST /batch within a 300 ms window, at most 25 a batch. Its requests leave one at a time, in
 * the order they were made: the server runs a batch's writes one by one and another request's may land between
 * them, so a write sent while an older one is unanswered could be priced or kept before it, and a GET could answer
 * with the cart from before it (decisions 0155, 0156, 0165). A direct write sends what is queued at once and leaves after it.
 * A request unanswered past its bound fails as one the network lost does, so the line moves on (decision 0165, amended).
 */
import type { StoreApiError } from "@cartwright/commerce";
import { HeldEdits } from "./held-edits.ts";

export const API_ROOT = "/api/store/v1";
export const BATCH_WINDOW_MS = 300;
export const BATCH_LIMIT = 25;
/**
 * How long a request may go unanswered (its reply read whole) before it fails as a network failure does: the server
 * answers a cart call from its database in well under a second, so past 30 s the connection has stalled, and every
 * call behind it in line would wait with it.
 */
export const REPLY_BOUND_MS = 30_000;
/**
 * Placing an order may wait on a payment: it is given as long as the server gives a payment in flight before it takes
 * the call for dead (the checkout's PAYMENT_IN_FLIGHT_MS), and a retry meanwhile is answered with the same order.
 */
export const ORDER_REPLY_BOUND_MS = 120_000;
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

/** A call not yet sent. */
interface Pending {
  path: string;
  method: string;
  body: unknown;
  /** Sent as a request of its own (a GET, a direct write), never in a batch the window made. */
  alone: boolean;
  resolve: (response: ApiResponse) => void;
  reject: (error: unknown) => void;
}

/**
 * The most a keepalive request may carry (the browser's quota for bodies of keepalive requests still on
 * their way). A batch left as the page hides holds writes up to that size; one write larger still goes, without keepalive.
 */
const KEEPALIVE_BODY_LIMIT = 64 * 1024;

const NONCE_KEY = "storeApiNonce";
const CART_HASH_KEY = "storeApiCartHash";
export const GENERIC_ERROR = "Something went wrong. Please contact us to get assistance.";

export class StoreClient {
  private nonce = "";
  private nonceTimestamp = 0;
  /** Writes in the batch window, not yet allowed to leave. */
  private queue: Pending[] = [];
  /** Calls waiting their turn, in the order they were made: each leaves once nothing is on its way. */
  private line: Pending[] = [];
  /** Requests on their way: one, but for a page-hide send, which does not wait for the one before it. */
  private onItsWay = 0;
  /** A page-hide send is unanswered: the next one waits for it, so that what it left behind stays in order. */
  private leavingOnItsWay = false;
  /** The page's held edits are being handed over as it hides: nothing leaves until they have all joined the line. */
  private handingOver = false;
  private sentCount = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly fetcher: Fetch;
  private readonly storage: KeyValueStorage | undefined;
  /** Edits the page holds back for a moment (its debounces): handed over first as the page hides. */
  readonly heldEdits = new HeldEdits();

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
    return (await this.getReply<T>(path)).body;
  }

  /** The whole reply of a GET, with the order its request left in. It leaves after the writes made before it are answered. */
  getReply<T>(path: string): Promise<ApiResponse<T>> {
    return this.inTurn<T>(path, "GET", undefined);
  }

  /** A write: batched unless it must go directly. Resolves with the reply body, rejects with StoreApiFailure. */
  async post<T>(path: string, body: unknown = {}, method = "POST"): Promise<T> {
    return (await this.postReply<T>(path, body, method)).body;
  }

  /** A write's whole reply, with the order its request left in. */
  postReply<T>(path: string, body: unknown = {}, method = "POST"): Promise<ApiResponse<T>> {
    if (DIRECT_PATHS.some((p) => path.startsWith(p))) {
      // The writes made before it go first, now rather than when their window closes: a rate is priced after the address.
      this.flush();
      return this.inTurn<T>(path, method, body);
    }
    return new Promise<ApiResponse<T>>((resolve, reject) => {
      this.queue.push({ path, method, body, alone: false, resolve: resolve as Pending["resolve"], reject });
      if (this.queue.length >= BATCH_LIMIT) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), BATCH_WINDOW_MS);
    });
  }

  /** Sends what is queued now, once the requests before it are answered. */
  flush(): void {
    this.line.push(...this.takeQueue());
    this.sendNext();
  }

  /**
   * The page is being hidden or left: every write not yet sent leaves now in one request with keepalive, so the browser
   * still sends it once the page is gone: those waiting their turn, those in the window, and the edits the page still
   * holds (`heldEdits`), handed over first and so joining the window last, as their waits would have. One request keeps them in
   * order (a direct write among others rides in the batch: two requests sent at once may land in either order); it does
   * not wait for the request on its way, as a page that is gone never sends what waits. What one keepalive batch cannot
   * hold (`leavingCount`: past 25 writes or 64 KB, an order placed after other writes), and GETs, wait their turn behind
   * it: sent if the page stays or comes back, lost if it is gone.
   */
  flushAsPageLeaves(): void {
    // A direct write handed over (the draft order's update) would otherwise leave at once, beside the batch and without keepalive.
    this.handingOver = true;
    try {
      this.heldEdits.handOverAll();
    } finally {
      this.handingOver = false;
    }
    this.line.push(...this.takeQueue());
    const writes = this.leavingOnItsWay ? [] : this.line.filter((request) => request.method !== "GET");
    const leaving = writes.slice(0, leavingCount(writes));
    if (leaving.length) {
      this.line = this.line.filter((request) => !leaving.includes(request));
      this.leavingOnItsWay = true;
      void this.dispatch(leaving, true).finally(() => {
        this.leavingOnItsWay = false;
      });
    }
    // What stays in line leaves in turn, as the hand-over held it back.
    this.sendNext();
  }

  /** Empties the window, and closes it. */
  private takeQueue(): Pending[] {
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.queue.splice(0);
  }

  /** Puts a call sent on its own in line. */
  private inTurn<T>(path: string, method: string, body: unknown): Promise<ApiResponse<T>> {
    return new Promise<ApiResponse<T>>((resolve, reject) => {
      this.line.push({ path, method, body, alone: true, resolve: resolve as Pending["resolve"], reject });
      this.sendNext();
    });
  }

  /** Once nothing is on its way, sends the next in line: a call of its own, or the writes up to the next such (at most 25) as one batch. */
  private sendNext(): void {
    if (this.handingOver || this.onItsWay > 0 || !this.line.length) return;
    let count = 1;
    if (!this.line[0]?.alone) while (count < BATCH_LIMIT && this.line[count] && !this.line[count]?.alone) count++;
    void this.dispatch(this.line.splice(0, count), false);
  }

  /** Sends calls as one request, settles each with its reply, then lets the next in line go. Never rejects. */
  private dispatch(requests: Pending[], keepalive: boolean): Promise<void> {
    this.onItsWay += 1;
    const [only] = requests;
    const bound = requests.some(placesOrder) ? ORDER_REPLY_BOUND_MS : REPLY_BOUND_MS;
    const sending =
      only && requests.length === 1 && only.alone
        ? this.send(only.method, only.path, only.body, keepalive, bound).then(only.resolve, only.reject)
        : this.sendBatch(requests, keepalive, bound);
    return sending.finally(() => {
      this.onItsWay -= 1;
      this.sendNext();
    });
  }

  /** Sends writes as one POST /batch and settles each with its part of the reply. */
  private sendBatch(requests: Pending[], keepalive: boolean, bound: number): Promise<void> {
    return this.send<{ responses: Omit<ApiResponse, "sent">[] }>("POST", "/batch", batchOf(requests), keepalive, bound).then(
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

  /** One request, failed as the network's failure is once `bound` passes unanswered: never sent again, as it may have landed. */
  private send<T>(method: string, path: string, body: unknown, keepalive: boolean, bound: number): Promise<ApiResponse<T>> {
    const sent = ++this.sentCount;
    return withinBound(bound, (signal) => this.exchange<T>(sent, method, path, body, keepalive, signal));
  }

  private async exchange<T>(
    sent: number,
    method: string,
    path: string,
    body: unknown,
    keepalive: boolean,
    signal: AbortSignal,
  ): Promise<ApiResponse<T>> {
    const separator = path.includes("?") ? "&" : "?";
    const url = method === "GET" ? `${API_ROOT}${path}` : `${API_ROOT}${path}${separator}_locale=site`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (method !== "GET") {
      headers["content-type"] = "application/json";
      if (this.nonce) headers.nonce = this.nonce;
    }
    const text = body === undefined ? undefined : JSON.stringify(body);
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers,
        credentials: "same-origin",
        signal,
        ...(text === undefined ? {} : { body: text }),
        // A body over the quota would be refused: it goes without keepalive rather than not at all.
        ...(keepalive && byteLength(text ?? "") <= KEEPALIVE_BODY_LIMIT ? { keepalive } : {}),
      });
    } catch {
      throw new StoreApiFailure(genericError(0));
    }
    // Past its bound the call has failed already; the headers of its late reply are older than those read since.
    if (signal.aborted) throw new StoreApiFailure(genericError(0));
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

/** The body of POST /batch carrying these writes. */
const batchOf = (requests: readonly Pending[]) => ({
  requests: requests.map((r) => ({ path: `${API_ROOT}${r.path}?_locale=site`, method: r.method, body: r.body })),
});

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** Placing an order (POST /checkout, /checkout/{id}) never rides in a batch, even as the page leaves: a batch drops its reply's cookie. */
const placesOrder = (request: Pending) => request.method === "POST" && request.path.startsWith("/checkout");

/**
 * How many of `writes`, from the first, leave together as the page hides: an order being placed alone, else the writes
 * up to the next one, at most BATCH_LIMIT, while their batch's body stays within keepalive's quota. The
 * first always goes, so one write over the quota is sent without keepalive, as before.
 */
function leavingCount(writes: readonly Pending[]): number {
  if (writes[0] && placesOrder(writes[0])) return 1;
  let count = Math.min(1, writes.length);
  for (; count < Math.min(writes.length, BATCH_LIMIT); count++) {
    const next = writes[count] as Pending;
    if (placesOrder(next) || byteLength(JSON.stringify(batchOf(writes.slice(0, count + 1)))) > KEEPALIVE_BODY_LIMIT) break;
  }
  return count;
}

/** No reply to read (the network, a batch that never answered): the outcome is unknown (spec §8). */
function genericError(status: number): StoreApiError {
  return { code: "unknown_error", message: GENERIC_ERROR, data: { status } };
}

/** No reply came (the network failed, or the request passed its bound): the write may or may not have reached the server. */
export const outcomeUnknown = (error: unknown): boolean => error instanceof StoreApiFailure && error.error.data?.status === 0;

/**
 * Runs `exchange` with a signal aborted once `ms` pass (giving up the connection), failing then as a network failure
 * does, whether or not the exchange heeds the signal.
 */
async function withinBound<T>(ms: number, exchange: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const passed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new StoreApiFailure(genericError(0)));
    }, ms);
  });
  try {
    return await Promise.race([exchange(abort.signal), passed]);
  } finally {
    clearTimeout(timer);
  }
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
 * Sends the writes not yet sent at once when the page is hidden or left (`pagehide`, or `visibilitychange` to
 * hidden: the last a page may see on a phone), so an edit made just before the shopper closes the tab or follows a
 * link out of the app is not lost (`flushAsPageLeaves`). Returns the listeners' removal.
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
