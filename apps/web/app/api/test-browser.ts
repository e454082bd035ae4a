/**
 * For the browser code's HTTP tests: a browser whose fetch goes to a test shop's app in-process,
 * with a cookie jar and local storage; every request is recorded, and it can go offline.
 */
import type { TestShop } from "../../../../test/app.ts";
import { StoreClient } from "./store-client.ts";

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  /** Asked to outlive the page (fetch's keepalive). */
  keepalive: boolean;
}

interface Hold {
  match: (url: string) => boolean;
  gate: Promise<void>;
  answered: () => void;
}

export function testBrowser(shop: TestShop) {
  let cookie = "";
  let offline = false;
  const requests: RecordedRequest[] = [];
  const holds: Hold[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const body = typeof init.body === "string" ? init.body : undefined;
    requests.push({ method: init.method ?? "GET", url, body: body ? JSON.parse(body) : undefined, keepalive: init.keepalive === true });
    // What a browser's fetch does when the network is down: it rejects, with no reply to read.
    if (offline) throw new TypeError("Failed to fetch");
    const response = await shop.app.inject({
      method: (init.method ?? "GET") as "GET",
      url,
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
      payload: body,
    });
    const setCookie = response.headers["set-cookie"];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) cookie = first.split(";")[0] ?? "";
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) if (typeof value === "string") headers.set(name, value);
    // A held reply: the server has answered, the network has not delivered it yet.
    const hold = holds.find((h) => h.match(url));
    if (hold) {
      hold.answered();
      await hold.gate;
    }
    return new Response(response.body, { status: response.statusCode, headers });
  };
  const memory = new Map<string, string>();
  const storage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
  };
  return {
    client: new StoreClient({ fetch, storage }),
    /** A second tab of the same browser: its own client, the same cookies and storage. */
    openTab: () => new StoreClient({ fetch, storage }),
    requests,
    storage,
    /**
     * Holds back the replies to requests whose URL matches, as a slow network may, until `release`;
     * `answered` settles when the server has answered the first of them.
     */
    holdReplies(match: (url: string) => boolean) {
      let release = () => {};
      let answered = () => {};
      const hold: Hold = {
        match,
        gate: new Promise<void>((resolve) => {
          release = resolve;
        }),
        answered: () => answered(),
      };
      const serverAnswered = new Promise<void>((resolve) => {
        answered = resolve;
      });
      holds.push(hold);
      return {
        answered: serverAnswered,
        release() {
          holds.splice(holds.indexOf(hold), 1);
          release();
        },
      };
    },
    /** Takes the network away (true) or gives it back (false). */
    setOffline(value: boolean) {
      offline = value;
    },
  };
}
