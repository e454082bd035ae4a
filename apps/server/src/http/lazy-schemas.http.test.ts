/** Route schemas compile on first use (decision 0050): every one of the shop's must still compile, as it did at start before. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());

describe("the shop's route schemas", () => {
  it("are not compiled before they are needed, and every one compiles", () => {
    const pending = shop.app.routeSchemas.pending;
    // The Store API's, the owner API's and the pages': hundreds of validators and serializers.
    expect(pending).toBeGreaterThan(200);
    expect(shop.app.routeSchemas.compilePending()).toBe(pending);
    expect(shop.app.routeSchemas.pending).toBe(0);
  });
});
