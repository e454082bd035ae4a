/** One request context per request (http/context.ts): the shop's settings read at most once, and never by a kept GET /cart. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestShop } from "../../../test/app.ts";

// Files share a worker's modules (vitest.config.ts, decision 0136): the app is imported afresh, so it meets the mock.
vi.resetModules();
const { createTestShop } = await import("../../../test/app.ts");
const { testContext } = await import("../../../test/context.ts");
const { productId, StoreClient } = await import("../../../test/store-client.ts");

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./modules/settings/index.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("./modules/settings/index.ts")>();
  const counted = (...args: Parameters<typeof original.getSettings>) => {
    reads.count++;
    return original.getSettings(...args);
  };
  // The cart's units of work look the settings up in the cache synchronously (`peek`): a lookup, not a read.
  return { ...original, getSettings: Object.assign(counted, { peek: original.getSettings.peek }) };
});

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop?.close());
beforeEach(() => {
  reads.count = 0;
});

describe("the request context", () => {
  it("reads the settings when first asked, once however often it is asked", async () => {
    const ctx = testContext(shop);
    expect(reads.count).toBe(0);
    const [first, second] = await Promise.all([ctx.shopSettings(), ctx.shopSettings()]);
    expect(await ctx.shopSettings()).toBe(first);
    expect(second).toBe(first);
    expect(reads.count).toBe(1);
  });

  it("gives a Store API call one read of the settings, and a kept GET /cart none", async () => {
    const shopper = new StoreClient(shop.app);
    expect((await shopper.post("/cart/add-item", { id: await productId(shop.app, "beanie"), quantity: 1 })).statusCode).toBe(201);
    expect((await shopper.get("/cart")).statusCode).toBe(200);

    reads.count = 0;
    expect((await shopper.get("/cart")).statusCode).toBe(200);
    expect(reads.count).toBe(0);

    expect((await shopper.get("/products?per_page=5")).statusCode).toBe(200);
    expect(reads.count).toBe(1);
  });
});
