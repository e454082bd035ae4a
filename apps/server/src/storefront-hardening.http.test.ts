/** The storefront's forms and pages with hostile input (issue 14): the same 4xx on both databases, never a 500; private pages not cached. */
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_SECRET, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { buildApp } from "./app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());

const browser = () => new PageBrowser(() => shop.app);

describe("storefront forms with text no database can store", () => {
  it("the sign-in and registration forms refuse an email with NUL", async () => {
    for (const intent of ["sign-in", "register"]) {
      const response = await browser().post("/my-account", { intent, email: "jane\u0000@example.com", password: "demo-jane-2026" });
      expect(response.statusCode, `${intent}: ${response.body.slice(0, 300)}`).toBe(400);
    }
  });

  it("the product form refuses an id past the id columns' range", async () => {
    const response = await browser().post("/product/beanie", { "add-to-cart": "2147483648", quantity: "1" });
    expect(response.statusCode).toBe(400);
  });
});

describe("storefront form posts past the body's bound", () => {
  const huge = `intent=sign-in&email=a%40b.c&password=${"a".repeat(2 * 1024 * 1024)}`;
  const post = (payload: string | Readable, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method: "POST",
      url: "/my-account",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80", ...headers },
      payload,
    });

  it("refuses a 2 MB sign-in by its length, 413, before reading it", async () => {
    const response = await post(huge);
    expect(response.statusCode).toBe(413);
  });

  it("refuses one sent without a length once it passes the bound, and reads a small one as ever", async () => {
    const response = await post(Readable.from([huge.slice(0, 600_000), huge.slice(600_000)]));
    expect(response.statusCode).toBe(413);
    const small = await browser().post("/my-account", { intent: "sign-in", email: "jane@example.com", password: "wrong-password" });
    expect(small.statusCode).toBe(401);
  });
});

describe("a page asked with a method it does not take", () => {
  it("answers 405 and logs one line of information, not an error with a stack", async () => {
    const lines: { level: number; msg: string; status?: number }[] = [];
    const app = await buildApp({
      config: { logLevel: "info", production: true, secret: TEST_SECRET, rateLimit: false },
      db: shop.db,
      logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      web: {},
    });
    await app.ready();
    try {
      const headers = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" };
      for (const [method, url] of [
        ["POST", "/shop"],
        ["PUT", "/cart"],
        ["DELETE", "/"],
        ["OPTIONS", "/shop"],
      ] as const) {
        const response = await app.inject({ method, url, headers, payload: method === "OPTIONS" ? undefined : "a=b" });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
      }
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      const refused = lines.filter((line) => line.msg.startsWith("refused a page request: "));
      expect(refused.map((line) => [line.level, line.status])).toEqual(Array(4).fill([30, 405]));
      expect(refused[0]?.msg).toMatch(/POST request to "\/shop"/);
    } finally {
      await app.close();
    }
  });
});

describe("storefront pages with ids past the range", () => {
  it("answer the 404 page", async () => {
    const shopper = browser();
    await shopper.signIn("jane@example.com", "demo-jane-2026");
    for (const url of ["/my-account/orders/2147483648", "/checkout/order-received/2147483648?key=x", "/product/2147483648"]) {
      const response = await shopper.get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("pages holding the shopper's data", () => {
  it("/cart is not cached", async () => {
    const response = await browser().get("/cart");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });
});
