/**
 * What the owner API's body checks refuse by name (owner audit 2026-12-06): a null for a field that takes none
 * (http/null-fields.ts: the schemas' coercion turned `{"manage_stock": null}` into false and stopped counting the
 * product's stock, answered 200; fields that take null, a sale price, a stock quantity, keep it), and a field the
 * call does not take (http/errors.ts: "body must NOT have additional properties" left an integration to guess
 * which of its fields was misspelt or unknown).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, fieldMessages, signedIn } from "../../../../../test/owner-client.ts";
import { productId, type StoreClient } from "../../../../../test/store-client.ts";
import { ensureOwner } from "../customers/index.ts";

const OWNER = { email: "owner@body-checks.test", password: "body-checks-owner-2026" };

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;

beforeAll(async () => {
  shop = await createTestShop();
  await ensureOwner(shop.db, OWNER.email, OWNER.password);
  owner = await signedIn(shop.app, OWNER.email, OWNER.password);
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop.close());

const read = async () => (await adminCall(owner, "GET", `/products/${tShirt}`)).json();

describe("a null sent for a product field", () => {
  it("is refused by name where the field takes none, changing nothing", async () => {
    const before = await read();
    expect(before.manage_stock).toBe(true);
    const refused = await adminCall(owner, "PATCH", `/products/${tShirt}`, { manage_stock: null, featured: null, name: "Tee" });
    expect(refused.statusCode).toBe(400);
    expect(fieldMessages(refused)).toEqual({
      manage_stock: "manage_stock cannot be null: send a value, or leave the field out",
      featured: "featured cannot be null: send a value, or leave the field out",
    });
    expect(await read()).toEqual(before);
  });

  it("is named by its path inside a list", async () => {
    const refused = await adminCall(owner, "POST", "/products", {
      name: "Null tee",
      type: "variable",
      variations: [{ attributes: [], regular_price: 1500, manage_stock: null }],
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldMessages(refused)).toMatchObject({
      variations: "variations.0.manage_stock cannot be null: send a value, or leave the field out",
    });
  });

  it("is kept where the field takes null", async () => {
    const saved = await adminCall(owner, "PATCH", `/products/${tShirt}`, { sale_price: null, low_stock_amount: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sale_price: null, low_stock_amount: null, manage_stock: true });
  });
});

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
