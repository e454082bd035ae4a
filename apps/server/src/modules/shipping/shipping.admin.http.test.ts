/**
 * The owner's shipping (issue 19, decision 0041) on SQLite and PostgreSQL: who may call it, the
 * nonce, every call, every field check, the change log, a shopper's cart following each change,
 * the demo's shipping saved back unchanged, and a second server process over the same database
 * pricing with a change on its next request.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { expectSavedAsRead, signedIn, signedInOwner, twoEditors } from "../../../../../test/owner-client.ts";
import { StoreClient } from "../../../../../test/store-client.ts";

const ADMIN = "/api/admin/v1";
const OWNER = { email: "owner@shipping.test", password: "owner-password-2026" };
const T_SHIRT = 1;

let shop: TestShop;
let owner: StoreClient;

const call = (client: StoreClient, method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) =>
  client.request(method, `${ADMIN}${path}`, body);

/** What a flat rate with a plain cost reads back beside it: no formula, no class costs (decision 0106). */
const PLAIN = { cost_formula: "", class_costs: [], no_class_cost: "", calculation_type: "class" };
const flat = (cost: number, title = "Flat rate") => ({ method_id: "flat_rate", title, cost });
const zoneBody = (fields: Record<string, unknown> = {}) => ({
  name: "Japan",
  locations: [{ type: "country", code: "JP" }],
  methods: [flat(1200, "Japan post")],
  ...fields,
});

async function createZone(fields: Record<string, unknown> = {}) {
  const response = await call(owner, "POST", "/shipping-zones", zoneBody(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A shopper's cart with one T-shirt, shipped to the address given: its rates by id with their prices. */
async function ratesFor(address: Record<string, string>, app: FastifyInstance = shop.app) {
  const shopper = new StoreClient(app);
  await shopper.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
  const cart = await shopper.cart("POST", "/cart/update-customer", { shipping_address: address });
  return { shopper, cart, rates: ratesOf(cart) };
}

const ratesOf = (cart: { shipping_rates: { shipping_rates: { rate_id: string; name: string; price: string }[] }[] }) =>
  Object.fromEntries(cart.shipping_rates[0]?.shipping_rates.map((r) => [r.name, Number(r.price)]) ?? []);

const TOKYO = { country: "JP", state: "JP13", postcode: "100-0001", city: "Tokyo" };
const LOS_ANGELES = { country: "US", state: "CA", postcode: "90001", city: "Los Angeles" };

const changeRows = (entity: string, id: string) =>
  shop.db.selectFrom("change_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(id)).orderBy("id").execute();

/** What a read answers, as a body the same call takes back (ids of methods kept, the rest dropped). */
const asBody = (zone: { name: string; locations: unknown[]; methods: unknown[] }) => ({
  name: zone.name,
  locations: zone.locations,
  methods: zone.methods,
});

function expectInvalid(response: { statusCode: number; json: () => { code: string; data: { details: Record<string, unknown> } } }) {
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe("rest_invalid_param");
  return Object.fromEntries(
    Object.entries(response.json().data.details).map(([field, detail]) => [field, (detail as { message: string }).message]),
  );
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop, OWNER);
});
afterAll(() => shop.close());

const CALLS = [
  ["GET", "/shipping-zones", undefined],
  ["POST", "/shipping-zones", zoneBody()],
  ["PUT", "/shipping-zones/order", { ids: [1, 2] }],
  ["GET", "/shipping-zones/rest-of-world", undefined],
  ["PUT", "/shipping-zones/rest-of-world", { methods: [flat(2500)] }],
  ["GET", "/shipping-zones/1", undefined],
  ["PUT", "/shipping-zones/1", zoneBody()],
  ["DELETE", "/shipping-zones/1", undefined],
  ["GET", "/local-pickup", undefined],
  ["PUT", "/local-pickup", { enabled: false, cost: 0, locations: [] }],
] as const;

describe("who may call shipping", () => {
  it("answers a guest 401, a shopper and a manager 403 on every call (shipping is the owner's)", async () => {
    for (const [method, path, body] of CALLS) {
      const guest = await new StoreClient(shop.app, "browser").request(method, `${ADMIN}${path}`, body);
      expect(guest.statusCode, `${method} ${path}`).toBe(401);
      expect(guest.json().code).toMatch(/^cw_rest_(not_signed_in|missing_nonce)$/);
    }
    expect((await shop.app.inject(`${ADMIN}/shipping-zones`)).json().code).toBe("cw_rest_not_signed_in");

    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const email = "max@shipping.test";
    expect((await new StoreClient(shop.app).post("/account/register", { email, password: "manager-password-2026" })).statusCode).toBe(201);
    await shop.db.updateTable("customers").set({ role: "manager" }).where("email", "=", email).execute();
    const manager = await signedIn(shop.app, email, "manager-password-2026");
    expect((await call(manager, "GET", "/orders")).statusCode).toBe(200);
    for (const client of [jane, manager]) {
      for (const [method, path, body] of CALLS) {
        const response = await call(client, method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json().code).toBe("cw_rest_forbidden");
      }
    }
    expect((await call(owner, "GET", "/shipping-zones")).json().zones.map((z: { name: string }) => z.name)).toEqual([
      "United States",
      "Europe",
    ]);
  });

  it("refuses the owner's writes without the nonce (401) or with a wrong one (403), storing nothing", async () => {
    const { cookie } = owner.credentials();
    const send = (headers: Record<string, string>) =>
      shop.app.inject({
        method: "POST",
        url: `${ADMIN}/shipping-zones`,
        headers: { cookie: cookie ?? "", "content-type": "application/json", ...headers },
        payload: JSON.stringify(zoneBody({ name: "No nonce" })),
      });
    const missing = await send({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");
    const wrong = await send({ nonce: "not-the-nonce" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("cw_rest_invalid_nonce");
    expect(await shop.db.selectFrom("shipping_zones").select("id").where("name", "=", "No nonce").executeTakeFirst()).toBeUndefined();
  });
});

describe("the demo's shipping", () => {
  it("is in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const method of ["get", "post"]) expect(paths["/api/admin/v1/shipping-zones"][method].tags).toEqual(["owner"]);
    for (const method of ["get", "put", "delete"]) expect(paths["/api/admin/v1/shipping-zones/{id}"][method].tags).toEqual(["owner"]);
    for (const method of ["get", "put"]) {
      expect(paths["/api/admin/v1/shipping-zones/rest-of-world"][method].tags).toEqual(["owner"]);
      expect(paths["/api/admin/v1/local-pickup"][method].tags).toEqual(["owner"]);
    }
    expect(paths["/api/admin/v1/shipping-zones/order"].put.tags).toEqual(["owner"]);
  });

  it("reads as DEMO.md writes it: zones in order, everywhere else, local pickup", async () => {
    const list = (await call(owner, "GET", "/shipping-zones")).json();
    expect(list).toMatchObject({ currency_code: "USD", currency_minor_unit: 2 });
    expect(list.zones).toEqual([
      {
        id: expect.any(Number),
        name: "United States",
        order: 0,
        locations: [{ type: "country", code: "US" }],
        methods: [
          { id: expect.any(Number), method_id: "flat_rate", title: "Flat rate", enabled: true, cost: 500, taxable: true, ...PLAIN },
          {
            id: expect.any(Number),
            method_id: "free_shipping",
            title: "Free shipping",
            enabled: true,
            requires: "either",
            min_amount: 10000,
            ignore_discounts: false,
          },
        ],
        version: expect.stringMatching(/^[\w-]{22}$/),
      },
      {
        id: expect.any(Number),
        name: "Europe",
        order: 1,
        locations: expect.arrayContaining(["GB", "DE", "FR", "NL", "ES", "IT"].map((code) => ({ type: "country", code }))),
        methods: [
          { id: expect.any(Number), method_id: "flat_rate", title: "Flat rate", enabled: true, cost: 1500, taxable: true, ...PLAIN },
        ],
        version: expect.stringMatching(/^[\w-]{22}$/),
      },
    ]);
    expect(list.rest_of_world).toEqual({
      methods: [{ id: expect.any(Number), method_id: "flat_rate", title: "Flat rate", enabled: true, cost: 2500, taxable: true, ...PLAIN }],
      version: expect.stringMatching(/^[\w-]{22}$/),
    });
    const one = (await call(owner, "GET", `/shipping-zones/${list.zones[1].id}`)).json();
    expect(one).toMatchObject({ ...list.zones[1], currency_code: "USD" });
    expect((await call(owner, "GET", "/shipping-zones/rest-of-world")).json()).toEqual(list.rest_of_world);

    const pickup = (await call(owner, "GET", "/local-pickup")).json();
    expect(pickup).toMatchObject({ enabled: true, title: "Local pickup", cost: 0, taxable: false });
    expect(pickup.locations.map((l: { name: string; address: { postcode: string } }) => [l.name, l.address.postcode])).toEqual([
      ["Main Street Store", "90001"],
      ["Harbor Warehouse", "94000"],
    ]);
  });

  it("saves back through the API unchanged, and prices as before", async () => {
    const before = (await call(owner, "GET", "/shipping-zones")).json();
    const pickup = (await call(owner, "GET", "/local-pickup")).json();
    const pricedBefore = await ratesFor(LOS_ANGELES);
    for (const zone of before.zones) {
      const saved = await call(owner, "PUT", `/shipping-zones/${zone.id}`, asBody(zone));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ ...zone, currency_code: before.currency_code, currency_minor_unit: before.currency_minor_unit });
    }
    expect((await call(owner, "PUT", "/shipping-zones/rest-of-world", before.rest_of_world)).json()).toEqual(before.rest_of_world);
    const { currency_code: _code, currency_minor_unit: _unit, ...pickupBody } = pickup;
    expect((await call(owner, "PUT", "/local-pickup", pickupBody)).json()).toEqual(pickup);
    expect((await call(owner, "PUT", "/shipping-zones/order", { ids: before.zones.map((z: { id: number }) => z.id) })).statusCode).toBe(
      200,
    );
    expect((await call(owner, "GET", "/shipping-zones")).json()).toEqual(before);
    expect((await ratesFor(LOS_ANGELES)).rates).toEqual(pricedBefore.rates);
    expect(pricedBefore.rates).toEqual({
      "Flat rate": 500,
      "Local pickup (Main Street Store)": 0,
      "Local pickup (Harbor Warehouse)": 0,
    });
  });
});

describe("the owner's zone calls", () => {
  it("creates a zone matched after the others, which a shopper's cart offers at once; changes and deletes it", async () => {
    expect((await ratesFor(TOKYO)).rates["Flat rate"]).toBe(2500);
    const zone = await createZone();
    expect(zone).toMatchObject({ name: "Japan", locations: [{ type: "country", code: "JP" }] });
    expect(zone.methods).toEqual([
      { id: expect.any(Number), method_id: "flat_rate", title: "Japan post", enabled: true, cost: 1200, taxable: true, ...PLAIN },
    ]);
    const list = (await call(owner, "GET", "/shipping-zones")).json();
    expect(list.zones.at(-1).id).toBe(zone.id);
    expect(zone.order).toBeGreaterThan(list.zones.at(-2).order);

    const { shopper, cart } = await ratesFor(TOKYO);
    expect(ratesOf(cart)).toMatchObject({ "Japan post": 1200 });
    expect(ratesOf(cart)["Flat rate"]).toBeUndefined();
    expect(Number(cart.totals.total_shipping)).toBe(1200);

    // The kept method keeps its id, so the shopper's chosen rate stays chosen.
    const changed = await call(owner, "PUT", `/shipping-zones/${zone.id}`, {
      ...asBody(zone),
      methods: [
        { ...zone.methods[0], cost: 1800 },
        { method_id: "free_shipping", title: "Free over 200", requires: "min_amount", min_amount: 20000 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().methods[0].id).toBe(zone.methods[0].id);
    const after = await shopper.cart("GET", "/cart");
    expect(ratesOf(after)).toEqual({
      "Japan post": 1800,
      "Local pickup (Main Street Store)": 0,
      "Local pickup (Harbor Warehouse)": 0,
    });
    expect(Number(after.totals.total_shipping)).toBe(1800);
    expect(Number(after.totals.total_price)).toBe(Number(after.totals.total_items) + 1800 + Number(after.totals.total_tax));

    expect((await call(owner, "DELETE", `/shipping-zones/${zone.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/shipping-zones/${zone.id}`)).json().code).toBe("cw_rest_shipping_zone_not_found");
    expect(ratesOf(await shopper.cart("GET", "/cart"))["Flat rate"]).toBe(2500);
    expect(await shop.db.selectFrom("shipping_methods").select("id").where("zone_id", "=", zone.id).execute()).toEqual([]);
  });

  it("changes a free-shipping rule as the cart reads it", async () => {
    const us = (await call(owner, "GET", "/shipping-zones")).json().zones[0];
    // One T-shirt (20.00) is below the demo's 100.00 minimum.
    expect((await ratesFor(LOS_ANGELES)).rates["Free shipping"]).toBeUndefined();
    const lower = us.methods.map((m: { method_id: string }) => (m.method_id === "free_shipping" ? { ...m, min_amount: 1500 } : m));
    expect((await call(owner, "PUT", `/shipping-zones/${us.id}`, { ...asBody(us), methods: lower })).statusCode).toBe(200);
    expect((await ratesFor(LOS_ANGELES)).rates).toMatchObject({ "Free shipping": 0, "Flat rate": 500 });
    const couponOnly = us.methods.map((m: { method_id: string }) =>
      m.method_id === "free_shipping" ? { ...m, requires: "coupon", min_amount: 0 } : m,
    );
    expect((await call(owner, "PUT", `/shipping-zones/${us.id}`, { ...asBody(us), methods: couponOnly })).statusCode).toBe(200);
    const { shopper, rates } = await ratesFor(LOS_ANGELES);
    expect(rates["Free shipping"]).toBeUndefined();
    expect(ratesOf(await shopper.cart("POST", "/cart/apply-coupon", { code: "freeship" }))["Free shipping"]).toBe(0);
    expect((await call(owner, "PUT", `/shipping-zones/${us.id}`, asBody(us))).json()).toMatchObject(us);
  });

  it("answers every save of a zone as a read made right after it: the zone with the shop's currency; a reorder as the list", async () => {
    const create = await call(owner, "POST", "/shipping-zones", zoneBody({ name: "Same shape" }));
    const created = await expectSavedAsRead(owner, create, `/shipping-zones/${create.json().id}`);
    expect(created).toMatchObject({ name: "Same shape", currency_code: "USD", currency_minor_unit: 2 });
    const replace = await call(owner, "PUT", `/shipping-zones/${created.id}`, {
      ...zoneBody({ name: "Renamed" }),
      version: created.version,
    });
    expect((await expectSavedAsRead(owner, replace, `/shipping-zones/${created.id}`)).name).toBe("Renamed");
    const ids = (await call(owner, "GET", "/shipping-zones")).json().zones.map((z: { id: number }) => z.id);
    const reorder = await call(owner, "PUT", "/shipping-zones/order", { ids: [...ids].reverse() });
    expect((await expectSavedAsRead(owner, reorder, "/shipping-zones")).rest_of_world).toBeDefined();
    await call(owner, "PUT", "/shipping-zones/order", { ids });
    expect((await call(owner, "DELETE", `/shipping-zones/${created.id}`)).statusCode).toBe(204);
  });

  it("matches states and postcode patterns, and reorders zones by id", async () => {
    const la = await createZone({
      name: "Los Angeles",
      locations: [
        { type: "state", code: "US:CA" },
        { type: "postcode", code: "900*" },
        { type: "postcode", code: "91000...91999" },
      ],
      methods: [flat(300, "Courier")],
    });
    // Matched after United States, so a Los Angeles address still takes the US zone.
    expect((await ratesFor(LOS_ANGELES)).rates.Courier).toBeUndefined();
    const ids = (await call(owner, "GET", "/shipping-zones")).json().zones.map((z: { id: number }) => z.id);
    const reordered = await call(owner, "PUT", "/shipping-zones/order", { ids: [la.id, ...ids.filter((id: number) => id !== la.id)] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().zones.map((z: { id: number }) => z.id)).toEqual([la.id, ...ids.filter((id: number) => id !== la.id)]);
    expect((await ratesFor(LOS_ANGELES)).rates).toMatchObject({ Courier: 300 });
    expect((await ratesFor({ ...LOS_ANGELES, postcode: "91234" })).rates).toMatchObject({ Courier: 300 });
    // Outside the postcodes, the next zone (United States) matches.
    expect((await ratesFor({ ...LOS_ANGELES, postcode: "94000" })).rates).toMatchObject({ "Flat rate": 500 });

    const rows = await changeRows("shipping_zone_order", "zones");
    expect(JSON.parse(rows.at(-1)?.after ?? "null")).toEqual([la.id, ...ids.filter((id: number) => id !== la.id)]);
    expect(JSON.parse(rows.at(-1)?.before ?? "null")).toEqual(ids);

    const missing = await call(owner, "PUT", "/shipping-zones/order", { ids: ids.slice(1) });
    expect(expectInvalid(missing).ids).toMatch(/^List every zone's id once/);
    expect(expectInvalid(await call(owner, "PUT", "/shipping-zones/order", { ids: [...ids, ids[0]] })).ids).toBeDefined();
    // A field the order does not take is refused as on every other owner write, not ignored.
    expect(expectInvalid(await call(owner, "PUT", "/shipping-zones/order", { ids, rest_of_world_last: true }))).toEqual({
      rest_of_world_last: "rest_of_world_last is not a field this call takes",
    });
    expect((await call(owner, "DELETE", `/shipping-zones/${la.id}`)).statusCode).toBe(204);
    expect((await ratesFor(LOS_ANGELES)).rates["Flat rate"]).toBe(500);
  });

  it("two editors of one zone: a save from a copy read before another's is refused; a new order of the zones is no change (decision 0158)", async () => {
    const zone = await createZone({ name: "Editors' zone" });
    const editors = { db: shop.db, client: owner, method: "PUT", code: "cw_rest_shipping_zone_changed", noun: "shipping zone" } as const;
    await twoEditors({
      ...editors,
      path: `/shipping-zones/${zone.id}`,
      first: (read) => ({ ...asBody(read as never), locations: [...zone.locations, { type: "country", code: "KR" }] }),
      second: (read) => ({ ...asBody(read as never), methods: [{ ...zone.methods[0], title: "Courier" }] }),
    });
    const { version } = (await call(owner, "GET", `/shipping-zones/${zone.id}`)).json();
    const ids = (await call(owner, "GET", "/shipping-zones")).json().zones.map((z: { id: number }) => z.id);
    expect((await call(owner, "PUT", "/shipping-zones/order", { ids: [...ids].reverse() })).statusCode).toBe(200);
    const renamed = await call(owner, "PUT", `/shipping-zones/${zone.id}`, { ...zoneBody({ name: "Renamed" }), version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(owner, "DELETE", `/shipping-zones/${zone.id}`)).statusCode).toBe(204);

    // Everywhere else's methods: the same rule, as zone 0.
    const rest = (await call(owner, "GET", "/shipping-zones/rest-of-world")).json();
    await twoEditors({
      ...editors,
      path: "/shipping-zones/rest-of-world",
      first: ({ methods }) => ({ methods: [{ ...(methods as object[])[0], cost: 2600 }] }),
      second: ({ methods }) => ({ methods: [{ ...(methods as object[])[0], title: "Abroad" }] }),
    });
    expect((await call(owner, "PUT", "/shipping-zones/rest-of-world", { methods: rest.methods })).statusCode).toBe(200);
  });

  it("records each write with who, when, before and after", async () => {
    const zone = await createZone({ name: "Logged" });
    await call(owner, "PUT", `/shipping-zones/${zone.id}`, { ...asBody(zone), name: "Logged again" });
    await call(owner, "DELETE", `/shipping-zones/${zone.id}`);
    const rows = await changeRows("shipping_zone", String(zone.id));
    const ownerId = Number(
      (await shop.db.selectFrom("customers").select("id").where("email", "=", OWNER.email).executeTakeFirstOrThrow()).id,
    );
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ["create", ownerId],
      ["update", ownerId],
      ["delete", ownerId],
    ]);
    expect(rows[0]?.before).toBeNull();
    expect(JSON.parse(rows[0]?.after ?? "")).toMatchObject({ name: "Logged", methods: [{ cost: 1200 }] });
    expect(JSON.parse(rows[1]?.before ?? "").name).toBe("Logged");
    expect(JSON.parse(rows[1]?.after ?? "").name).toBe("Logged again");
    expect(JSON.parse(rows[2]?.before ?? "").name).toBe("Logged again");
    expect(rows[2]?.after).toBeNull();
    expect(Number.isNaN(Date.parse(rows[0]?.created_at ?? ""))).toBe(false);
  });

  it("refuses every bad field beside it, with its reason, storing nothing", async () => {
    const count = async () => (await shop.db.selectFrom("shipping_zones").select("id").execute()).length;
    const zones = await count();
    const errors = expectInvalid(
      await call(owner, "POST", "/shipping-zones", {
        name: "  ",
        locations: [
          { type: "country", code: "XX" },
          { type: "state", code: "US:ZZ" },
          { type: "state", code: "JP-13" },
          { type: "continent", code: "toString" },
          { type: "postcode", code: "9*0" },
          { type: "postcode", code: "90999...90000" },
        ],
        methods: [flat(-1), flat(1.5), { method_id: "flat_rate", title: " ", cost: 100 }, { id: 999999, ...flat(100) }],
      }),
    );
    expect(errors).toEqual({
      name: "Enter a name for the zone.",
      "locations.0.code": '"XX" is not a country code we know (two capital letters, as US or DE).',
      "locations.1.code": '"ZZ" is not a state of US.',
      "locations.2.code": '"JP-13" is not a state: write the country, a colon and the state (US:CA).',
      "locations.3.code": '"toString" is not a continent the shop knows (EU).',
      "locations.4.code": '"9*0" is not a postcode rule: use letters and digits, one * at the end (SW1*), or a range (90000...90999).',
      "locations.5.code": '"90999...90000": a range starts with its lower number.',
      "methods.0.cost": "Enter a whole number of minor units, 0 or more (500 for 5.00).",
      "methods.1.cost": "Enter a whole number of minor units, 0 or more (500 for 5.00).",
      "methods.2.title": "Enter the name shoppers see for this method.",
      "methods.3.id": "This zone has no method 999999.",
    });

    expect(expectInvalid(await call(owner, "POST", "/shipping-zones", zoneBody({ methods: [] })))).toEqual({
      methods: "Add a method: addresses in a zone without one could not be shipped to.",
    });
    const conditional = { method_id: "free_shipping", title: "Free", requires: "coupon" };
    expect(expectInvalid(await call(owner, "POST", "/shipping-zones", zoneBody({ methods: [conditional] }))).methods).toMatch(
      /^Keep one enabled method that every order gets/,
    );
    expect(
      expectInvalid(await call(owner, "POST", "/shipping-zones", zoneBody({ methods: [{ ...flat(100), enabled: false }] }))).methods,
    ).toMatch(/^Keep one enabled method/);
    expect(
      expectInvalid(await call(owner, "POST", "/shipping-zones", zoneBody({ locations: [{ type: "postcode", code: "90210" }] }))),
    ).toEqual({ locations: "Add a country, state or continent: a zone matches an address by its region first, then by its postcodes." });
    expect(expectInvalid(await call(owner, "POST", "/shipping-zones", zoneBody({ locations: [] }))).locations).toMatch(/^Add a country/);
    expect(
      expectInvalid(
        await call(
          owner,
          "POST",
          "/shipping-zones",
          zoneBody({
            methods: [
              { ...flat(100), min_amount: 5 },
              { ...flat(100), requires: "x" },
            ],
          }),
        ),
      ).methods,
    ).toMatch(/must be/);
    // The schema's own checks: an unknown field, a wrong kind of method.
    expect(expectInvalid(await call(owner, "POST", "/shipping-zones", { ...zoneBody(), extra: 1 }))).toBeDefined();
    expect(
      expectInvalid(await call(owner, "POST", "/shipping-zones", zoneBody({ methods: [{ method_id: "table_rate", title: "T" }] }))).methods,
    ).toBeDefined();
    expect(await count()).toBe(zones);

    const us = (await call(owner, "GET", "/shipping-zones")).json().zones[0];
    const europe = (await call(owner, "GET", "/shipping-zones")).json().zones[1];
    // Another zone's method is not this zone's to keep.
    expect(
      expectInvalid(await call(owner, "PUT", `/shipping-zones/${us.id}`, { ...asBody(us), methods: [europe.methods[0]] }))["methods.0.id"],
    ).toBe(`This zone has no method ${europe.methods[0].id}.`);
    expect((await call(owner, "PUT", "/shipping-zones/999999", zoneBody())).statusCode).toBe(404);
    expect((await call(owner, "DELETE", "/shipping-zones/999999")).json().code).toBe("cw_rest_shipping_zone_not_found");
    expect((await call(owner, "GET", "/shipping-zones/0")).statusCode).toBe(400);
    expect((await call(owner, "GET", "/shipping-zones")).json().zones[0]).toEqual(us);
  });
});

describe("everywhere else and local pickup", () => {
  it("changes the methods for addresses no zone covers, and allows none (ships nowhere else)", async () => {
    const before = (await call(owner, "GET", "/shipping-zones/rest-of-world")).json();
    const changed = await call(owner, "PUT", "/shipping-zones/rest-of-world", {
      methods: [{ ...before.methods[0], cost: 3100, title: "International" }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().methods[0]).toMatchObject({ id: before.methods[0].id, cost: 3100, title: "International" });
    expect((await ratesFor(TOKYO)).rates).toMatchObject({ International: 3100 });

    expect(expectInvalid(await call(owner, "PUT", "/shipping-zones/rest-of-world", { methods: [flat(-5)] }))).toEqual({
      "methods.0.cost": "Enter a whole number of minor units, 0 or more (500 for 5.00).",
    });
    expect((await call(owner, "PUT", "/shipping-zones/rest-of-world", { methods: [] })).json()).toMatchObject({ methods: [] });
    expect(Object.keys((await ratesFor(TOKYO)).rates)).toEqual(["Local pickup (Main Street Store)", "Local pickup (Harbor Warehouse)"]);

    const rows = await changeRows("shipping_rest_of_world", "0");
    expect(JSON.parse(rows.at(-1)?.after ?? "")).toEqual([]);
    expect(JSON.parse(rows.at(-1)?.before ?? "")[0]).toMatchObject({ title: "International" });
    // Its method was removed with the others: putting it back makes a new one.
    const restored = await call(owner, "PUT", "/shipping-zones/rest-of-world", { methods: [{ ...before.methods[0], id: undefined }] });
    expect(restored.json()).toMatchObject({ methods: [{ cost: 2500, title: "Flat rate" }] });
  });

  it("changes local pickup and its locations, seen at the cart at once, each refusal beside its field", async () => {
    const { currency_code: _c, currency_minor_unit: _u, version: _v, ...before } = (await call(owner, "GET", "/local-pickup")).json();
    const depot = {
      name: "North Depot",
      address: { address_1: "9 Hill Road", city: "Sacramento", state: "ca", postcode: "95814", country: "us" },
      details: "Saturdays only.",
      enabled: true,
    };
    const saved = await call(owner, "PUT", "/local-pickup", { ...before, cost: 150, locations: [...before.locations, depot] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().locations[2].address).toMatchObject({ state: "CA", country: "US" });
    const { cart } = await ratesFor(LOS_ANGELES);
    expect(ratesOf(cart)).toMatchObject({ "Local pickup (North Depot)": 150, "Local pickup (Main Street Store)": 150 });
    const rate = cart.shipping_rates[0].shipping_rates.find((r: { name: string }) => r.name === "Local pickup (North Depot)");
    expect(rate.rate_id).toBe("pickup_location:3");

    const errors = expectInvalid(
      await call(owner, "PUT", "/local-pickup", {
        enabled: true,
        title: " ",
        cost: -1,
        taxable: false,
        locations: [
          { name: "", address: { address_1: "", city: "", state: "", postcode: "", country: "USA" }, details: "", enabled: true },
          { ...depot, address: { ...depot.address, state: "ZZ" } },
          { ...depot, name: "north depot", address: { ...depot.address, state: "" } },
        ],
      }),
    );
    expect(errors).toEqual({
      title: "Enter the name shoppers see for local pickup.",
      cost: "Enter a whole number of minor units, 0 or more (500 for 5.00).",
      "locations.0.name": "Enter the location's name.",
      "locations.0.address.address_1": "Enter the street address.",
      "locations.0.address.city": "Enter the city.",
      "locations.0.address.country": "Choose a country.",
      "locations.1.address.state": '"ZZ" is not a state of US.',
      "locations.2.name": "Another location has this name.",
      "locations.2.address.state": "Choose the state.",
    });
    expect(
      expectInvalid(await call(owner, "PUT", "/local-pickup", { ...before, locations: [{ ...depot, enabled: false }] })).locations,
    ).toMatch(/^Add an enabled location, or switch local pickup off/);

    expect((await call(owner, "PUT", "/local-pickup", before)).statusCode).toBe(200);
    const rows = await changeRows("local_pickup", "localPickup");
    // The demo saved back, the 1.50 pickup, then the demo again; the refused writes left none.
    expect(rows).toHaveLength(3);
    expect(JSON.parse(rows[2]?.before ?? "").cost).toBe(150);
    expect(JSON.parse(rows[2]?.after ?? "")).toEqual(before);
    expect(Object.keys((await ratesFor(LOS_ANGELES)).rates)).toHaveLength(3);
  });

  it("two editors of local pickup: a location saved from a copy read before another's change is refused (decision 0158)", async () => {
    const {
      currency_code: _code,
      currency_minor_unit: _unit,
      version: _version,
      ...demo
    } = (await call(owner, "GET", "/local-pickup")).json();
    const body = ({ currency_code: _c, currency_minor_unit: _u, ...pickup }: Record<string, unknown>) => pickup;
    const located = (pickup: Record<string, unknown>, details: string) => ({
      ...body(pickup),
      locations: (pickup.locations as { details: string }[]).map((location, at) => (at === 1 ? { ...location, details } : location)),
    });
    await twoEditors({
      db: shop.db,
      client: owner,
      path: "/local-pickup",
      method: "PUT",
      code: "cw_rest_local_pickup_changed",
      noun: "local pickup setup",
      first: (pickup) => ({ ...body(pickup), title: "Collect in store" }),
      second: (pickup) => located(pickup, "Ring at the side door."),
    });
    expect((await call(owner, "PUT", "/local-pickup", demo)).statusCode).toBe(200);
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

  it("prices a kept cart with the owner's zone and pickup changes on its next request", async () => {
    const { shopper, rates } = await ratesFor(TOKYO, other);
    expect(rates["Flat rate"]).toBe(2500);
    // The other process has this cart's reply kept (decision 0015); the change must reach it anyway.
    expect(ratesOf(await shopper.cart("GET", "/cart"))["Flat rate"]).toBe(2500);

    const zone = await createZone({ name: "Japan twice" });
    let cart = await shopper.cart("GET", "/cart");
    expect(ratesOf(cart)["Japan post"]).toBe(1200);
    expect(Number(cart.totals.total_shipping)).toBe(1200);

    await call(owner, "PUT", `/shipping-zones/${zone.id}`, { ...asBody(zone), methods: [{ ...zone.methods[0], cost: 700 }] });
    cart = await shopper.cart("GET", "/cart");
    expect(Number(cart.totals.total_shipping)).toBe(700);

    const { currency_code: _c, currency_minor_unit: _u, ...pickup } = (await call(owner, "GET", "/local-pickup")).json();
    await call(owner, "PUT", "/local-pickup", { ...pickup, enabled: false });
    expect(Object.keys(ratesOf(await shopper.cart("GET", "/cart")))).toEqual(["Japan post"]);
    await call(owner, "PUT", "/local-pickup", pickup);
    await call(owner, "DELETE", `/shipping-zones/${zone.id}`);
    expect(ratesOf(await shopper.cart("GET", "/cart"))["Flat rate"]).toBe(2500);
  });
});
