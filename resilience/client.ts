/**
 * A shopper over HTTP for the scenarios that run against the real server (soak, abuse): its own
 * address (sent as X-Forwarded-For, which the server believes from loopback: server.ts), its
 * Cart-Token or session cookie, and the nonce its last reply carried.
 */
import { TEST_ADDRESS, testCard } from "../test/store-client.ts";

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
}

export const BROWSER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";

/** A distinct IPv4 address per number, in a private range no other scenario uses. */
export const addressOf = (n: number) => `10.${100 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;

export class Shopper {
  readonly base: string;
  readonly address: string;
  /** "token": a headless client keeping the Cart-Token header; "browser": the session cookie. */
  readonly mode: "token" | "browser";
  token = "";
  cookie = "";
  nonce = "";

  constructor(base: string, address: string, mode: "token" | "browser" = "token") {
    this.base = base;
    this.address = address;
    this.mode = mode;
  }

  async send(
    method: string,
    path: string,
    options: { json?: unknown; body?: string | Buffer; type?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { "x-forwarded-for": this.address, "user-agent": BROWSER_AGENT };
    if (this.token) headers["cart-token"] = this.token;
    if (this.cookie) headers.cookie = this.cookie;
    if (this.nonce && method !== "GET") headers.nonce = this.nonce;
    let body: string | Buffer | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] = "application/json";
    } else if (options.type) headers["content-type"] = options.type;
    Object.assign(headers, options.headers);
    const response = await fetch(this.base + path, { method, headers, body, redirect: "manual" });
    this.keep(response.headers);
    const text = await response.text();
    let json: unknown;
    if ((response.headers.get("content-type") ?? "").includes("json"))
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    return { status: response.status, headers: response.headers, body: text, json };
  }

  private keep(headers: Headers): void {
    const token = headers.get("cart-token");
    if (token && this.mode === "token") this.token = token;
    const nonce = headers.get("nonce");
    if (nonce) this.nonce = nonce;
    const session = headers.getSetCookie().find((cookie) => cookie.startsWith("cw_session="));
    if (session && this.mode === "browser") this.cookie = session.split(";")[0] ?? "";
  }
}

export const CARD = testCard();
export const DECLINED_CARD = testCard("4000 0000 0000 0002");
export const billingAddress = (email: string) => ({ ...TEST_ADDRESS, first_name: "Sam", last_name: "Soak", email });

/** The demo's products with a rule of their own (DEMO.md); the others are simple, untracked and always sellable. */
const SPECIAL = new Set([
  "classic-t-shirt",
  "beanie",
  "hoodie",
  "limited-print",
  "gift-card",
  "socks-3-pack",
  "pre-order-poster",
  "signed-book",
  "discontinued-mug",
  "secret-item",
]);

export interface ListedProduct {
  id: number;
  slug: string;
  type: string;
}

/** The demo's ordinary products: any quantity of them can be bought at any time. */
export async function ordinaryProducts(base: string): Promise<ListedProduct[]> {
  const listing = await new Shopper(base, "10.99.0.1").send("GET", "/api/store/v1/products?per_page=100");
  const products = (listing.json as ListedProduct[]).filter((product) => product.type === "simple" && !SPECIAL.has(product.slug));
  if (products.length < 5) throw new Error(`only ${products.length} ordinary products in the demo shop`);
  return products;
}
