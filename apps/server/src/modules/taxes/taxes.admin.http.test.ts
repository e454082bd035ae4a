/**
 * The owner's tax classes and rates (issue 19, decision 0044) on SQLite and PostgreSQL: who may
 * call them, every call, every field check, the change log, two editors of one rate, class or
 * shipping tax class (decision 0158), the product's tax fields, a reduced
 * class bought at the checkout with its order's tax lines, the shipping tax class, and a second
 * server process over the same database pricing with a changed rate on its next request.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { expectSavedAsRead, signedIn, signedInOwner, twoEditors } from "../../../../../test/owner-client.ts";
import { StoreClient, TEST_ADDRESS, testBilling } from "../../../../../test/store-client.ts";

const ADMIN = "/api/admin/v1";
const OWNER = { email: "owner@taxes.test", password: "owner-password-2026" };
const T_SHIRT = 1;

let shop: TestShop;
let owner: StoreClient;

const call = (client: StoreClient, method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) =>
  client.request(method, `${ADMIN}${path}`, body);

const newRate = (fields: Record<string, unknown> = {}) => ({ country: "US", state: "TX", rate: "6.25", name: "TX Tax", ...fields });

async function createRate(fields: Record<string, unknown> = {}) {
  const response = await call(owner, "POST", "/tax-rates", newRate(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createClass(name: string) {
  const response = await call(owner, "POST", "/tax-classes", { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { slug: string; name: string; version: string };
}

const changeRows = (entity: string, id: string) =>
  shop.db.selectFrom("change_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(id)).orderBy("id").execute();

/** Field → message of a 400 rest_invalid_param. */
function fieldErrors(response: { statusCode: number; json(): { code: string; data: { params: Record<string, string> } } }) {
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe("rest_invalid_param");
  return response.json().data.params;
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop, OWNER);
});
afterAll(() => shop.close());

describe("who may call the taxes", () => {
  const calls = [
    ["GET", "/tax-classes", undefined],
    ["POST", "/tax-classes", { name: "Books" }],
    ["PUT", "/tax-classes/order", { slugs: ["zero-rate", "reduced-rate"] }],
    ["GET", "/tax-classes/reduced-rate", undefined],
    ["PUT", "/tax-classes/reduced-rate", { name: "Reduced" }],
    ["DELETE", "/tax-classes/zero-rate", undefined],
    ["GET", "/tax-rates?class=standard", undefined],
    ["POST", "/tax-rates", newRate()],
    ["PUT", "/tax-rates/order", { class: "standard", ids: [1, 2, 3, 4] }],
    ["GET", "/tax-rates/1", undefined],
    ["PUT", "/tax-rates/1", newRate()],
    ["DELETE", "/tax-rates/1", undefined],
    ["GET", "/shipping-tax-class", undefined],
    ["PUT", "/shipping-tax-class", { shipping_tax_class: "standard" }],
  ] as const;

  it("answers a guest 401, a shopper and a manager 403 (taxes are the owner's), changing nothing", async () => {
    for (const [method, path, body] of calls) {
      const guest = await new StoreClient(shop.app, "browser").request(method, `${ADMIN}${path}`, body);
      expect(guest.statusCode, `${method} ${path}`).toBe(401);
    }
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const email = "max@taxes.test";
    expect((await new StoreClient(shop.app).post("/account/register", { email, password: "manager-password-2026" })).statusCode).toBe(201);
    await shop.db.updateTable("customers").set({ role: "manager" }).where("email", "=", email).execute();
    const manager = await signedIn(shop.app, email, "manager-password-2026");
    for (const client of [jane, manager]) {
      for (const [method, path, body] of calls) {
        const response = await call(client, method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json().code).toBe("cw_rest_forbidden");
      }
    }
    expect(await shop.db.selectFrom("tax_rates").select("id").execute()).toHaveLength(4);
    expect(await shop.db.selectFrom("tax_classes").select("slug").execute()).toHaveLength(2);
    // The product editor's list of classes is in the catalogue's area: a manager may read it, a shopper may not.
    const list = await call(manager, "GET", "/products/tax-classes");
    expect(list.statusCode).toBe(200);
    expect(list.json().classes.map((c: { slug: string }) => c.slug)).toEqual(["standard", "reduced-rate", "zero-rate"]);
    expect((await call(jane, "GET", "/products/tax-classes")).statusCode).toBe(403);
  });

  it("refuses a write without the nonce, storing nothing", async () => {
    const { cookie } = owner.credentials();
    const response = await shop.app.inject({
      method: "POST",
      url: `${ADMIN}/tax-rates`,
      headers: { cookie: cookie ?? "", "content-type": "application/json" },
      payload: JSON.stringify(newRate()),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("cw_rest_missing_nonce");
    expect(await shop.db.selectFrom("tax_rates").select("id").execute()).toHaveLength(4);
  });

  it("are in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const [path, methods] of [
      ["/tax-classes", ["get", "post"]],
      ["/tax-classes/order", ["put"]],
      ["/tax-classes/{slug}", ["get", "put", "delete"]],
      ["/tax-rates", ["get", "post"]],
      ["/tax-rates/order", ["put"]],
      ["/tax-rates/{id}", ["get", "put", "delete"]],
      ["/shipping-tax-class", ["get", "put"]],
      ["/products/tax-classes", ["get"]],
    ] as const) {
      for (const method of methods) expect(paths[`${ADMIN}${path}`][method].tags, `${method} ${path}`).toEqual(["owner"]);
    }
    const body = paths[`${ADMIN}/tax-rates`].post.requestBody.content["application/json"].schema;
    expect(body.properties.priority).toMatchObject({ type: "integer", minimum: 1 });
  });
});

describe("tax classes", () => {
  it("lists standard first, then Reduced rate and Zero rate, with their rates and products", async () => {
    const response = await call(owner, "GET", "/tax-classes");
    expect(response.statusCode).toBe(200);
    const { classes, shipping_tax_class } = response.json();
    expect(shipping_tax_class).toBe("inherit");
    expect(classes.map((c: { slug: string; name: string; rates: number }) => [c.slug, c.name, c.rates])).toEqual([
      ["standard", "Standard rate", 4],
      ["reduced-rate", "Reduced rate", 0],
      ["zero-rate", "Zero rate", 0],
    ]);
    // Every demo product (variations take their parent's class) is in the standard class.
    const { count } = await shop.db
      .selectFrom("products")
      .where("type", "<>", "variation")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(classes[0].products).toBe(Number(count));
  });

  it("adds, renames and deletes the owner's own class, each with its change_log row", async () => {
    const created = await createClass("  Books & Papers ");
    expect(created).toEqual({
      slug: "books-papers",
      name: "Books & Papers",
      version: expect.stringMatching(/^[\w-]{22}$/),
      rates: 0,
      products: 0,
    });
    const renamed = await call(owner, "PUT", "/tax-classes/books-papers", { name: "Printed matter" });
    expect(renamed.json()).toMatchObject({ slug: "books-papers", name: "Printed matter" });
    expect(renamed.json().version).not.toBe(created.version);
    await createRate({ class: "books-papers", rate: "0" });
    expect((await call(owner, "GET", "/tax-rates?class=books-papers")).json().rates).toHaveLength(1);
    expect((await call(owner, "DELETE", "/tax-classes/books-papers")).statusCode).toBe(204);
    expect((await call(owner, "GET", "/tax-rates?class=books-papers")).statusCode).toBe(404);
    expect(await shop.db.selectFrom("tax_rates").select("id").where("tax_class", "=", "books-papers").execute()).toEqual([]);
    const rows = await changeRows("tax_class", "books-papers");
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect(JSON.parse(rows[2]!.before as string).rates).toHaveLength(1);
    expect(rows[2]!.after).toBeNull();
  });

  it("answers an add and a rename as a read made right after it answers the class, its counts too", async () => {
    const added = await call(owner, "POST", "/tax-classes", { name: "Same Shape" });
    expect(await expectSavedAsRead(owner, added, "/tax-classes/same-shape")).toMatchObject({ rates: 0, products: 0 });
    await createRate({ class: "same-shape", rate: "5" });
    const product = await call(owner, "POST", "/products", { name: "Taxed apart", regular_price: 1000, tax_class: "same-shape" });
    expect(product.statusCode, product.body).toBe(201);
    const renamed = await call(owner, "PUT", "/tax-classes/same-shape", { name: "Same Shape 2", version: added.json().version });
    expect(await expectSavedAsRead(owner, renamed, "/tax-classes/same-shape")).toMatchObject({
      name: "Same Shape 2",
      rates: 1,
      products: 1,
    });
    expect((await call(owner, "DELETE", `/products/${product.json().id}`)).statusCode).toBe(204);
    expect((await call(owner, "DELETE", "/tax-classes/same-shape")).statusCode).toBe(204);
  });

  it("checks names: required, letters or digits, not taken (case ignored)", async () => {
    expect(fieldErrors(await call(owner, "POST", "/tax-classes", { name: " " })).name).toBe("Enter a name for the class.");
    expect(fieldErrors(await call(owner, "POST", "/tax-classes", { name: "%%" })).name).toMatch(/at least one letter or digit/);
    expect(fieldErrors(await call(owner, "POST", "/tax-classes", { name: "zero RATE" })).name).toBe(
      'There is already a class named "zero RATE".',
    );
    expect(fieldErrors(await call(owner, "POST", "/tax-classes", { name: "Standard rate" })).name).toMatch(/already a class/);
    expect(fieldErrors(await call(owner, "PUT", "/tax-classes/zero-rate", { name: "Reduced rate" })).name).toMatch(/already a class/);
    // A name whose slug is reserved gets a numbered one: "order" is the reorder's path, so "Order" could not be renamed.
    const parent = await createClass("Parent");
    expect(parent.slug).toBe("parent-2");
    const order = await createClass("Order");
    expect(order.slug).toBe("order-2");
    expect((await call(owner, "PUT", "/tax-classes/order-2", { name: "Orders" })).statusCode).toBe(200);
    for (const slug of ["parent-2", "order-2"]) expect((await call(owner, "DELETE", `/tax-classes/${slug}`)).statusCode).toBe(204);
  });

  it("keeps the standard class: no rename, no delete", async () => {
    const rename = await call(owner, "PUT", "/tax-classes/standard", { name: "Normal" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe("cw_rest_tax_class_standard");
    const remove = await call(owner, "DELETE", "/tax-classes/standard");
    expect(remove.statusCode).toBe(409);
    expect((await call(owner, "DELETE", "/tax-classes/nothing-here")).statusCode).toBe(404);
    expect((await call(owner, "PUT", "/tax-classes/nothing-here", { name: "X" })).statusCode).toBe(404);
    expect((await call(owner, "GET", "/tax-classes/nothing-here")).json().code).toBe("cw_rest_tax_class_not_found");
  });

  it("refuses to delete a class products or shipping still use, with the reason", async () => {
    const made = await createClass("Kept");
    const product = await call(owner, "POST", "/products", { name: "Kept Candle", regular_price: 900, tax_class: made.slug });
    expect(product.statusCode, product.body).toBe(201);
    const refused = await call(owner, "DELETE", `/tax-classes/${made.slug}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "cw_rest_tax_class_in_use",
      message: "1 product or variation is in this class: move it to another class first.",
    });
    expect((await call(owner, "PUT", `/products/${product.json().id}`, { name: "Kept Candle", regular_price: 900 })).statusCode).toBe(200);

    expect((await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: made.slug })).json()).toMatchObject({
      shipping_tax_class: made.slug,
    });
    const shipping = await call(owner, "DELETE", `/tax-classes/${made.slug}`);
    expect(shipping.statusCode).toBe(409);
    expect(shipping.json().message).toBe("Shipping is taxed in this class: choose another shipping tax class first.");
    expect((await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: "inherit" })).statusCode).toBe(200);
    expect((await call(owner, "DELETE", `/tax-classes/${made.slug}`)).statusCode).toBe(204);
    expect((await call(owner, "DELETE", `/products/${product.json().id}`)).statusCode).toBe(204);
  });

  it("reorders the owner's classes: every one once", async () => {
    const bad = fieldErrors(await call(owner, "PUT", "/tax-classes/order", { slugs: ["zero-rate"] }));
    expect(bad.slugs).toBe("List every class but the standard one once: reduced-rate, zero-rate.");
    expect(fieldErrors(await call(owner, "PUT", "/tax-classes/order", { slugs: ["zero-rate", "zero-rate"] })).slugs).toBeDefined();
    const moved = await call(owner, "PUT", "/tax-classes/order", { slugs: ["zero-rate", "reduced-rate"] });
    expect(moved.json().classes.map((c: { slug: string }) => c.slug)).toEqual(["standard", "zero-rate", "reduced-rate"]);
    await call(owner, "PUT", "/tax-classes/order", { slugs: ["reduced-rate", "zero-rate"] });
    expect((await changeRows("tax_class_order", "classes")).map((r) => JSON.parse(r.after as string))).toEqual([
      ["zero-rate", "reduced-rate"],
      ["reduced-rate", "zero-rate"],
    ]);
  });

  it("two editors of one class: a rename from a copy read before another's is refused; rates, products, order and shipping meanwhile are no change (decision 0158)", async () => {
    const made = await createClass("Printed");
    const first = await twoEditors({
      db: shop.db,
      client: owner,
      path: `/tax-classes/${made.slug}`,
      method: "PUT",
      code: "cw_rest_tax_class_changed",
      noun: "tax class",
      first: () => ({ name: "Printed matter" }),
      second: () => ({ name: "Books and papers" }),
    });
    expect(first).toMatchObject({ slug: made.slug, name: "Printed matter", rates: 0, products: 0 });
    // The list answers each class's version as its own read does; the change log keeps the class, not the version.
    const opened = (await call(owner, "GET", `/tax-classes/${made.slug}`)).json();
    const listed = (await call(owner, "GET", "/tax-classes")).json().classes;
    expect(listed.find((c: { slug: string }) => c.slug === made.slug)).toEqual(opened);
    expect(JSON.parse((await changeRows("tax_class", made.slug)).at(-1)!.after as string)).toEqual({ slug: made.slug, name: opened.name });

    // A rate, a product, a new order of the classes and shipping taxed in it: none is what a rename writes.
    const rate = await createRate({ class: made.slug, rate: "1" });
    const product = await call(owner, "POST", "/products", { name: "Printed Card", regular_price: 300, tax_class: made.slug });
    expect(product.statusCode, product.body).toBe(201);
    const order = (await call(owner, "GET", "/tax-classes"))
      .json()
      .classes.slice(1)
      .map((c: { slug: string }) => c.slug) as string[];
    expect((await call(owner, "PUT", "/tax-classes/order", { slugs: [...order].reverse() })).statusCode).toBe(200);
    expect((await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: made.slug })).statusCode).toBe(200);
    const renamed = await call(owner, "PUT", `/tax-classes/${made.slug}`, { name: "Printed goods", version: opened.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(owner, "GET", `/tax-classes/${made.slug}`)).json()).toMatchObject({ name: "Printed goods", rates: 1, products: 1 });

    expect((await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: "inherit" })).statusCode).toBe(200);
    expect((await call(owner, "PUT", "/tax-classes/order", { slugs: order })).statusCode).toBe(200);
    // Back in the standard class, the product no longer holds the class (as a trashed product would).
    expect((await call(owner, "PUT", `/products/${product.json().id}`, { name: "Printed Card", regular_price: 300 })).statusCode).toBe(200);
    expect((await call(owner, "DELETE", `/tax-classes/${made.slug}`)).statusCode).toBe(204);
    expect((await call(owner, "DELETE", `/products/${product.json().id}`)).statusCode).toBe(204);
    expect(await shop.db.selectFrom("tax_rates").select("id").where("id", "=", rate.id).execute()).toEqual([]);
  });

  it("two editors of the shipping tax class: a save from a copy read before another's is refused; a class renamed or given rates meanwhile is no change (decision 0158)", async () => {
    const first = await twoEditors({
      db: shop.db,
      client: owner,
      path: "/shipping-tax-class",
      method: "PUT",
      code: "cw_rest_shipping_tax_class_changed",
      noun: "shipping tax class",
      first: () => ({ shipping_tax_class: "reduced-rate" }),
      second: () => ({ shipping_tax_class: "zero-rate" }),
    });
    expect(first).toEqual({ shipping_tax_class: "reduced-rate", version: expect.any(String) });
    // Its change-log rows keep the setting, not the version, as the settings groups' do.
    expect(JSON.parse((await changeRows("settings", "shipping_tax_class")).at(-1)!.after as string)).toEqual({
      shipping_tax_class: "zero-rate",
    });

    const made = await createClass("Parcels");
    const opened = (await call(owner, "GET", "/shipping-tax-class")).json();
    expect(opened.shipping_tax_class).toBe("zero-rate");
    const { version: classVersion } = (await call(owner, "GET", `/tax-classes/${made.slug}`)).json();
    expect((await call(owner, "PUT", `/tax-classes/${made.slug}`, { name: "Parcels and post", version: classVersion })).statusCode).toBe(
      200,
    );
    const rate = await createRate({ class: made.slug, rate: "3" });
    const saved = await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: made.slug, version: opened.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ shipping_tax_class: made.slug, version: expect.any(String) });
    // The version is the value's: the same class chosen from any copy names the same one.
    expect((await call(owner, "GET", "/shipping-tax-class")).json()).toEqual(saved.json());

    expect(
      (await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: "inherit", version: saved.json().version })).statusCode,
    ).toBe(200);
    expect((await call(owner, "DELETE", `/tax-rates/${rate.id}`)).statusCode).toBe(204);
    expect((await call(owner, "DELETE", `/tax-classes/${made.slug}`)).statusCode).toBe(204);
  });
});

describe("tax rates", () => {
  it("lists a class's rates in order; an unknown class is 404", async () => {
    const response = await call(owner, "GET", "/tax-rates?class=standard");
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .rates.map((r: { name: string; rate: string; country: string; state: string }) => [r.name, r.rate, r.country, r.state]),
    ).toEqual([
      ["CA Tax", "7.2500", "US", "CA"],
      ["NY Tax", "4.0000", "US", "NY"],
      ["VAT", "20.0000", "GB", ""],
      ["MwSt", "19.0000", "DE", ""],
    ]);
    expect((await call(owner, "GET", "/tax-rates")).json().rates).toHaveLength(4);
    const unknown = await call(owner, "GET", "/tax-rates?class=nope");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("cw_rest_tax_class_not_found");
  });

  it("creates, reads, replaces and deletes a rate, cleaned and logged", async () => {
    const created = await createRate({
      country: "us",
      state: "tx",
      postcodes: [" 733* ", "75000...75999", "733*"],
      cities: ["Austin", " austin ", "Dallas"],
      rate: "6.25",
      priority: 2,
      compound: true,
      shipping: false,
    });
    expect(created).toMatchObject({
      class: "standard",
      country: "US",
      state: "TX",
      postcodes: ["733*", "75000...75999"],
      cities: ["Austin", "Dallas"],
      rate: "6.2500",
      name: "TX Tax",
      priority: 2,
      compound: true,
      shipping: false,
      order: 4,
    });
    expect((await call(owner, "GET", `/tax-rates/${created.id}`)).json()).toEqual(created);
    const replaced = await call(owner, "PUT", `/tax-rates/${created.id}`, newRate({ rate: "8.1", class: "reduced-rate" }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    // Moved to another class: last of it, with the defaults of the fields left out.
    expect(replaced.json()).toMatchObject({
      class: "reduced-rate",
      rate: "8.1000",
      priority: 1,
      compound: false,
      shipping: true,
      order: 0,
    });
    expect((await call(owner, "DELETE", `/tax-rates/${created.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/tax-rates/${created.id}`)).statusCode).toBe(404);
    expect((await call(owner, "PUT", `/tax-rates/${created.id}`, newRate())).statusCode).toBe(404);
    expect((await call(owner, "DELETE", `/tax-rates/${created.id}`)).statusCode).toBe(404);
    const rows = await changeRows("tax_rate", String(created.id));
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect(JSON.parse(rows[1]!.before as string)).toMatchObject({ rate: "6.2500", class: "standard" });
    expect(JSON.parse(rows[1]!.after as string)).toMatchObject({ rate: "8.1000", class: "reduced-rate" });
    const owners = await shop.db.selectFrom("customers").select("id").where("email", "=", OWNER.email).executeTakeFirstOrThrow();
    expect(rows.every((r) => r.actor_id === owners.id)).toBe(true);
  });

  it.each([
    ["a country we do not know", { country: "XX" }, "country", /"XX" is not a country code we know/],
    ["a state without its country", { country: "", state: "CA" }, "state", /Choose the country of this state first/],
    ["a state of another country", { state: "ZZ" }, "state", /"ZZ" is not a state of US/],
    ["a state where the country has none", { country: "DE", state: "BY" }, "state", /DE has no states the shop knows/],
    ["a postcode pattern with a * inside", { postcodes: ["90210", "9*1"] }, "postcodes.1", /is not a postcode rule/],
    ["a range from high to low", { postcodes: ["99999...90000"] }, "postcodes.0", /starts with its lower number/],
    ["a range of letters", { postcodes: ["A...Z"] }, "postcodes.0", /two numbers/],
    ["an empty city", { cities: ["Austin", " "] }, "cities.1", /Enter a city's name/],
    ["a rate over 100", { rate: "100.5" }, "rate", /from 0 to 100/],
    ["a rate with five decimals", { rate: "7.12345" }, "rate", /at most four decimals/],
    ["a rate that is not a number", { rate: "seven" }, "rate", /percentage/],
    ["a negative rate", { rate: "-1" }, "rate", /percentage/],
    ["no name", { name: "  " }, "name", /Enter the name shoppers see/],
    ["a class that does not exist", { class: "nope" }, "class", /There is no tax class "nope"/],
  ])("refuses %s beside its field, storing nothing", async (_, fields, field, message) => {
    const response = await call(owner, "POST", "/tax-rates", newRate(fields));
    expect(fieldErrors(response)[field]).toMatch(message);
    expect(response.json().data.details[field].code).toBe("rest_invalid_param");
    expect(await shop.db.selectFrom("tax_rates").select("id").execute()).toHaveLength(4);
  });

  it("takes 100 % and 0 %, and a country-wide rate", async () => {
    const full = await createRate({ country: "", state: "", rate: "100", name: "All" });
    expect(full.rate).toBe("100.0000");
    const none = await createRate({ country: "FR", state: "", rate: "0.0000", name: "Zero" });
    expect(none.rate).toBe("0.0000");
    for (const id of [full.id, none.id]) expect((await call(owner, "DELETE", `/tax-rates/${id}`)).statusCode).toBe(204);
  });

  it.each([
    ["a priority of 0", { priority: 0 }],
    ["a priority over 100", { priority: 101 }],
    ["a name of 101 characters", { name: "x".repeat(101) }],
  ])("refuses %s by the schema", async (_, fields) => {
    const response = await call(owner, "POST", "/tax-rates", newRate(fields));
    expect(response.statusCode).toBe(400);
    expect(await shop.db.selectFrom("tax_rates").select("id").execute()).toHaveLength(4);
  });

  it("reorders a class's rates: every one of them once", async () => {
    const ids = (await call(owner, "GET", "/tax-rates?class=standard")).json().rates.map((r: { id: number }) => r.id) as number[];
    expect(fieldErrors(await call(owner, "PUT", "/tax-rates/order", { class: "standard", ids: ids.slice(1) })).ids).toMatch(/every rate/);
    expect(fieldErrors(await call(owner, "PUT", "/tax-rates/order", { class: "standard", ids: [...ids, ids[0]] })).ids).toBeDefined();
    expect((await call(owner, "PUT", "/tax-rates/order", { class: "nope", ids })).statusCode).toBe(404);
    const reversed = [...ids].reverse();
    const moved = await call(owner, "PUT", "/tax-rates/order", { class: "standard", ids: reversed });
    expect(moved.json().rates.map((r: { id: number }) => r.id)).toEqual(reversed);
    expect((await call(owner, "PUT", "/tax-rates/order", { class: "standard", ids })).statusCode).toBe(200);
    const rows = await changeRows("tax_rate_order", "standard");
    expect(rows.map((r) => JSON.parse(r.after as string))).toEqual([reversed, ids]);
  });

  it("two editors of one rate: a save from a copy read before another's is refused; a new order meanwhile is no change (decision 0158)", async () => {
    const { id } = await createRate({ state: "WA", rate: "6.5", name: "WA Tax" });
    const input = ({ id: _id, order: _order, ...fields }: Record<string, unknown>) => fields;
    await twoEditors({
      db: shop.db,
      client: owner,
      path: `/tax-rates/${id}`,
      method: "PUT",
      code: "cw_rest_tax_rate_changed",
      noun: "tax rate",
      first: (rate) => ({ ...input(rate), rate: "6.6" }),
      second: (rate) => ({ ...input(rate), name: "Washington" }),
    });
    const opened = (await call(owner, "GET", `/tax-rates/${id}`)).json();
    const ids = (await call(owner, "GET", "/tax-rates?class=standard")).json().rates.map((r: { id: number }) => r.id);
    expect((await call(owner, "PUT", "/tax-rates/order", { class: "standard", ids: [...ids].reverse() })).statusCode).toBe(200);
    const saved = await call(owner, "PUT", `/tax-rates/${id}`, { ...input(opened), rate: "6.7" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(owner, "PUT", "/tax-rates/order", { class: "standard", ids })).statusCode).toBe(200);
    expect((await call(owner, "DELETE", `/tax-rates/${id}`)).statusCode).toBe(204);
  });
});

describe("products' tax fields", () => {
  it("a demo product reads taxable in the standard class; its variations take the parent's", async () => {
    const hoodie = await shop.db.selectFrom("products").select("id").where("type", "=", "variable").executeTakeFirstOrThrow();
    const product = (await call(owner, "GET", `/products/${hoodie.id}`)).json();
    expect(product).toMatchObject({ tax_status: "taxable", tax_class: "standard" });
    expect(product.variations.every((v: { tax_class: string }) => v.tax_class === "parent")).toBe(true);
  });

  it("stores a product's status and class, and refuses a class that does not exist beside its field", async () => {
    const made = await call(owner, "POST", "/products", {
      name: "Zero Tea",
      regular_price: 500,
      tax_status: "shipping",
      tax_class: "zero-rate",
    });
    expect(made.json()).toMatchObject({ tax_status: "shipping", tax_class: "zero-rate" });
    const bad = await call(owner, "PUT", `/products/${made.json().id}`, { name: "Zero Tea", regular_price: 500, tax_class: "nope" });
    expect(fieldErrors(bad).tax_class).toBe('There is no tax class "nope": choose one of standard, reduced-rate, zero-rate.');
    expect((await call(owner, "POST", "/products", { name: "Odd", tax_status: "sometimes" })).statusCode).toBe(400);
    expect((await call(owner, "DELETE", `/products/${made.json().id}`)).statusCode).toBe(204);
  });
});

describe("buying in the reduced class", () => {
  it("charges each line its class's rate, shipping the standard one, and the order keeps the tax lines", async () => {
    const reduced = await createRate({ class: "reduced-rate", country: "US", state: "CA", rate: "2.5", name: "CA Reduced" });
    expect(
      (
        await call(owner, "PUT", "/settings/taxes", {
          taxes_enabled: true,
          prices_include_tax: false,
          display_cart_prices_including_tax: false,
          display_itemized_taxes: true,
          display_shop_prices_including_tax: false,
          price_display_suffix: "",
        })
      ).statusCode,
    ).toBe(200);
    const book = await call(owner, "POST", "/products", { name: "Reduced Book", regular_price: 2000, tax_class: "reduced-rate" });
    expect(book.statusCode, book.body).toBe(201);
    try {
      const shopper = new StoreClient(shop.app);
      await shopper.cart("POST", "/cart/add-item", { id: book.json().id, quantity: 3 });
      await shopper.cart("POST", "/cart/update-customer", {
        shipping_address: TEST_ADDRESS,
        billing_address: testBilling("book@taxes.test"),
      });
      // Only a reduced item: shipping (flat 5.00) is taxed in its class. 6000 × 2.5 % = 150; 500 × 2.5 % = 12.5 → 13.
      let cart = await shopper.cart("GET", "/cart");
      expect(cart.totals).toMatchObject({ total_items_tax: "150", total_shipping: "500", total_shipping_tax: "13", total_tax: "163" });
      expect(cart.totals.tax_lines).toEqual([{ name: "CA Reduced", rate: "2.5%", price: "163" }]);

      // With a standard T-shirt too, shipping takes the standard rate.
      cart = await shopper.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
      const shirt = cart.items.find((i: { id: number }) => i.id === T_SHIRT);
      const shirtTax = Math.round(Number(shirt.totals.line_total) * 0.0725);
      expect(cart.totals.tax_lines).toEqual([
        { name: "CA Tax", rate: "7.25%", price: String(shirtTax + 36) },
        { name: "CA Reduced", rate: "2.5%", price: "150" },
      ]);
      const placed = await shopper.post("/checkout", { billing_address: testBilling("book@taxes.test"), payment_method: "cod" });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = (await call(owner, "GET", `/orders/${placed.json().order_id}`)).json();
      expect(order.totals.tax_lines).toEqual([
        { name: "CA Tax", rate: "7.25%", amount: shirtTax + 36 },
        { name: "CA Reduced", rate: "2.5%", amount: 150 },
      ]);
      expect(order.totals.tax).toBe(shirtTax + 36 + 150);
    } finally {
      await call(owner, "PUT", "/settings/taxes", {
        taxes_enabled: true,
        prices_include_tax: false,
        display_cart_prices_including_tax: false,
        display_itemized_taxes: false,
        display_shop_prices_including_tax: false,
        price_display_suffix: "",
      });
      await call(owner, "DELETE", `/tax-rates/${reduced.id}`);
    }
  });

  it("a fixed shipping tax class taxes shipping in it whatever the cart holds", async () => {
    const reduced = await createRate({ class: "reduced-rate", country: "US", state: "CA", rate: "2.5", name: "CA Reduced" });
    const bad = await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: "nope" });
    expect(fieldErrors(bad).shipping_tax_class).toMatch(/There is no tax class "nope"/);
    try {
      const shopper = new StoreClient(shop.app);
      await shopper.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
      await shopper.cart("POST", "/cart/update-customer", { shipping_address: TEST_ADDRESS, billing_address: testBilling() });
      expect((await shopper.cart("GET", "/cart")).totals.total_shipping_tax).toBe("36");
      expect((await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: "reduced-rate" })).statusCode).toBe(200);
      expect((await shopper.cart("GET", "/cart")).totals.total_shipping_tax).toBe("13");
      expect((await call(owner, "GET", "/shipping-tax-class")).json()).toMatchObject({ shipping_tax_class: "reduced-rate" });
      const rows = await changeRows("settings", "shipping_tax_class");
      expect(JSON.parse(rows.at(-1)!.after as string)).toEqual({ shipping_tax_class: "reduced-rate" });
      // The standard class by name: stored as '' as rates store it, and read back as "standard".
      expect((await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: "standard" })).json()).toMatchObject({
        shipping_tax_class: "standard",
      });
      expect((await shopper.cart("GET", "/cart")).totals.total_shipping_tax).toBe("36");
    } finally {
      await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class: "inherit" });
      await call(owner, "DELETE", `/tax-rates/${reduced.id}`);
    }
  });
});

describe("prices entered with tax", () => {
  const taxSettings = (pricesIncludeTax: boolean) =>
    call(owner, "PUT", "/settings/taxes", {
      taxes_enabled: true,
      prices_include_tax: pricesIncludeTax,
      display_cart_prices_including_tax: false,
      display_itemized_taxes: false,
      display_shop_prices_including_tax: false,
      price_display_suffix: "",
    });

  it("a reduced line keeps its price at the base, pays the address's own reduced tax elsewhere, and the net price where its class has no rate", async () => {
    const home = await createRate({ class: "reduced-rate", country: "US", state: "CA", rate: "2.5", name: "CA Reduced" });
    const abroad = await createRate({ class: "reduced-rate", country: "GB", state: "", rate: "5", name: "VAT reduced" });
    const book = await call(owner, "POST", "/products", { name: "Inclusive Book", regular_price: 2050, tax_class: "reduced-rate" });
    expect((await taxSettings(true)).statusCode).toBe(200);
    const totalsAt = async (address: Record<string, string>) => {
      const shopper = new StoreClient(shop.app);
      await shopper.cart("POST", "/cart/add-item", { id: book.json().id, quantity: 1 });
      return (
        await shopper.cart("POST", "/cart/update-customer", {
          shipping_address: address,
          billing_address: { ...address, email: "in@taxes.test" },
        })
      ).totals;
    };
    try {
      // California (the base): 2050 holds 50 of reduced tax; shipping 5.00 in the items' class: 12.5 → 13.
      expect(await totalsAt(TEST_ADDRESS)).toMatchObject({
        total_items: "2000",
        total_items_tax: "50",
        total_shipping_tax: "13",
        total_price: "2563",
      });
      // London: the net 2000 plus 5 %; shipping to Europe 15.00 at 5 %.
      const london = { ...TEST_ADDRESS, country: "GB", state: "", city: "London", postcode: "SW1A 1AA" };
      expect(await totalsAt(london)).toMatchObject({
        total_items: "2000",
        total_items_tax: "100",
        total_shipping_tax: "75",
        total_price: "3675",
      });
      // New York has no reduced rate: the net price, untaxed, and so is its shipping.
      const newYork = { ...TEST_ADDRESS, state: "NY", city: "New York", postcode: "10001" };
      expect(await totalsAt(newYork)).toMatchObject({
        total_items: "2000",
        total_items_tax: "0",
        total_shipping_tax: "0",
        total_price: "2500",
      });
    } finally {
      await taxSettings(false);
      await call(owner, "DELETE", `/products/${book.json().id}`);
      for (const rate of [home, abroad]) await call(owner, "DELETE", `/tax-rates/${rate.id}`);
    }
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

  it("prices a kept cart with a rate changed on the first process on its next request", async () => {
    const shopper = new StoreClient(other);
    await shopper.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 2 });
    await shopper.cart("POST", "/cart/update-customer", { shipping_address: TEST_ADDRESS, billing_address: testBilling() });
    const before = await shopper.cart("GET", "/cart");
    const items = Number(before.totals.total_items);
    expect(Number(before.totals.total_items_tax)).toBe(Math.round(items * 0.0725));
    // The other process keeps this cart's reply (decision 0015); the change must reach it anyway.
    expect((await shopper.cart("GET", "/cart")).totals.total_items_tax).toBe(before.totals.total_items_tax);

    const ca = (await call(owner, "GET", "/tax-rates?class=standard")).json().rates.find((r: { name: string }) => r.name === "CA Tax");
    const { id, order: _order, version: _version, ...fields } = ca;
    expect((await call(owner, "PUT", `/tax-rates/${id}`, { ...fields, rate: "10" })).statusCode).toBe(200);
    try {
      expect(Number((await shopper.cart("GET", "/cart")).totals.total_items_tax)).toBe(Math.round(items * 0.1));
      // A class added on the first process is the product editor's on the second at once.
      const made = await createClass("Second process");
      const ownerThere = await signedIn(other, OWNER.email, OWNER.password);
      expect((await call(ownerThere, "GET", "/products/tax-classes")).json().classes).toContainEqual({ slug: made.slug, name: made.name });
      expect((await call(owner, "DELETE", `/tax-classes/${made.slug}`)).statusCode).toBe(204);
    } finally {
      expect((await call(owner, "PUT", `/tax-rates/${id}`, { ...fields, rate: "7.25" })).statusCode).toBe(200);
    }
    expect(Number((await shopper.cart("GET", "/cart")).totals.total_items_tax)).toBe(Math.round(items * 0.0725));
  });
});
