/**
 * A browser without JavaScript for in-process page tests: the cw_session cookie (and those a test
 * asks it to keep, whatever their path) carried from reply to reply, same-origin form posts (with the Origin header a browser sends, which React Router's
 * actions check), and Store API calls in the same session (the cookie's value is also a Cart-Token).
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export const TEST_HOST = "shop.test";
export const TEST_ORIGIN = `http://${TEST_HOST}`;

export class PageBrowser {
  session: string | undefined;
  /** The other cookies kept, by name (sent on every request: the pages tested are where their paths lead). */
  readonly cookies = new Map<string, string>();
  private readonly kept = new Set<string>();
  private readonly appOf: () => FastifyInstance;
  /** The client's address as the server sees it (rate limits count by it). */
  private readonly remoteAddress: string;

  /** The app, or a function giving it (for browsers made before the test's shop exists). */
  constructor(app: FastifyInstance | (() => FastifyInstance), remoteAddress = "127.0.0.1") {
    this.appOf = typeof app === "function" ? (app as () => FastifyInstance) : () => app;
    this.remoteAddress = remoteAddress;
  }

  private get app(): FastifyInstance {
    return this.appOf();
  }

  private remember(response: LightMyRequestResponse) {
    const header = response.headers["set-cookie"];
    for (const cookie of Array.isArray(header) ? header : header ? [header] : []) {
      const match = /^([^=;]+)=([^;]*)/.exec(cookie);
      if (!match) continue;
      const [, name = "", value = ""] = match;
      if (name === "cw_session") this.session = value;
      else if (!this.kept.has(name)) continue;
      else if (value && !/;\s*Max-Age=0/i.test(cookie)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return response;
  }

  private headers(): Record<string, string> {
    const jar = [...(this.session ? [`cw_session=${this.session}`] : []), ...[...this.cookies].map(([name, value]) => `${name}=${value}`)];
    return { host: TEST_HOST, ...(jar.length ? { cookie: jar.join("; ") } : {}) };
  }

  async get(url: string) {
    return this.remember(await this.app.inject({ method: "GET", url, headers: this.headers(), remoteAddress: this.remoteAddress }));
  }

  /** A form post, from this site unless another origin is given. */
  async post(url: string, fields: Record<string, string>, origin = TEST_ORIGIN) {
    return this.remember(
      await this.app.inject({
        method: "POST",
        url,
        remoteAddress: this.remoteAddress,
        headers: { ...this.headers(), origin, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(fields).toString(),
      }),
    );
  }

  /** Keeps this cookie too from now on, as a browser keeps every cookie. */
  keep(name: string): this {
    this.kept.add(name);
    return this;
  }

  signIn(email: string, password: string) {
    return this.post("/my-account", { intent: "sign-in", email, password });
  }

  /** The customer id in the session cookie, 0 for a guest. */
  uid(): number {
    if (!this.session) return 0;
    return JSON.parse(Buffer.from(this.session.split(".")[0] ?? "", "base64url").toString("utf8")).uid;
  }

  /** A Store API call in this browser's session; throws on a refusal. */
  async api(method: "GET" | "POST" | "PUT", path: string, body?: unknown) {
    if (!this.session) await this.get("/my-account");
    const response = await this.app.inject({
      method,
      url: `/api/store/v1${path}`,
      remoteAddress: this.remoteAddress,
      headers: { "cart-token": this.session as string, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.statusCode >= 300) throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  }
}
