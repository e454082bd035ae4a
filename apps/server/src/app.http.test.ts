import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

describe("the server's edges", () => {
  it("reports health with a database check", async () => {
    const response = await shop.app.inject("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("publishes an OpenAPI document listing the Store API", async () => {
    const response = await shop.app.inject("/api/docs");
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/store/v1/products", "/api/store/v1/products/{idOrSlug}", "/api/health"]),
    );
  });

  it("answers unknown API routes and methods with a JSON 404", async () => {
    for (const [method, url] of [
      ["GET", "/api/store/v1/nope"],
      ["POST", "/api/store/v1/products"],
      ["DELETE", "/api/health"],
      ["GET", "/api"],
    ] as const) {
      const response = await shop.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json()).toEqual({
        code: "rest_no_route",
        message: "No route was found matching the URL and request method.",
        data: { status: 404 },
      });
    }
  });

  it("answers malformed JSON with a coded 400 and no stack trace", async () => {
    for (const payload of ["{bad", "", "[1,"]) {
      const response = await shop.app.inject({
        method: "POST",
        url: "/api/store/v1/nope",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe("rest_invalid_json");
      expect(body.data.status).toBe(400);
      expect(response.body).not.toMatch(/at .*\.ts:\d+|stack/i);
    }
  });

  it("answers a body whose key would reach a prototype with a 400 that names the key, not as malformed JSON", async () => {
    for (const payload of ['{"__proto__": {"admin": true}}', '{"items": [{"constructor": {"prototype": {}}}]}']) {
      const response = await shop.app.inject({
        method: "POST",
        url: "/api/store/v1/cart/add-item",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({
        code: "rest_invalid_json",
        message: "The request body holds a key that is not accepted: __proto__, or constructor with a prototype.",
        data: { status: 400 },
      });
    }
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });

  it("answers a malformed address, on any route, with a coded JSON error", async () => {
    for (const url of ["/product/%E0%A4%A", "/api/store/v1/products/%E0%A4%A"]) {
      const response = await shop.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ code: "rest_invalid_url", message: "The address is not a valid URL.", data: { status: 400 } });
    }
  });

  it("refuses content types it does not read", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/store/v1/nope",
      headers: { "content-type": "application/x-unknown" },
      payload: "x",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe("rest_unsupported_media_type");
  });

  it("refuses oversized bodies", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/store/v1/nope",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ big: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("rest_request_too_large");
  });

  it("sends an API reply the security headers that guard a reply no browser renders (decision 0075)", async () => {
    for (const request of [
      { method: "GET" as const, url: "/api/health" },
      { method: "GET" as const, url: "/api/store/v1/cart" },
      { method: "GET" as const, url: "/api/admin/v1/orders" },
      { method: "POST" as const, url: "/ajax", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=nope" },
    ]) {
      const response = await shop.app.inject(request);
      expect(response.headers["x-content-type-options"], request.url).toBe("nosniff");
      // An API reply is never a document: it may load and frame nothing.
      expect(response.headers["content-security-policy"], request.url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers["x-frame-options"], request.url).toBe("SAMEORIGIN");
      expect(response.headers["cross-origin-resource-policy"], request.url).toBe("same-origin");
      expect(response.headers["strict-transport-security"], request.url).toMatch(/^max-age=\d+/);
      // What steers a document's own behaviour is left off.
      for (const name of [
        "referrer-policy",
        "cross-origin-opener-policy",
        "origin-agent-cluster",
        "x-dns-prefetch-control",
        "x-xss-protection",
      ]) {
        expect(response.headers[name], `${request.url} ${name}`).toBeUndefined();
      }
    }
  });

  it("sends pages and files Helmet's whole set", async () => {
    for (const url of ["/widget/loader.js", "/no-such-page"]) {
      const response = await shop.app.inject(url);
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      // With 'no-referrer' browsers post forms with `Origin: null`, which the storefront's actions refuse.
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(response.headers["x-xss-protection"], url).toBe("0");
    }
  });
});
