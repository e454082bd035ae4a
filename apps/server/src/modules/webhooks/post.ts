/**
 * One webhook delivery on the wire (decision 0097): a POST with node:http or node:https whose connection
 * goes to an address that was checked. The host name is resolved once, by `guardedLookup`, which is the
 * connection's own `lookup`: every address the name answers is checked against the refused ranges
 * before any is handed to the socket, so a name that answers a public address to one question and a
 * private one to the next (DNS rebinding) cannot slip a private address past the check. A literal IP in
 * the URL (which Node connects to without a lookup) is checked before the request. TLS still verifies the
 * certificate against the host name (`servername`).
 */
import { lookup as dnsLookup } from "node:dns";
import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { DELIVERY_TIMEOUT_MS, deliveryUrlProblem, excerpt, isDelivered, RESPONSE_READ_BYTES, refusedAddress } from "./rules.ts";

/** An address a name resolved to, as dns.lookup answers with `all: true`. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses; dns.lookup unless a test gives another. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, order: "verbatim" }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** The connection was not made because the address is one webhooks do not deliver to. */
export class RefusedAddressError extends Error {
  override name = "RefusedAddressError";
  code = "EWEBHOOKREFUSED";
}

const ALLOW_HINT = "webhooks do not deliver there (WEBHOOKS_ALLOW_PRIVATE allows it)";

/**
 * A `lookup` for net/tls connections that resolves the name once and answers only addresses that were
 * checked: when any address the name answers is refused (and private ones are not allowed), the
 * connection fails with a RefusedAddressError and no address is handed over. Answers every checked
 * address when the socket asks for all (Node's happy-eyeballs connect), else the first of the family asked for.
 */
export function guardedLookup(options: { allowPrivate: boolean; resolve?: Resolver }): LookupFunction {
  const resolve = options.resolve ?? systemResolver;
  return (hostname, lookupOptions, callback) => {
    const answer = callback as (error: NodeJS.ErrnoException | null, address?: string | ResolvedAddress[], family?: number) => void;
    resolve(hostname).then(
      (found) => {
        if (!options.allowPrivate)
          for (const { address } of found) {
            const why = refusedAddress(address);
            if (why) return answer(new RefusedAddressError(`${hostname} resolves to ${why}; ${ALLOW_HINT}.`));
          }
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = family ? found.filter((a) => a.family === family) : found;
        const first = usable[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address${family ? ` for IPv${family}` : ""}`);
          error.code = "ENOTFOUND";
          return answer(error);
        }
        if (lookupOptions.all)
          answer(
            null,
            usable.map(({ address, family }) => ({ address, family })),
          );
        else answer(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => {
        const failed: NodeJS.ErrnoException = new Error(`${hostname} could not be resolved (${error.code ?? "lookup failed"})`);
        failed.code = error.code ?? "ENOTFOUND";
        answer(failed);
      },
    );
  };
}

export interface PostOutcome {
  /** The answer's HTTP status, or null when there was none. */
  status: number | null;
  /** The start of the answer's body, as the log keeps it. */
  body: string | null;
  /** Why the attempt failed, as the owner reads it, or null when delivered. */
  error: string | null;
  durationMs: number;
}

export interface PostOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: loopback and private addresses are delivered to too. */
  allowPrivate: boolean;
  /** Resolves host names (tests give a fake one); dns.lookup when not given. */
  resolve?: Resolver;
  /** Connect and answer together; DELIVERY_TIMEOUT_MS when not given. */
  timeoutMs?: number;
}

class TimedOut extends Error {
  override name = "TimeoutError";
}

/**
 * POSTs `body` to `url` and tells what came back: no redirect followed (a 3xx is a failure naming its
 * status), at most RESPONSE_READ_BYTES of the answer read (then the connection is dropped), the whole
 * attempt, connection and answer, bounded by the timeout. Never throws.
 */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const problem = deliveryUrlProblem(url, options.allowPrivate);
  if (problem) return { status: null, body: null, error: `Not sent: ${problem}`, durationMs: 0 };
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !options.allowPrivate) {
    // Node connects to a literal address without a lookup: it is checked here instead (deliveryUrlProblem already did; kept so this stays true on its own).
    const why = refusedAddress(host);
    if (why) return { status: null, body: null, error: `Not sent: ${why}; ${ALLOW_HINT}.`, durationMs: 0 };
  }
  const payload = Buffer.from(body, "utf8");
  const secure = target.protocol === "https:";
  let request: ClientRequest | undefined;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    request?.destroy(new TimedOut());
  }, timeoutMs);
  try {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const send = secure ? httpsRequest : httpRequest;
      request = send(
        {
          method: "POST",
          protocol: target.protocol,
          hostname: host,
          port: target.port || (secure ? 443 : 80),
          path: `${target.pathname}${target.search}`,
          headers: { ...headers, "Content-Length": String(payload.length) },
          // A fresh connection every time: each one is looked up, and checked, on its own.
          agent: false,
          lookup: guardedLookup({ allowPrivate: options.allowPrivate, resolve: options.resolve }),
          // TLS checks the certificate against the name, not the address connected to (SNI is for names only).
          ...(secure && !isIP(host) ? { servername: host } : {}),
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          let done = false;
          const finish = () => {
            if (done) return;
            done = true;
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).subarray(0, RESPONSE_READ_BYTES).toString("utf8") });
          };
          response.on("data", (chunk: Buffer) => {
            if (done) return;
            chunks.push(chunk);
            size += chunk.length;
            if (size >= RESPONSE_READ_BYTES) {
              // Enough for the log: the rest is not read, the connection is dropped.
              finish();
              response.destroy();
            }
          });
          response.on("end", finish);
          response.on("error", (error) => (done ? undefined : reject(error)));
          response.on("close", () => {
            if (!done && !response.complete) reject(new Error("the answer was cut off"));
            else finish();
          });
        },
      );
      request.on("error", reject);
      request.end(payload);
    });
    const error = isDelivered(status)
      ? null
      : status >= 300 && status < 400
        ? `Redirected (HTTP ${status}); redirects are not followed: use the final URL.`
        : `HTTP ${status}`;
    return { status, body: excerpt(text), error, durationMs: took() };
  } catch (error) {
    const message = timedOut
      ? `No answer within ${timeoutMs / 1000} s.`
      : error instanceof RefusedAddressError
        ? `Not sent: ${error.message}`
        : `Could not connect: ${(error as Error).message}`;
    return { status: null, body: null, error: message, durationMs: error instanceof RefusedAddressError ? 0 : took() };
  } finally {
    clearTimeout(timer);
  }
}
