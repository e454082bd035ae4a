/**
 * The cart's two runs of one unit of work (decision 0053): synchronous on SQLite when everything
 * it prices from is cached, through Kysely otherwise. Two identical shops take the same random
 * sequences of cart calls, one run each way; every reply and every stored row must agree. The
 * synchronous side also takes the writes' fast paths (a rate chosen on the packages priced before
 * its write, decision 0059) and, on a SQLite file, GET /cart's replies confirmed without a query while
 * nothing is committed (decision 0071); the general side, in memory, prices every reply afresh.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDialect } from "../../../../../test/app.ts";
import { productId, StoreClient, variationId } from "../../../../../test/store-client.ts";
import { unitsRun } from "../../db/unit-of-work.ts";
import { cartPricingOptions, cartReadOptions, cartWorkOptions } from "./cart.service.ts";
import { confirmedRepliesSent } from "./reply-cache.ts";

type Call =
  | { kind: "add"; product: number; quantity: number }
  | { kind: "update"; line: number; quantity: number }
  | { kind: "remove"; line: number }
  | { kind: "apply-coupon" | "remove-coupon"; code: string }
  | { kind: "customer"; address: number }
  | { kind: "rate"; rate: string }
  | { kind: "get" };

const ADDRESSES = [
  { shipping_address: { country: "US", state: "CA", postcode: "90001", city: "Springfield" } },
  { shipping_address: { country: "GB", state: "", postcode: "SW1A 1AA", city: "London" }, billing_address: { email: "ada@example.com" } },
  { shipping_address: { country: "US", state: "NY", postcode: "10001", city: "New York" } },
  { billing_address: { country: "ZZ" } },
];
const CODES = ["SAVE10", "5off", "freeship", "tshirt2", "expired", "nope"];
const RATES = ["pickup_location:1", "pickup_location:2", "flat_rate:1", "free_shipping:2", "no-such-rate"];

const call: fc.Arbitrary<Call> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), product: fc.nat(6), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("update" as const), line: fc.nat(3), quantity: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant("remove" as const), line: fc.nat(3) }),
  fc.record({ kind: fc.constantFrom("apply-coupon" as const, "remove-coupon" as const), code: fc.constantFrom(...CODES) }),
  fc.record({ kind: fc.constant("customer" as const), address: fc.nat(ADDRESSES.length - 1) }),
  fc.record({ kind: fc.constant("rate" as const), rate: fc.constantFrom(...RATES) }),
  fc.constant({ kind: "get" as const }),
);

/** One shop and how it runs its cart's units of work. */
interface Side {
  shop: TestShop;
  async: boolean;
  products: { id: number; variation?: { attribute: string; value: string }[] }[];
}

let sync: Side;
let general: Side;

async function sideOf(async: boolean): Promise<Side> {
  const shop = await createTestShop({ rateLimit: false, sqliteFile: !async });
  const simple = await Promise.all(
    ["beanie", "classic-t-shirt", "limited-print", "gift-card", "socks-3-pack", "signed-book"].map((slug) => productId(shop.app, slug)),
  );
  const redLarge = await variationId(shop.app, "hoodie", ["red", "l"]);
  return { shop, async, products: [...simple.map((id) => ({ id })), { id: redLarge }] };
}

beforeAll(async () => {
  sync = await sideOf(false);
  general = await sideOf(true);
});
afterAll(async () => {
  await sync?.shop.close();
  await general?.shop.close();
});

/** Runs one call on a side's shopper, with that side's run; answers what can be compared across shops. */
async function perform(side: Side, shopper: StoreClient, step: Call) {
  cartWorkOptions.async = side.async;
  // The general side prices every reply afresh; the other reuses what a write priced before its change (decision 0059).
  cartPricingOptions.reuse = !side.async;
  cartReadOptions.confirmedReplies = !side.async;
  try {
    return await send(side, shopper, step, await keysOf(shopper));
  } finally {
    cartWorkOptions.async = false;
    cartPricingOptions.reuse = true;
    cartReadOptions.confirmedReplies = true;
  }
}

/** The keys of the shopper's cart lines, in order. */
const keysOf = async (shopper: StoreClient) => ((await shopper.get("/cart")).json().items as { key: string }[]).map((i) => i.key);

/** Sends one call, its lines named by `keys`; answers what can be compared across shops. */
async function send(side: Side, shopper: StoreClient, step: Call, keys: string[]) {
  const keyAt = (line: number) => keys[line] ?? "no-such-line";
  const response = await (() => {
    switch (step.kind) {
      case "add":
        return shopper.post("/cart/add-item", { id: (side.products[step.product] as { id: number }).id, quantity: step.quantity });
      case "update":
        return shopper.post("/cart/update-item", { key: keyAt(step.line), quantity: step.quantity });
      case "remove":
        return shopper.post("/cart/remove-item", { key: keyAt(step.line) });
      case "apply-coupon":
      case "remove-coupon":
        return shopper.post(`/cart/${step.kind}`, { code: step.code });
      case "customer":
        return shopper.post("/cart/update-customer", ADDRESSES[step.address]);
      case "rate":
        return shopper.post("/cart/select-shipping-rate", { package_id: 0, rate_id: step.rate });
      case "get":
        return shopper.get("/cart");
    }
  })();
  return { status: response.statusCode, hash: response.headers["cart-hash"], body: response.json() };
}

/** The cart's rows as stored, without what differs between two shops by nature (ids, clocks, versions). */
async function storedRows(side: Side, shopper: StoreClient) {
  const { db } = side.shop;
  const sid = shopper.sessionId();
  const cart = await db
    .selectFrom("carts")
    .select(["customer_id", "billing_address", "shipping_address", "selected_rates", "extensions", "has_calculated_shipping"])
    .where("id", "=", sid)
    .executeTakeFirst();
  const items = await db
    .selectFrom("cart_items")
    .select(["key", "product_id", "variation_id", "quantity", "variation", "item_data", "price_when_added", "position"])
    .where("cart_id", "=", sid)
    .orderBy("position")
    .execute();
  const coupons = await db.selectFrom("cart_coupons").select(["code", "position"]).where("cart_id", "=", sid).orderBy("position").execute();
  return { cart, items, coupons };
}

describe.skipIf(testDialect() !== "sqlite")("a cart call run synchronously and through Kysely", () => {
  it("answers the same and stores the same rows, for random sequences of calls", async () => {
    const before = { ...unitsRun };
    const confirmedBefore = confirmedRepliesSent.count;
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 14 }), async (calls) => {
        const shoppers = [new StoreClient(sync.shop.app), new StoreClient(general.shop.app)] as const;
        for (const step of calls) {
          const [fast, slow] = [await perform(sync, shoppers[0], step), await perform(general, shoppers[1], step)];
          expect(fast, JSON.stringify(step)).toEqual(slow);
          expect(await storedRows(sync, shoppers[0])).toEqual(await storedRows(general, shoppers[1]));
        }
      }),
      { numRuns: 25 },
    );
    // Both runs were taken: the synchronous one once the caches held what the calls needed.
    expect(unitsRun.sync).toBeGreaterThan(before.sync);
    expect(unitsRun.async).toBeGreaterThan(before.async);
    // And GET /cart sent replies the file's commits had not moved past, without a query.
    expect(confirmedRepliesSent.count).toBeGreaterThan(confirmedBefore);
  });
});

describe.skipIf(testDialect() !== "sqlite")("cart calls of several shoppers sent at once", () => {
  it("answer and store as the same calls sent one after another, though they commit as one group (decision 0111)", async () => {
    const groupsBefore = unitsRun.groups;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(call, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 6 }), async (rounds) => {
        const together = [0, 1, 2].map(() => new StoreClient(sync.shop.app));
        const oneByOne = [0, 1, 2].map(() => new StoreClient(general.shop.app));
        for (const calls of rounds) {
          // Each shopper's lines read first, so the three calls themselves leave in one turn of the event loop.
          const keys = await Promise.all(together.map(keysOf));
          const fast = await Promise.all(calls.map((step, i) => send(sync, together[i] as StoreClient, step, keys[i] as string[])));
          const slow = [];
          for (const [i, step] of calls.entries()) slow.push(await perform(general, oneByOne[i] as StoreClient, step));
          expect(fast, JSON.stringify(calls)).toEqual(slow);
          for (const i of [0, 1, 2]) {
            expect(await storedRows(sync, together[i] as StoreClient)).toEqual(await storedRows(general, oneByOne[i] as StoreClient));
          }
        }
      }),
      { numRuns: 15 },
    );
    expect(unitsRun.groups).toBeGreaterThan(groupsBefore);
  });
});
