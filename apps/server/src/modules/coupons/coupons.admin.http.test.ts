/**
 * The owner's coupons (issue 19, decision 0040) on SQLite and PostgreSQL: who may call them, the
 * nonce, every call, every field check, the change log, a shopper's cart following each change,
 * and a second server process over the same database pricing with a change on its next request.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { expectSavedAsRead, signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient, testBilling } from "../../../../../test/store-client.ts";

const ADMIN = "/api/admin/v1";
const OWNER = { email: "owner@coupons.test", password: "owner-password-2026" };
const T_SHIRT = 1;

let shop: TestShop;
let owner: StoreClient;
let categoryId: number;

const call = (client: StoreClient, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  client.request(method, `${ADMIN}${path}`, body);

let made = 0;
/** A coupon body with only what must be given; the rest takes its default. */
const newCoupon = (fields: Record<string, unknown> = {}) => ({ code: `Test${++made}`, type: "percent", amount: 1500, ...fields });

async function create(fields: Record<string, unknown> = {}) {
  const response = await call(owner, "POST", "/coupons", newCoupon(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A shopper's cart with one T-shirt and the coupon tried: the reply of apply-coupon. */
async function tryCoupon(code: string, app: FastifyInstance = shop.app) {
  const shopper = new StoreClient(app);
  await shopper.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
  return shopper.post("/cart/apply-coupon", { code });
}

/** A coupon's reply without what only the server writes (its id, uses, dates, the shop's currency): a body the saves take. */
function editable(coupon: Record<string, unknown>) {
  const {
    id,
    usage_count: _count,
    created_at: _created,
    usage: _usage,
    currency_code: _code,
    currency_minor_unit: _unit,
    version,
    ...fields
  } = coupon;
  return { id: id as number, version: version as string, fields };
}

const changeRows = (id: number) =>
  shop.db.selectFrom("change_log").selectAll().where("entity", "=", "coupon").where("entity_id", "=", String(id)).orderBy("id").execute();

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop, OWNER);
  categoryId = Number((await shop.db.selectFrom("categories").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
});
afterAll(() => shop.close());

describe("who may call the coupons", () => {
  it("answers a guest 401, a shopper and a manager 403 (coupons are the owner's)", async () => {
    const guest = await shop.app.inject(`${ADMIN}/coupons`);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");

    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    for (const [method, path, body] of [
      ["GET", "/coupons", undefined],
      ["POST", "/coupons", newCoupon()],
      ["GET", "/coupons/1", undefined],
      ["PUT", "/coupons/1", newCoupon()],
      ["PATCH", "/coupons/1", { enabled: false }],
      ["DELETE", "/coupons/1", undefined],
    ] as const) {
      const response = await call(jane, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().code).toBe("cw_rest_forbidden");
    }

    const email = "max@coupons.test";
    expect((await new StoreClient(shop.app).post("/account/register", { email, password: "manager-password-2026" })).statusCode).toBe(201);
    await shop.db.updateTable("customers").set({ role: "manager" }).where("email", "=", email).execute();
    const manager = await signedIn(shop.app, email, "manager-password-2026");
    expect((await call(manager, "GET", "/orders")).statusCode).toBe(200);
    const refused = await call(manager, "GET", "/coupons");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("cw_rest_forbidden");
    expect((await call(manager, "POST", "/coupons", newCoupon())).statusCode).toBe(403);

    // A body the schema refuses is not judged for those who may not call at all: who asks is answered first.
    const wrongBody = { code: 7, amount: -1, colour: "red" };
    const guestWrite = new StoreClient(shop.app);
    await guestWrite.get("/cart");
    expect((await call(guestWrite, "POST", "/coupons", wrongBody)).json().code).toBe("cw_rest_not_signed_in");
    expect((await call(jane, "PUT", "/coupons/1", wrongBody)).json().code).toBe("cw_rest_forbidden");
    expect((await call(manager, "POST", "/coupons", wrongBody)).json().code).toBe("cw_rest_forbidden");
  });

  it("refuses the owner's writes without the nonce (401) or with a wrong one (403), storing nothing", async () => {
    const { cookie } = owner.credentials();
    const body = newCoupon();
    const send = (headers: Record<string, string>) =>
      shop.app.inject({
        method: "POST",
        url: `${ADMIN}/coupons`,
        headers: { cookie: cookie ?? "", "content-type": "application/json", ...headers },
        payload: JSON.stringify(body),
      });
    const missing = await send({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");
    const wrong = await send({ nonce: "not-the-nonce" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("cw_rest_invalid_nonce");
    expect(await shop.db.selectFrom("coupons").select("id").where("code", "=", body.code.toLowerCase()).executeTakeFirst()).toBeUndefined();
  });
});

describe("the owner's coupon calls", () => {
  it("are in the OpenAPI document under the owner tag, with the rules' fields", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const method of ["get", "post"]) expect(paths["/api/admin/v1/coupons"][method].tags).toEqual(["owner"]);
    for (const method of ["get", "put", "patch", "delete"]) expect(paths["/api/admin/v1/coupons/{id}"][method].tags).toEqual(["owner"]);
    const body = paths["/api/admin/v1/coupons"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(["usage_limit_per_user", "limit_usage_to_x_items", "allowed_emails"]),
    );
    expect(body.properties.usage_limit).toMatchObject({ type: "integer", minimum: 1, nullable: true });
  });

  it("lists the demo coupons by code with their uses, searches, filters by status and pages", async () => {
    const all = await call(owner, "GET", "/coupons?per_page=100");
    expect(all.statusCode).toBe(200);
    const codes = all.json().coupons.map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(["save10", "5off", "freeship", "tshirt2", "once", "expired", "min50"]));
    expect(codes).toEqual([...codes].sort());
    expect(all.json().coupons.find((c: { code: string }) => c.code === "save10")).toMatchObject({
      type: "percent",
      amount: 1000,
      usage_count: 0,
    });

    const found = await call(owner, "GET", "/coupons?search=SAVE");
    expect(found.json().coupons.map((c: { code: string }) => c.code)).toEqual(["save10"]);
    // A wildcard in the search is a plain character.
    expect((await call(owner, "GET", "/coupons?search=%25")).json().total).toBe(0);

    const expired = await call(owner, "GET", "/coupons?status=expired");
    expect(expired.json().coupons.map((c: { code: string }) => c.code)).toEqual(["expired"]);
    const active = (await call(owner, "GET", "/coupons?status=active&per_page=100")).json().coupons.map((c: { code: string }) => c.code);
    expect(active).toContain("save10");
    expect(active).not.toContain("expired");
    const disabled = await create({ enabled: false });
    expect((await call(owner, "GET", "/coupons?status=disabled")).json().coupons.map((c: { id: number }) => c.id)).toEqual([disabled.id]);

    const first = (await call(owner, "GET", "/coupons?per_page=2&page=1")).json();
    const second = (await call(owner, "GET", "/coupons?per_page=2&page=2")).json();
    expect(first.coupons).toHaveLength(2);
    expect(first.pages).toBe(Math.ceil(first.total / 2));
    expect(first).toMatchObject({ currency_code: "USD", currency_minor_unit: 2 });
    expect(second.coupons[0].code > first.coupons[1].code).toBe(true);

    const badStatus = await call(owner, "GET", "/coupons?status=trash");
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().code).toBe("rest_invalid_param");
  });

  it("creates a coupon with every rule, reads it back and logs who made it", async () => {
    const body = {
      code: "  Spring-25 ",
      description: "Spring sale",
      type: "fixed_product",
      amount: 250,
      enabled: true,
      free_shipping: true,
      individual_use: true,
      exclude_sale_items: true,
      product_ids: [T_SHIRT],
      excluded_product_ids: [2],
      category_ids: [categoryId],
      excluded_category_ids: [],
      minimum_spend: 1000,
      maximum_spend: 50000,
      expires_at: "2030-01-31T23:59:59+01:00",
      usage_limit: 100,
      usage_limit_per_user: 2,
      limit_usage_to_x_items: 3,
      allowed_emails: ["*@Example.com", "ada@shop.test"],
    };
    const created = await call(owner, "POST", "/coupons", body);
    expect(created.statusCode).toBe(201);
    const coupon = created.json();
    expect(coupon).toEqual({
      ...body,
      id: expect.any(Number),
      code: "spring-25",
      expires_at: "2030-01-31T22:59:59.000Z",
      allowed_emails: ["*@example.com", "ada@shop.test"],
      usage_count: 0,
      created_at: expect.any(String),
      version: expect.any(String),
      usage: { orders: 0, recent: [] },
      currency_code: "USD",
      currency_minor_unit: 2,
    });
    const read = await call(owner, "GET", `/coupons/${coupon.id}`);
    expect(read.json()).toEqual(coupon);

    const [row] = await changeRows(coupon.id);
    const ownerId = (await shop.db.selectFrom("customers").select("id").where("email", "=", OWNER.email).executeTakeFirstOrThrow()).id;
    expect(row).toMatchObject({ actor_id: ownerId, action: "create", before: null });
    // The log keeps the coupon's own fields, not its uses or the shop's currency.
    const { usage: _usage, currency_code: _code, currency_minor_unit: _unit, ...own } = coupon;
    expect(JSON.parse(row?.after ?? "null")).toEqual(own);
  });

  it("saves every demo coupon back unchanged (the seed writes nothing the owner could not)", async () => {
    const demo = (await call(owner, "GET", "/coupons?per_page=100"))
      .json()
      .coupons.filter((c: { code: string }) => ["save10", "5off", "freeship", "tshirt2", "once", "expired", "min50"].includes(c.code));
    expect(demo).toHaveLength(7);
    for (const { id, usage_count: _uses, created_at: _created, ...fields } of demo) {
      const saved = await call(owner, "PUT", `/coupons/${id}`, fields);
      expect(saved.statusCode, fields.code).toBe(200);
      expect(saved.json()).toMatchObject(fields);
    }
  });

  it("takes defaults for what is left out", async () => {
    const coupon = await create({ code: "Bare" });
    expect(coupon).toMatchObject({
      code: "bare",
      description: "",
      enabled: true,
      free_shipping: false,
      product_ids: [],
      minimum_spend: null,
      expires_at: null,
      usage_limit: null,
      allowed_emails: [],
    });
  });

  it("refuses a code another coupon has, whatever its case, with 409 beside the code", async () => {
    const taken = await call(owner, "POST", "/coupons", newCoupon({ code: "SAVE10" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("cw_rest_coupon_code_exists");
    expect(taken.json().data.details.code.message).toBe('A coupon with the code "save10" already exists.');
    const mine = await create();
    const renamed = await call(owner, "PATCH", `/coupons/${mine.id}`, { code: "Once" });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().data.details).toHaveProperty("code");
    // Its own code, in another case, is no clash.
    expect((await call(owner, "PATCH", `/coupons/${mine.id}`, { code: mine.code.toUpperCase() })).statusCode).toBe(200);
  });

  it("lets one of two creates of the same new code at once win; the other is 409", async () => {
    const body = newCoupon({ code: "Race" });
    const replies = await Promise.all([call(owner, "POST", "/coupons", body), call(owner, "POST", "/coupons", body)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)?.json().code).toBe("cw_rest_coupon_code_exists");
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ["an empty code", { code: "   " }, "code", "Enter a code."],
    ["a code with a space", { code: "two words" }, "code", "A code has no spaces or commas."],
    ["a code with a comma", { code: "a,b" }, "code", "A code has no spaces or commas."],
    ["a percentage over 100 %", { amount: 10_001 }, "amount", "A percentage is at most 100 %."],
    ["no amount and no free shipping", { amount: 0 }, "amount", "Enter an amount, or give free shipping."],
    [
      "a maximum spend below the minimum",
      { minimum_spend: 5000, maximum_spend: 4999 },
      "maximum_spend",
      "The maximum spend cannot be below the minimum spend.",
    ],
    ["an expiry that is no date", { expires_at: "next week" }, "expires_at", "Enter a date and time with its zone."],
    ["an expiry without its zone", { expires_at: "2030-01-01T00:00:00" }, "expires_at", "Enter a date and time with its zone."],
    ["an unknown product", { product_ids: [T_SHIRT, 999_999] }, "product_ids", "No product has the id 999999."],
    ["an unknown excluded product", { excluded_product_ids: [999_998] }, "excluded_product_ids", "No product has the id 999998."],
    ["an unknown category", { category_ids: [999_997] }, "category_ids", "No category has the id 999997."],
    ["an unknown excluded category", { excluded_category_ids: [999_996] }, "excluded_category_ids", "No category has the id 999996."],
    [
      "a product both included and excluded",
      { product_ids: [T_SHIRT], excluded_product_ids: [T_SHIRT] },
      "excluded_product_ids",
      "A product cannot be both included and excluded.",
    ],
    [
      "an allowed email that is none",
      { allowed_emails: ["ada@shop.test", "not mail"] },
      "allowed_emails",
      '"not mail" is not an email address (use * for any text, as in *@example.com).',
    ],
  ];
  it.each(refusals)("refuses %s with the error beside its field", async (_name, fields, field, message) => {
    const response = await call(owner, "POST", "/coupons", newCoupon(fields));
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.code).toBe("rest_invalid_param");
    expect(error.data.details[field]).toEqual({ code: "rest_invalid_param", message, data: null, additional_errors: [] });
    expect(error.data.params[field]).toBe(message);
  });

  it("refuses a category both included and excluded", async () => {
    const response = await call(owner, "POST", "/coupons", newCoupon({ category_ids: [categoryId], excluded_category_ids: [categoryId] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().data.details.excluded_category_ids.message).toBe("A category cannot be both included and excluded.");
  });

  it("reports every failing field at once", async () => {
    const response = await call(owner, "POST", "/coupons", newCoupon({ code: "a b", amount: 20_000, expires_at: "soon" }));
    expect(Object.keys(response.json().data.details).sort()).toEqual(["amount", "code", "expires_at"]);
  });

  it.each([
    ["a type it does not know", { type: "buy_x_get_y" }, "type"],
    ["a negative amount", { amount: -1 }, "amount"],
    ["an amount with a fraction", { amount: 9.5 }, "amount"],
    ["a usage limit of 0", { usage_limit: 0 }, "usage_limit"],
    ["a per-customer limit of 0", { usage_limit_per_user: 0 }, "usage_limit_per_user"],
    ["an item limit of 0", { limit_usage_to_x_items: 0 }, "limit_usage_to_x_items"],
    ["a negative minimum spend", { minimum_spend: -100 }, "minimum_spend"],
    ["a product id that is no id", { product_ids: [0] }, "product_ids"],
    ["a field it does not know", { colour: "red" }, "colour"],
    ["a code too long", { code: "x".repeat(51) }, "code"],
  ])("refuses %s by the schema, beside its field", async (_name, fields, field) => {
    const response = await call(owner, "POST", "/coupons", newCoupon(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("rest_invalid_param");
    expect(response.json().data.details).toHaveProperty(field);
  });

  it("reports every field the schema refuses in one answer", async () => {
    const response = await call(
      owner,
      "POST",
      "/coupons",
      newCoupon({ type: "buy_x_get_y", amount: -1, usage_limit: 0, product_ids: [0] }),
    );
    expect(response.statusCode).toBe(400);
    const { code, data } = response.json();
    expect(code).toBe("rest_invalid_param");
    expect(Object.keys(data.details).sort()).toEqual(["amount", "product_ids", "type", "usage_limit"]);
    expect(data.details.type.message).toMatch(/^type must be one of /);
  });

  it("replaces a coupon (PUT) and changes some fields (PATCH), logging before and after", async () => {
    const coupon = await create({ minimum_spend: 2000, usage_limit: 5 });
    const replaced = await call(owner, "PUT", `/coupons/${coupon.id}`, { code: coupon.code, type: "fixed_cart", amount: 700 });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ type: "fixed_cart", amount: 700, minimum_spend: null, usage_limit: null });
    const patched = await call(owner, "PATCH", `/coupons/${coupon.id}`, { enabled: false, description: "Paused" });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ type: "fixed_cart", amount: 700, enabled: false, description: "Paused" });
    const badPatch = await call(owner, "PATCH", `/coupons/${coupon.id}`, { type: "percent", amount: 50_000 });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().data.details).toHaveProperty("amount");

    const rows = await changeRows(coupon.id);
    expect(rows.map((row) => row.action)).toEqual(["create", "update", "update"]);
    expect(JSON.parse(rows[2]?.before ?? "null")).toMatchObject({ enabled: true, description: "" });
    expect(JSON.parse(rows[2]?.after ?? "null")).toMatchObject({ enabled: false, description: "Paused" });
  });

  it("keeps what a PATCH leaves out: the schema's defaults never fill a missing field", async () => {
    const coupon = await create({ description: "Autumn", usage_limit: 9, individual_use: true });
    expect((await call(owner, "PATCH", `/coupons/${coupon.id}`, { enabled: false })).statusCode).toBe(200);
    const patched = await call(owner, "PATCH", `/coupons/${coupon.id}`, { amount: 1200 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ amount: 1200, enabled: false, description: "Autumn", usage_limit: 9, individual_use: true });
  });

  it("refuses a null where a field takes none instead of reading it as false (an enabled coupon stays enabled)", async () => {
    const coupon = await create({ code: "Nulled" });
    const refused = await call(owner, "PATCH", `/coupons/${coupon.id}`, { enabled: null, amount: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params).toEqual({
      enabled: "enabled cannot be null: send a value, or leave the field out",
      amount: "amount cannot be null: send a value, or leave the field out",
    });
    expect((await call(owner, "GET", `/coupons/${coupon.id}`)).json()).toMatchObject({ enabled: true, amount: 1500 });
    // A field that takes null keeps it.
    expect((await call(owner, "PATCH", `/coupons/${coupon.id}`, { usage_limit: null })).statusCode).toBe(200);
  });

  it("answers 404 for a coupon that is not there", async () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", newCoupon()],
      ["PATCH", { enabled: false }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(owner, method, "/coupons/999999", body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().code).toBe("cw_rest_coupon_not_found");
    }
  });

  it("deletes a coupon no order used, with its change-log row", async () => {
    const coupon = await create();
    const deleted = await call(owner, "DELETE", `/coupons/${coupon.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(owner, "GET", `/coupons/${coupon.id}`)).statusCode).toBe(404);
    const rows = await changeRows(coupon.id);
    expect(rows.at(-1)).toMatchObject({ action: "delete", after: null });
    expect(JSON.parse(rows.at(-1)?.before ?? "null")).toMatchObject({ id: coupon.id, code: coupon.code });
  });
});

describe("two editors of one coupon (decision 0158)", () => {
  it("refuses a save made on a stale copy, keeping the other editor's change, and takes it once reloaded", async () => {
    const { id, version, fields } = editable(await create({ code: "Stale1", amount: 1000 }));
    const first = await call(owner, "PUT", `/coupons/${id}`, { ...fields, amount: 1200, version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).not.toBe(version);

    const second = await call(owner, "PUT", `/coupons/${id}`, { ...fields, description: "Ten off", version });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: "cw_rest_coupon_changed",
      message: "This coupon was changed by someone else since you opened it: reload it to see their change, then make yours again.",
      data: { version: first.json().version },
    });
    const stored = (await call(owner, "GET", `/coupons/${id}`)).json();
    expect(stored).toMatchObject({ amount: 1200, description: "" });
    expect(await changeRows(id)).toHaveLength(2);

    const again = await call(owner, "PUT", `/coupons/${id}`, {
      ...fields,
      amount: stored.amount,
      description: "Ten off",
      version: stored.version,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ amount: 1200, description: "Ten off" });
  });

  it("refuses a PATCH on a stale version too; without a version a PATCH is made as sent", async () => {
    const { id, version } = await create({ code: "Stale2" });
    expect((await call(owner, "PATCH", `/coupons/${id}`, { enabled: false })).statusCode).toBe(200);
    const stale = await call(owner, "PATCH", `/coupons/${id}`, { amount: 900, version });
    expect(stale.statusCode).toBe(409);
    expect((await call(owner, "GET", `/coupons/${id}`)).json()).toMatchObject({ enabled: false, amount: 1500 });
    const current = (await call(owner, "GET", `/coupons/${id}`)).json().version;
    expect((await call(owner, "PATCH", `/coupons/${id}`, { amount: 900, version: current })).json()).toMatchObject({
      amount: 900,
      enabled: false,
    });
  });

  it("gives a coupon saved with nothing changed the same version", async () => {
    const { id, version, fields } = editable(await create({ code: "Stale3" }));
    const saved = await call(owner, "PUT", `/coupons/${id}`, { ...fields, version });
    expect(saved.json().version).toBe(version);
  });
});

describe("a shopper's cart and orders follow the owner's coupons", () => {
  it("applies a coupon made through the API, and refuses it once expired, disabled or deleted", async () => {
    const coupon = await create({ code: "Cart25", amount: 2500 });
    const holder = new StoreClient(shop.app);
    await holder.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
    await holder.cart("POST", "/cart/apply-coupon", { code: "cart25" });
    const twice = await holder.post("/cart/apply-coupon", { code: "CART25" });
    expect(twice.json()).toMatchObject({ code: "cw_rest_cart_coupon_error", message: 'Coupon code "cart25" has already been applied.' });
    const applied = await tryCoupon("CART25");
    expect(applied.statusCode).toBe(200);
    const cart = applied.json();
    expect(cart.coupons[0]).toMatchObject({ code: "cart25", discount_type: "percent" });
    expect(Number(cart.totals.total_discount)).toBe(Math.round(Number(cart.totals.total_items) / 4));

    expect((await call(owner, "PATCH", `/coupons/${coupon.id}`, { expires_at: "2020-01-01T00:00:00Z" })).statusCode).toBe(200);
    const expired = await tryCoupon("cart25");
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: "cw_rest_cart_coupon_error", message: 'Coupon "cart25" has expired.' });
    // The cart that holds it stops counting it, and applying it again says why.
    expect((await holder.cart("GET", "/cart")).coupons).toEqual([]);
    const again = await holder.post("/cart/apply-coupon", { code: "cart25" });
    expect(again.json()).toMatchObject({ code: "cw_rest_cart_coupon_error", message: 'Coupon "cart25" has expired.' });

    expect((await call(owner, "PATCH", `/coupons/${coupon.id}`, { expires_at: null, enabled: false })).statusCode).toBe(200);
    expect((await tryCoupon("cart25")).json().code).toBe("cw_rest_cart_coupon_disabled");

    expect((await call(owner, "DELETE", `/coupons/${coupon.id}`)).statusCode).toBe(204);
    const gone = await tryCoupon("cart25");
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('Coupon "cart25" does not exist!');
  });

  it("shows the orders that used a coupon, and keeps a used coupon from being deleted", async () => {
    const coupon = await create({ code: "Used10", amount: 1000 });
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
    await shopper.cart("POST", "/cart/apply-coupon", { code: "used10" });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("used@coupons.test"), payment_method: "cod" });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().order_id;

    const read = (await call(owner, "GET", `/coupons/${coupon.id}`)).json();
    expect(read.usage_count).toBe(1);
    // An order's use is no owner's change: an editor opened before it still saves.
    expect(read.version).toBe(coupon.version);
    expect(read.usage).toEqual({
      orders: 1,
      recent: [
        {
          order_id: orderId,
          status: expect.any(String),
          created_at: expect.any(String),
          billing_email: "used@coupons.test",
          discount: expect.any(Number),
          discount_tax: expect.any(Number),
        },
      ],
    });
    expect(read.usage.recent[0].discount).toBeGreaterThan(0);
    const listed = (await call(owner, "GET", "/coupons?search=used10")).json().coupons[0];
    expect(listed.usage_count).toBe(1);
    // A save answers the coupon as a read made right after it: its uses and the shop's currency too.
    const { fields, version } = editable(read);
    const replaced = await expectSavedAsRead(
      owner,
      await call(owner, "PUT", `/coupons/${coupon.id}`, { ...fields, amount: 900, version }),
      `/coupons/${coupon.id}`,
    );
    expect(replaced).toMatchObject({ amount: 900, usage: read.usage, currency_code: "USD" });
    const changed = await call(owner, "PATCH", `/coupons/${coupon.id}`, { amount: 1000, version: replaced.version });
    expect((await expectSavedAsRead(owner, changed, `/coupons/${coupon.id}`)).usage).toEqual(read.usage);

    const refused = await call(owner, "DELETE", `/coupons/${coupon.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "cw_rest_coupon_in_use",
      message: "1 order has used this coupon, so it cannot be deleted: disable it instead.",
    });
    const kept = await shop.db.selectFrom("order_coupons").selectAll().where("order_id", "=", orderId).execute();
    expect(kept).toHaveLength(1);
    expect((await call(owner, "GET", `/coupons/${coupon.id}`)).statusCode).toBe(200);
  });
});

describe("a second server process over the same database", () => {
  let second: SecondProcess;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await secondProcess(shop);
    other = second.app;
  });
  afterAll(() => second.close());

  it("prices a kept cart with the owner's change on its next request", async () => {
    const coupon = await create({ code: "Twoproc", amount: 1000 });
    const shopper = new StoreClient(other);
    await shopper.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 2 });
    const before = await shopper.cart("POST", "/cart/apply-coupon", { code: "twoproc" });
    const items = Number(before.totals.total_items);
    expect(Number(before.totals.total_discount)).toBe(Math.round(items / 10));
    // The other process has this cart's reply kept (decision 0015); the change must reach it anyway.
    expect(Number((await shopper.cart("GET", "/cart")).totals.total_discount)).toBe(Math.round(items / 10));

    expect((await call(owner, "PATCH", `/coupons/${coupon.id}`, { amount: 3000 })).statusCode).toBe(200);
    expect(Number((await shopper.cart("GET", "/cart")).totals.total_discount)).toBe(Math.round((items * 3) / 10));

    expect((await call(owner, "PATCH", `/coupons/${coupon.id}`, { expires_at: "2020-01-01T00:00:00Z" })).statusCode).toBe(200);
    const after = await shopper.cart("GET", "/cart");
    expect(after.coupons).toEqual([]);
    expect(Number(after.totals.total_discount)).toBe(0);
    const again = await tryCoupon("twoproc", other);
    expect(again.json().message).toBe('Coupon "twoproc" has expired.');
  });

  it("stops a coupon the owner disables in the carts that already hold it", async () => {
    const coupon = await create({ code: "Heldcart", amount: 1000 });
    const shopper = new StoreClient(other);
    await shopper.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
    expect((await shopper.cart("POST", "/cart/apply-coupon", { code: "heldcart" })).coupons).toHaveLength(1);
    expect((await call(owner, "PATCH", `/coupons/${coupon.id}`, { enabled: false })).statusCode).toBe(200);
    const after = await shopper.cart("GET", "/cart");
    expect(after.coupons).toEqual([]);
    expect(after.errors).toContainEqual({
      code: "cw_rest_cart_coupon_error",
      message: 'Coupon "heldcart" cannot be used right now and was not applied.',
    });
  });
});
