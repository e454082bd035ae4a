/**
 * For the client's unit tests: a network whose requests are answered only when the test says, each write and GET
 * then served by the test's own server function, as the server would when the request reaches it.
 */
import { onTestFinished } from "vitest";
import { API_ROOT, StoreClient } from "./store-client.ts";

export interface HeldRequest {
  url: string;
  method: string;
  /** Asked to outlive the page (fetch's keepalive). */
  keepalive: boolean;
  /** The paths of the calls it carries: a batch's writes, else its own URL. */
  paths: string[];
  /** The bodies of the calls it carries, in the same order. */
  bodies: unknown[];
  answered: boolean;
  /** The client gave it up (its signal aborted): its reply, if the server still answers, is lost, as a browser's fetch loses it. */
  readonly aborted: boolean;
  /** Serves its calls now and delivers the reply. */
  answer(): void;
}

type Serve = (path: string, method: string, body: unknown) => unknown;

export function heldNetwork(serve: Serve = () => ({})) {
  const sent: HeldRequest[] = [];
  const fetch = (url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const method = init.method ?? "GET";
      const body: unknown = init.body === undefined ? undefined : JSON.parse(String(init.body));
      const batch = url.startsWith(`${API_ROOT}/batch`);
      const calls = batch
        ? (body as { requests: { path: string; method: string; body: unknown }[] }).requests
        : [{ path: url, method, body }];
      const request: HeldRequest = {
        url,
        method,
        keepalive: init.keepalive === true,
        paths: calls.map((call) => call.path),
        bodies: calls.map((call) => call.body),
        answered: false,
        get aborted() {
          return init.signal?.aborted === true;
        },
        answer() {
          request.answered = true;
          const bodies = calls.map((call) => serve(call.path, call.method, call.body));
          resolve(Response.json(batch ? { responses: bodies.map((reply) => ({ status: 200, body: reply, headers: {} })) } : bodies[0]));
        },
      };
      init.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
      sent.push(request);
    });
  const client = new StoreClient({ fetch });
  // Left waiting, the client's bound would fail its calls in whichever file the worker runs 30 s later.
  onTestFinished(() => answerEverythingHeld(client, sent));
  return { client, sent };
}

/** Sends what the client still holds and answers it, until nothing waits. */
async function answerEverythingHeld(client: StoreClient, sent: HeldRequest[]) {
  for (let turn = 0; turn < 50; turn++) {
    client.flush();
    const waiting = sent.filter((request) => !request.answered && !request.aborted);
    if (waiting.length === 0) return;
    for (const request of waiting) request.answer();
    await nextTurn();
  }
  throw new Error("The client kept sending after 50 rounds of answers.");
}

/** Lets every promise that can settle, settle. */
export const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
