/**
 * A field the call does not take is refused by name (http/errors.ts; owner audit 2026-12-06): "body must
 * NOT have additional properties" left an integration to guess which of its fields was misspelt or unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, fieldMessages, signedIn } from "../../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";
import { ensureOwner } from "../customers/index.ts";

const OWNER = { email: "owner@unknown-fields.test", password: "unknown-fields-owner-2026" };

let shop: TestShop;
let owner: StoreClient;

beforeAll(async () => {
  shop = await createTestShop();
  await ensureOwner(shop.db, OWNER.email, OWNER.password);
  owner = await signedIn(shop.app, OWNER.email, OWNER.password);
});
afterAll(() => shop.close());

describe("a field the owner API does not take", () => {
  it("is named in the answer, and nothing is saved", async () => {
    const refused = await adminCall(owner, "POST", "/tags", { name: "Linen", slug: "linen", colour: "beige" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Invalid parameter(s): colour");
    expect(fieldMessages(refused)).toEqual({ colour: "colour is not a field this call takes" });
    expect(await shop.db.selectFrom("tags").select("id").where("slug", "=", "linen").executeTakeFirst()).toBeUndefined();
  });

  it("is named by its whole path inside a list, beside the list's field, with the other wrong fields", async () => {
    const refused = await adminCall(owner, "POST", "/products", { name: "Linen shirt", regular_price: -1, colour: "beige" });
    expect(refused.statusCode).toBe(400);
    expect(fieldMessages(refused)).toEqual({
      colour: "colour is not a field this call takes",
      regular_price: "regular_price must be >= 0",
    });

    const nested = await adminCall(owner, "POST", "/attributes", {
      name: "Fabric",
      slug: "fabric",
      terms: [{ name: "Linen", colour: "beige" }],
    });
    expect(nested.statusCode).toBe(400);
    expect(fieldMessages(nested)).toEqual({ terms: "terms.0.colour is not a field this call takes" });
  });
});
