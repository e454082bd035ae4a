/** A Store API client for tests: keeps the Cart-Token like a headless client, or a cookie and nonce like a browser. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

export class StoreClient {
  private token: string | undefined;
  private cookie: string | undefined;
  private nonce: string | undefined;

  private app: FastifyInstance;
  private readonly mode: "token" | "browser";

  constructor(app: FastifyInstance, mode: "token" | "browser" = "token") {
    this.app = app;
    this.mode = mode;
  }

  async request(
    method: InjectOptions["method"],
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    // A headless client's first step: fetch the cart to be handed a Cart-Token.
    if (this.mode === "token" && !this.token && method !== "GET") await this.request("GET", "/cart");
    const url = path.startsWith("/api") ? path : `/api/store/v1${path}`;
    const sent: Record<string, string> = {};
    if (this.mode === "token" && this.token) sent["cart-token"] = this.token;
    if (this.mode === "browser") {
      if (this.cookie) sent.cookie = this.cookie;
      if (this.nonce && method !== "GET") sent.nonce = this.nonce;
    }
    Object.assign(sent, headers);
    if (body !== undefined) sent["content-type"] = "application/json";
    const response = await this.app.inject({ method, url, headers: sent, payload: body === undefined ? undefined : JSON.stringify(body) });
    const token = response.headers["cart-token"];
    if (typeof token === "string") this.token = token;
    const nonce = response.headers.nonce;
    if (typeof nonce === "string") this.nonce = nonce;
    const setCookie = response.headers["set-cookie"];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) this.cookie = first.split(";")[0];
    return response;
  }

  /** The Cart-Token or cookie this client now holds, for tests that keep a copy to replay later. */
  credentials(): { token: string | undefined; cookie: string | undefined } {
    return { token: this.token, cookie: this.cookie };
  }

  /** The same shopper (token, cookie, nonce) talking to another app over the same database: a restarted server. */
  moveTo(app: FastifyInstance): this {
    this.app = app;
    return this;
  }

  /** The session (cart) id inside the Cart-Token, for tests that look at the database. */
  sessionId(): string {
    const body = this.token?.split(".")[0];
    if (!body) throw new Error("no Cart-Token yet");
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")).sid;
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, body: unknown = {}) {
    return this.request("POST", path, body);
  }

  /** The cart after a call, asserting the call succeeded. */
  async cart(method: "GET" | "POST", path: string, body?: unknown) {
    const response = method === "GET" ? await this.get(path) : await this.post(path, body);
    if (response.statusCode >= 300) throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  }
}

export async function productId(app: FastifyInstance, slug: string): Promise<number> {
  return (await app.inject(`/api/store/v1/products/${slug}`)).json().id;
}

export async function variationId(app: FastifyInstance, slug: string, values: string[]): Promise<number> {
  const product = (await app.inject(`/api/store/v1/products/${slug}`)).json();
  const match = product.variations.find((v: { attributes: { value: string }[] }) =>
    values.every((value) => v.attributes.some((a) => a.value === value)),
  );
  return match.id;
}

/** The test card gateway's payment data; 4000 0000 0000 0002 is declined. */
export const testCard = (number = "4242 4242 4242 4242") => [
  { key: "cw-test-card-number", value: number },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

/** A valid US address for checkout tests (Los Angeles: taxed by the demo's CA rate). */
export const TEST_ADDRESS = {
  first_name: "Ada",
  last_name: "Shopper",
  address_1: "1 Test Street",
  city: "Los Angeles",
  state: "CA",
  postcode: "90001",
  country: "US",
  phone: "555-0100",
} as const;

/** TEST_ADDRESS as a billing address, with an e-mail. */
export const testBilling = (email = "ada@example.com") => ({ ...TEST_ADDRESS, email });
