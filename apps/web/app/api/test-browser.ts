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
}

export function testBrowser(shop: TestShop) {
  let cookie = "";
  let offline = false;
  const requests: RecordedRequest[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const body = typeof init.body === "string" ? init.body : undefined;
    requests.push({ method: init.method ?? "GET", url, body: body ? JSON.parse(body) : undefined });
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
    requests,
    storage,
    /** Takes the network away (true) or gives it back (false). */
    setOffline(value: boolean) {
      offline = value;
    },
  };
}
