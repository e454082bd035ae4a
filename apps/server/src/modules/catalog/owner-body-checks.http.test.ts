/**
 * What the owner API's body checks refuse by name (owner audit 2026-12-06): a value of the wrong type, taken as
 * sent (decision 0166: the schemas' coercion saved `{"name": -1}` as the text "-1" and read `{"manage_stock": null}`
 * as false, answered 200), a null told as such (fields that take null, a sale price, a stock quantity, keep it),
 * while the Store API still reads "2" as 2; and a field the call does not take (http/errors.ts: "body must NOT have
 * additional properties" left an integration to guess which of its fields was misspelt or unknown).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, fieldMessages, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient } from "../../../../../test/store-client.ts";

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
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

describe("a value of another type than the field's", () => {
  it("is refused by name, every one at once, and nothing is saved: a number or true is no text, text is no number", async () => {
    const before = await read();
    const refused = await adminCall(owner, "PATCH", `/products/${tShirt}`, {
      name: -1,
      short_description: 1e20,
      sku: true,
      regular_price: "1500",
      manage_stock: "true",
      featured: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldMessages(refused)).toEqual({
      name: "name must be a string",
      short_description: "short_description must be a string",
      sku: "sku must be a string",
      regular_price: "regular_price must be an integer or null",
      manage_stock: "manage_stock must be true or false",
      featured: "featured must be true or false",
    });
    expect(await read()).toEqual(before);
  });

  it("is refused inside lists and on every owner write, never saved as text", async () => {
    const tag = await adminCall(owner, "POST", "/tags", { name: 12, slug: "twelve" });
    expect(tag.statusCode).toBe(400);
    expect(fieldMessages(tag)).toEqual({ name: "name must be a string" });
    expect(await shop.db.selectFrom("tags").select("id").where("slug", "=", "twelve").executeTakeFirst()).toBeUndefined();

    const variation = await adminCall(owner, "POST", "/products", {
      name: "Typed tee",
      type: "variable",
      variations: [{ attributes: [], regular_price: 1500, sku: 4242 }],
    });
    expect(variation.statusCode).toBe(400);
    expect(fieldMessages(variation)).toMatchObject({ variations: "variations.0.sku must be a string" });
  });

  it("keeps the Store API's reading of numbers sent as text, and the owner's query strings", async () => {
    const shopper = new StoreClient(shop.app);
    const added = await shopper.post("/cart/add-item", { id: String(tShirt), quantity: "2" });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().items_count).toBe(2);
    const listed = await adminCall(owner, "GET", "/products?per_page=1&page=2");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().products).toHaveLength(1);
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
