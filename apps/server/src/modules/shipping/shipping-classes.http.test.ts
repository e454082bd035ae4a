/**
 * Shipping classes and flat-rate cost formulas (decision 0106) on SQLite and PostgreSQL: the classes'
 * calls and checks, a product's and a variation's class, a flat rate's cost per class (per class and
 * per order) and its formulas as a shopper's cart prices them, bad formulas refused beside their
 * field, a deleted class taken off its products and rates, and the product CSV's column.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, fieldMessages, signedInManager, signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient } from "../../../../../test/store-client.ts";

const TOKYO = { country: "JP", state: "JP13", postcode: "100-0001", city: "Tokyo" };

let shop: TestShop;
let owner: StoreClient;
let ids: { tShirt: number; beanie: number; socks: number; hoodie: number };

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) => adminCall(owner, method, path, body);

async function ok(response: Promise<LightMyRequestResponse>, status = 200) {
  const reply = await response;
  expect(reply.statusCode, reply.body).toBe(status);
  return reply.json();
}

const idOf = async (slug: string) =>
  Number((await shop.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);

async function newClass(name: string, slug = "") {
  return ok(call("POST", "/shipping/classes", { name, slug, description: "" }), 201);
}

/** A Japan zone with one flat rate made of `fields` (a plain cost of 0 unless given), in place of any made before. */
async function japanZone(fields: Record<string, unknown>) {
  for (const zone of (await ok(call("GET", "/shipping-zones"))).zones as { id: number; name: string }[])
    if (zone.name.startsWith("Japan")) await call("DELETE", `/shipping-zones/${zone.id}`);
  const zone = await ok(
    call("POST", "/shipping-zones", {
      name: `Japan ${Math.random().toString(36).slice(2, 8)}`,
      locations: [{ type: "country", code: "JP" }],
      methods: [{ method_id: "flat_rate", title: "Japan post", enabled: true, cost: 0, ...fields }],
    }),
    201,
  );
  return zone as { id: number; methods: Record<string, unknown>[] };
}

/** A shopper's cart with these lines, shipped to Tokyo: the price of "Japan post", in minor units, or undefined. */
async function japanPost(lines: { id: number; quantity: number }[]) {
  const shopper = new StoreClient(shop.app);
  for (const line of lines) await shopper.cart("POST", "/cart/add-item", line);
  const cart = await shopper.cart("POST", "/cart/update-customer", { shipping_address: TOKYO });
  const rate = cart.shipping_rates[0]?.shipping_rates.find((r: { name: string }) => r.name === "Japan post");
  return rate ? Number(rate.price) : undefined;
}

async function setClass(productId: number, classId: number | null) {
  return ok(call("PATCH", `/products/${productId}`, { shipping_class_id: classId }));
}

/** A CSV file's rows of cells: quoted cells may hold commas, doubled quotes and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  ids = {
    tShirt: await idOf("classic-t-shirt"),
    beanie: await idOf("beanie"),
    socks: await idOf("socks-3-pack"),
    hoodie: await idOf("hoodie"),
  };
});
afterAll(() => shop.close());

describe("shipping classes: the owner's calls", () => {
  it("refuses a save made on a stale copy, keeping the other editor's change (decision 0158)", async () => {
    const { id, count: _count, version, ...opened } = await newClass("Stale class");
    expect((await call("PATCH", `/shipping/classes/${id}`, { description: "Heavy" })).statusCode).toBe(200);
    const stale = await call("PUT", `/shipping/classes/${id}`, { ...opened, name: "Stale class renamed", version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("cw_rest_shipping_class_changed");
    const stored = await ok(call("GET", `/shipping/classes/${id}`));
    expect(stored).toMatchObject({ name: "Stale class", description: "Heavy" });
    const renamed = await ok(call("PATCH", `/shipping/classes/${id}`, { name: "Stale class renamed", version: stored.version }));
    expect(renamed).toMatchObject({ name: "Stale class renamed", description: "Heavy" });
  });

  it("keeps both fields when two PATCHes of one class's different fields arrive together (owner audit 2026-12-06)", async () => {
    const both = await newClass("Both kept");
    for (let round = 0; round < 10; round++) {
      const replies = await Promise.all([
        call("PATCH", `/shipping/classes/${both.id}`, { description: `Round ${round}` }),
        call("PATCH", `/shipping/classes/${both.id}`, { name: `Both kept ${round}` }),
      ]);
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
      expect(await ok(call("GET", `/shipping/classes/${both.id}`))).toMatchObject({
        description: `Round ${round}`,
        name: `Both kept ${round}`,
      });
    }
  });

  it("creates, lists, reads, changes and refuses classes, each refusal beside its field", async () => {
    const bulky = await newClass("Bulky goods");
    expect(bulky).toMatchObject({ name: "Bulky goods", slug: "bulky-goods", description: "", count: 0 });
    const listed = await ok(call("GET", "/shipping/classes"));
    expect(listed.classes.map((c: { slug: string }) => c.slug)).toContain("bulky-goods");
    expect(await ok(call("GET", `/shipping/classes/${bulky.id}`))).toEqual(bulky);

    const changed = await ok(call("PUT", `/shipping/classes/${bulky.id}`, { name: "Bulky", slug: "bulky", description: "Big boxes" }));
    expect(changed).toMatchObject({ id: bulky.id, name: "Bulky", slug: "bulky", description: "Big boxes" });
    expect(await ok(call("PATCH", `/shipping/classes/${bulky.id}`, { description: "Large boxes" }))).toMatchObject({
      slug: "bulky",
      description: "Large boxes",
    });

    const empty = await call("POST", "/shipping/classes", { name: "  ", slug: "", description: "" });
    expect(empty.statusCode).toBe(400);
    expect(fieldMessages(empty)).toEqual({ name: "Enter a name for the shipping class." });
    const badSlug = await call("POST", "/shipping/classes", { name: "Odd", slug: "Not a slug!", description: "" });
    expect(fieldMessages(badSlug).slug).toMatch(/lower-case letters/);
    const taken = await call("POST", "/shipping/classes", { name: "Other", slug: "bulky", description: "" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("cw_rest_shipping_class_slug_exists");
    expect(fieldMessages(taken).slug).toMatch(/already has the slug "bulky"/);
    // A name another class has, in any case, is refused beside the name, whatever the slug.
    for (const body of [
      { name: "bulky", slug: "" },
      { name: " BULKY ", slug: "bulky-again" },
    ]) {
      const sameName = await call("POST", "/shipping/classes", { ...body, description: "" });
      expect(sameName.statusCode, sameName.body).toBe(409);
      expect(sameName.json().code).toBe("cw_rest_shipping_class_name_exists");
      expect(fieldMessages(sameName)).toEqual({
        name: 'There is already a shipping class called "Bulky". Give this one another name, or edit that class instead.',
      });
    }
    const other = await newClass("Fragile");
    const renamed = await call("PUT", `/shipping/classes/${other.id}`, { name: "Bulky", slug: "fragile", description: "" });
    expect(renamed.statusCode).toBe(409);
    expect(fieldMessages(renamed)).toHaveProperty("name");
    // Another name that makes a slug already taken takes the next free one, as a term's does.
    expect(await newClass("Bulky!")).toMatchObject({ name: "Bulky!", slug: "bulky-2" });
    expect(await newClass("Bulky?")).toMatchObject({ name: "Bulky?", slug: "bulky-3" });
    // Saving a class again keeps its slug.
    expect(await ok(call("PUT", `/shipping/classes/${other.id}`, { name: "Fragile", slug: "", description: "Glass" }))).toMatchObject({
      slug: "fragile",
    });
    expect((await call("GET", "/shipping/classes/999999")).statusCode).toBe(404);

    const log = await shop.db.selectFrom("change_log").select("entity").where("entity", "=", "shipping_class").execute();
    expect(log.length).toBeGreaterThanOrEqual(3);
    await ok(call("DELETE", `/shipping/classes/${bulky.id}`));
  });

  it("is the owner's: a shopper is refused, a manager may only list classes for the product editor", async () => {
    const shopper = new StoreClient(shop.app, "browser");
    expect((await adminCall(shopper, "GET", "/shipping/classes")).statusCode).toBe(401);
    const manager = await signedInManager(shop.app, shop.db, "max@classes.test");
    expect((await adminCall(manager, "GET", "/shipping/classes")).statusCode).toBe(403);
    expect((await adminCall(manager, "GET", "/products/shipping-classes")).statusCode).toBe(200);
  });
});

describe("a product's shipping class", () => {
  it("is given to a product and a variation (null: its parent's), refused when unknown, kept when a save leaves it out", async () => {
    const fragile = await newClass("Fragile items");
    const bulky = await newClass("Oversize items");
    expect((await setClass(ids.tShirt, fragile.id)).shipping_class_id).toBe(fragile.id);
    // A save that does not name the class keeps it.
    expect((await ok(call("PATCH", `/products/${ids.tShirt}`, { menu_order: 3 }))).shipping_class_id).toBe(fragile.id);

    const unknown = await call("PATCH", `/products/${ids.tShirt}`, { shipping_class_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(fieldMessages(unknown)).toEqual({
      shipping_class_id: "Shipping class 999999 no longer exists (it may have been deleted). Choose another class, or none.",
    });

    const hoodie = await setClass(ids.hoodie, bulky.id);
    expect(hoodie.variations.every((v: { shipping_class_id: number | null }) => v.shipping_class_id === null)).toBe(true);
    // Two variations in stock: the first gets a class of its own, the second keeps its parent's.
    const inStock = (hoodie.variations as { id: number; stock_status: string }[]).filter((v) => v.stock_status === "instock");
    const [ownId, inheritedId] = [inStock[0]?.id, inStock[1]?.id];
    const variations = hoodie.variations.map((v: { id: number }) => (v.id === ownId ? { ...v, shipping_class_id: fragile.id } : v));
    const saved = await ok(call("PATCH", `/products/${ids.hoodie}`, { variations }));
    const savedOf = (id: number | undefined) => saved.variations.find((v: { id: number }) => v.id === id);
    expect(savedOf(ownId).shipping_class_id).toBe(fragile.id);
    expect(savedOf(inheritedId).shipping_class_id).toBeNull();
    const badVariation = await call("PATCH", `/products/${ids.hoodie}`, {
      variations: variations.map((v: Record<string, unknown>, i: number) => (i === 1 ? { ...v, shipping_class_id: 999_998 } : v)),
    });
    expect(fieldMessages(badVariation)).toEqual({
      "variations[1].shipping_class_id":
        "Shipping class 999998 no longer exists (it may have been deleted). Choose another class, or the product's.",
    });

    const counts = (await ok(call("GET", "/shipping/classes"))).classes;
    expect(counts.find((c: { id: number }) => c.id === fragile.id).count).toBe(2);
    expect(counts.find((c: { id: number }) => c.id === bulky.id).count).toBe(1);

    // The cart prices a variation without its own class by its parent's.
    const zone = await japanZone({
      class_costs: [
        { class_id: fragile.id, cost: "7" },
        { class_id: bulky.id, cost: "3" },
      ],
    });
    expect(await japanPost([{ id: ownId as number, quantity: 1 }])).toBe(700);
    expect(await japanPost([{ id: inheritedId as number, quantity: 1 }])).toBe(300);
    await call("DELETE", `/shipping-zones/${zone.id}`);
    await call("DELETE", `/shipping/classes/${fragile.id}`);
    await call("DELETE", `/shipping/classes/${bulky.id}`);
  });
});

describe("flat rates: class costs and formulas in the cart", () => {
  it("adds each class's cost per class, or charges the most expensive per order; a deleted class leaves products and rates", async () => {
    const heavy = await newClass("Heavy");
    const fragile = await newClass("Glass");
    await setClass(ids.tShirt, heavy.id);
    await setClass(ids.beanie, fragile.id);
    await setClass(ids.socks, null);
    const classCosts = [
      { class_id: heavy.id, cost: "4 * [qty]" },
      { class_id: fragile.id, cost: "6" },
    ];
    const zone = await japanZone({ cost: 200, class_costs: classCosts, no_class_cost: "1.50", calculation_type: "class" });
    expect(zone.methods[0]).toMatchObject({
      cost: 200,
      cost_formula: "",
      class_costs: classCosts,
      no_class_cost: "1.50",
      calculation_type: "class",
    });
    // Two T-shirts (heavy: 8.00), a beanie (glass: 6.00), two socks (no class: 1.50), and the rate's own 2.00.
    const mixed = [
      { id: ids.tShirt, quantity: 2 },
      { id: ids.beanie, quantity: 1 },
      { id: ids.socks, quantity: 2 },
    ];
    expect(await japanPost(mixed)).toBe(1750);
    expect(await japanPost([{ id: ids.socks, quantity: 2 }])).toBe(350);

    const method = { ...zone.methods[0], calculation_type: "order" };
    const perOrder = await ok(
      call("PUT", `/shipping-zones/${zone.id}`, {
        name: "Japan per order",
        locations: [{ type: "country", code: "JP" }],
        methods: [method],
      }),
    );
    expect(perOrder.methods[0].calculation_type).toBe("order");
    // The most expensive class's cost alone: heavy 8.00, plus the rate's own 2.00.
    expect(await japanPost(mixed)).toBe(1000);

    // Deleting the heavy class: the T-shirt is in no class, the rate forgets the class's cost.
    const deleted = await ok(call("DELETE", `/shipping/classes/${heavy.id}`));
    expect(deleted).toEqual({ products_updated: 1 });
    expect((await ok(call("GET", `/products/${ids.tShirt}`))).shipping_class_id).toBeNull();
    const after = await ok(call("GET", `/shipping-zones/${zone.id}`));
    expect(after.methods[0].class_costs).toEqual([{ class_id: fragile.id, cost: "6" }]);
    // Now two T-shirts and the socks are in no class (1.50), the beanie glass (6.00): per order 6.00 + 2.00.
    expect(await japanPost(mixed)).toBe(800);

    await call("DELETE", `/shipping-zones/${zone.id}`);
    await call("DELETE", `/shipping/classes/${fragile.id}`);
  });

  it("prices an order made by hand with the cart's rates, class costs included, and charges the rate chosen", async () => {
    const heavy = await newClass("Freight");
    await setClass(ids.tShirt, heavy.id);
    await setClass(ids.socks, null);
    const zone = await japanZone({ cost: 200, class_costs: [{ class_id: heavy.id, cost: "4 * [qty]" }], no_class_cost: "1" });
    const lines = [
      { id: ids.tShirt, quantity: 2 },
      { id: ids.socks, quantity: 2 },
    ];
    // The storefront's cart: 2.00 + two T-shirts of the class (8.00) + the socks in none (1.00).
    expect(await japanPost(lines)).toBe(1100);
    const tokyo = { first_name: "Aiko", last_name: "Shopper", address_1: "1-1 Marunouchi", ...TOKYO };
    const body = {
      billing: { ...tokyo, email: "phone@classes.test" },
      shipping: tokyo,
      line_items: lines.map((line) => ({ product_id: line.id, quantity: line.quantity })),
    };
    const offered = await ok(call("POST", "/orders/calculate", body));
    const japanPostRate = offered.shipping_rates.find((rate: { name: string }) => rate.name === "Japan post");
    expect(japanPostRate).toMatchObject({ method_id: "flat_rate", cost: 1100 });
    expect(offered.totals.shipping).toBe(0);

    // Charged by its id: the rate's name and cost as the cart prices them; the owner's own name or amount stand instead.
    const rateLine = { rate_id: japanPostRate.rate_id };
    const priced = await ok(call("POST", "/orders/calculate", { ...body, shipping_lines: [rateLine] }));
    expect(priced.totals.shipping).toBe(1100);
    const made = await ok(call("POST", "/orders", { ...body, shipping_lines: [rateLine] }), 201);
    expect(made.totals.shipping).toBe(1100);
    const stored = await shop.db.selectFrom("orders").select("shipping_lines").where("id", "=", made.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.shipping_lines)).toEqual([
      { method_id: "flat_rate", instance_id: japanPostRate.instance_id, name: "Japan post", total: "1100" },
    ]);
    const quoted = await ok(
      call("POST", "/orders/calculate", { ...body, shipping_lines: [{ ...rateLine, method_title: "Courier", total: 900 }] }),
    );
    expect(quoted.totals.shipping).toBe(900);
    // The owner's own line is priced as before.
    const own = await ok(call("POST", "/orders/calculate", { ...body, shipping_lines: [{ method_title: "Courier", total: 700 }] }));
    expect(own.totals.shipping).toBe(700);

    // A rate the shop does not offer here, or a line without a rate, a name or an amount, is named.
    const unknown = await call("POST", "/orders/calculate", { ...body, shipping_lines: [{ rate_id: "flat_rate:999999" }] });
    expect(unknown.statusCode).toBe(400);
    expect(fieldMessages(unknown)["shipping_lines.0.rate_id"]).toMatch(
      /^The shop has no rate "flat_rate:999999" for these items and this address/,
    );
    const bare = await call("POST", "/orders/calculate", { ...body, shipping_lines: [{ method_title: "Courier" }] });
    expect(fieldMessages(bare)).toEqual({
      "shipping_lines.0.total": "Enter the shipping line's amount, or choose one of the shop's rates.",
    });

    await call("DELETE", `/shipping-zones/${zone.id}`);
    await call("DELETE", `/shipping/classes/${heavy.id}`);
  });

  it("works a formula out with [qty], [cost] and [fee], after discounts, rounding once", async () => {
    const zone = await japanZone({ cost_formula: '3 + 0.5 * [qty] + [fee percent="10" min_fee="2" max_fee="20"]' });
    // One T-shirt (20.00): 3.00 + 0.50 + the fee's minimum 2.00.
    expect(await japanPost([{ id: ids.tShirt, quantity: 1 }])).toBe(550);
    // Five T-shirts (100.00): 3.00 + 2.50 + 10.00.
    expect(await japanPost([{ id: ids.tShirt, quantity: 5 }])).toBe(1550);
    // Fifty T-shirts (1,000.00): the fee's maximum 20.00.
    expect(await japanPost([{ id: ids.tShirt, quantity: 50 }])).toBe(4800);

    // [cost] is after discounts: 10 % off three T-shirts leaves 54.00, 15 % of which is 8.10.
    await ok(
      call("PUT", `/shipping-zones/${zone.id}`, {
        name: "Japan by cost",
        locations: [{ type: "country", code: "JP" }],
        methods: [{ method_id: "flat_rate", title: "Japan post", enabled: true, cost_formula: "[cost] * 0.15" }],
      }),
    );
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: ids.tShirt, quantity: 3 });
    await shopper.cart("POST", "/cart/apply-coupon", { code: "save10" });
    const cart = await shopper.cart("POST", "/cart/update-customer", { shipping_address: TOKYO });
    const rate = cart.shipping_rates[0].shipping_rates.find((r: { name: string }) => r.name === "Japan post");
    expect(Number(rate.price)).toBe(810);
    expect(Number(cart.totals.total_shipping)).toBe(810);
    // The Store API's shapes are as before.
    expect(Object.keys(rate).sort()).toEqual(
      [
        ...["delivery_time", "description", "instance_id", "meta_data", "method_id", "name", "price", "rate_id", "selected", "taxes"],
        ...["currency_code", "currency_decimal_separator", "currency_minor_unit", "currency_prefix", "currency_suffix"],
        ...["currency_symbol", "currency_thousand_separator"],
      ].sort(),
    );
    await call("DELETE", `/shipping-zones/${zone.id}`);
  });

  it("refuses bad formulas and unknown classes beside their fields, writing nothing", async () => {
    const before = await ok(call("GET", "/shipping-zones"));
    const response = await call("POST", "/shipping-zones", {
      name: "Broken",
      locations: [{ type: "country", code: "JP" }],
      methods: [
        {
          method_id: "flat_rate",
          title: "Broken",
          enabled: true,
          cost_formula: "5 + * [qty]",
          no_class_cost: "[items]",
          class_costs: [{ class_id: 999_999, cost: "(2" }],
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response)).toEqual({
      "methods.0.cost_formula": 'Expected a number, "(" or a placeholder, found "*" at character 5.',
      "methods.0.no_class_cost": 'Unknown placeholder "items" at character 2: use [qty], [cost] or [fee percent="…"].',
      "methods.0.class_costs.0.class_id":
        "Shipping class 999999 no longer exists (it may have been deleted). Reload the page to see the shop's classes.",
      "methods.0.class_costs.0.cost": 'The "(" at character 1 is never closed.',
    });
    // A form opened before a class was deleted sends that class with no cost: nothing of it would be kept, so it is no error.
    const emptyForDeleted = await call("POST", "/shipping-zones", {
      name: `Deleted class, no cost ${Date.now()}`,
      locations: [{ type: "country", code: "JP" }],
      methods: [{ method_id: "flat_rate", title: "Flat", enabled: true, cost: 500, class_costs: [{ class_id: 999_999, cost: " " }] }],
    });
    expect(emptyForDeleted.statusCode).toBe(201);
    expect(emptyForDeleted.json().methods[0].class_costs ?? []).toEqual([]);
    expect((await call("DELETE", `/shipping-zones/${emptyForDeleted.json().id}`)).statusCode).toBe(204);
    const rest = await call("PUT", "/shipping-zones/rest-of-world", {
      methods: [{ method_id: "flat_rate", title: "Anywhere", enabled: true, cost_formula: "10 / 0" }],
    });
    expect(fieldMessages(rest)).toEqual({ "methods.0.cost_formula": "Division by zero at character 4." });
    // A formula that already comes to more than the largest cost for one item costing nothing is a slip, refused.
    const tooMuch = "This comes to more than 10000000.00 for one item: enter a cost shipping can have.";
    const huge = await call("PUT", "/shipping-zones/rest-of-world", {
      methods: [
        {
          method_id: "flat_rate",
          title: "Anywhere",
          enabled: true,
          cost_formula: "99999999999 * 99999999999",
          no_class_cost: "[qty] * 10000001",
        },
      ],
    });
    expect(fieldMessages(huge)).toEqual({ "methods.0.cost_formula": tooMuch, "methods.0.no_class_cost": tooMuch });
    expect(await ok(call("GET", "/shipping-zones"))).toEqual(before);
  });

  it("takes and answers formulas in one form whatever the shop's separators (decision 0174's amendment)", async () => {
    const currency = await ok(call("GET", "/settings/currency"));
    const { version: _version, ...settings } = currency;
    await ok(call("PUT", "/settings/currency", { ...currency, decimal_separator: ",", thousand_separator: "." }));
    try {
      const typedAsTheShopWrites = await call("POST", "/shipping-zones", {
        name: "Comma formula",
        locations: [{ type: "country", code: "JP" }],
        methods: [{ method_id: "flat_rate", title: "Japan post", enabled: true, cost_formula: "2,5 * [qty]" }],
      });
      expect(typedAsTheShopWrites.statusCode).toBe(400);
      expect(fieldMessages(typedAsTheShopWrites)).toEqual({
        "methods.0.cost_formula":
          "Use a point, not a comma, for decimals at character 2 (a formula keeps its numbers as 1234.50, whatever the shop's separators).",
      });
      const formula = '2.5 * [qty] + [fee percent="10" min_fee="1.50"]';
      const zone = await japanZone({ cost_formula: formula });
      expect(zone.methods[0]).toMatchObject({ cost_formula: formula });
      // Two T-shirts (40.00): 5.00 + the fee's 4.00.
      expect(await japanPost([{ id: ids.tShirt, quantity: 2 }])).toBe(900);
      await call("DELETE", `/shipping-zones/${zone.id}`);
    } finally {
      const { version } = await ok(call("GET", "/settings/currency"));
      await ok(call("PUT", "/settings/currency", { ...settings, version }));
    }
  });

  it("leaves the demo's plain costs as they were", async () => {
    const zones = await ok(call("GET", "/shipping-zones"));
    const us = zones.zones.find((z: { name: string }) => z.name === "United States");
    expect(us.methods[0]).toMatchObject({ method_id: "flat_rate", cost: 500, cost_formula: "", class_costs: [], no_class_cost: "" });
  });
});

describe("the product CSV's Shipping class column", () => {
  it("exports a class's slug and imports one by slug or name, refusing one the shop lacks", async () => {
    const parcel = await newClass("Small parcel", "small-parcel");
    await setClass(ids.beanie, parcel.id);
    const exported = await call("GET", "/products/export");
    expect(exported.statusCode).toBe(200);
    const [header = [], ...rows] = csvRows(exported.body.replace(/^\uFEFF/, ""));
    const at = header.indexOf("Shipping class");
    expect(at).toBeGreaterThan(0);
    const idColumn = header.indexOf("ID");
    const classOf = (id: number) => rows.find((row) => row[idColumn] === String(id))?.[at];
    expect(classOf(ids.beanie)).toBe("small-parcel");
    expect(classOf(ids.socks)).toBe("");

    const { cookie } = owner.credentials();
    const nonce = String(
      (await shop.app.inject({ method: "GET", url: "/api/admin/v1/products?per_page=1", headers: { cookie: cookie ?? "" } })).headers.nonce,
    );
    const send = (text: string) =>
      shop.app.inject({
        method: "POST",
        url: "/api/admin/v1/products/import",
        headers: { cookie: cookie ?? "", nonce, "content-type": "text/csv" },
        payload: text,
      });
    const imported = await send(`ID,Shipping class\r\n${ids.socks},Small parcel\r\n`);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await ok(call("GET", `/products/${ids.socks}`))).shipping_class_id).toBe(parcel.id);
    const refused = await send(`ID,Shipping class\r\n${ids.socks},no-such-class\r\n`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/no shipping class \\"no-such-class\\"/);
    await call("DELETE", `/shipping/classes/${parcel.id}`);
  });
});
