/** GET /api/store/v1: the Store API's route index (spec §7: the routes field, parameters as {param}). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { indexedPath } from "./route-index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe("the Store API's route index", () => {
  it("lists every store route with its methods, parameters written {param}, at the namespace with or without a slash", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/api/store/v1" });
    expect(response.statusCode).toBe(200);
    const index = response.json();
    expect(index.namespace).toBe("store/v1");
    expect(index.routes["/api/store/v1/cart"]).toEqual({ namespace: "store/v1", methods: ["GET"] });
    expect(index.routes["/api/store/v1/cart/add-item"].methods).toEqual(["POST"]);
    expect(index.routes["/api/store/v1/checkout"].methods).toEqual(["GET", "PUT", "POST"]);
    expect(index.routes["/api/store/v1/order/{id}"].methods).toEqual(["GET"]);
    expect(index.routes["/api/store/v1/products/{idOrSlug}"].methods).toEqual(["GET"]);
    expect(index.routes["/api/store/v1/batch"].methods).toEqual(["POST"]);
    // Only the Store API: the owner API and pages are not in its index.
    expect(Object.keys(index.routes).every((path) => path.startsWith("/api/store/v1"))).toBe(true);
    expect(Object.keys(index.routes).some((path) => path.includes(":"))).toBe(false);

    const slashed = await shop.app.inject({ method: "GET", url: "/api/store/v1/" });
    expect(slashed.json()).toEqual(index);
  });

  it("writes each parameter as {param}", () => {
    expect(indexedPath("/api/store/v1/products/:id/reviews/:review_id")).toBe("/api/store/v1/products/{id}/reviews/{review_id}");
    expect(indexedPath("/api/store/v1/")).toBe("/api/store/v1");
  });
});
