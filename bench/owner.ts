/**
 * The `owner` scenario (issue 18): the owner console's calls on a shop with 100,000 orders.
 *
 * The orders are copies of real ones: a few dozen are placed through the Store API's checkout
 * (every payment method, coupons, pickup, attribution, a declined card, abandoned drafts) and
 * moved by the owner API (completed, cancelled, pending, refunded), so every column, JSON text
 * and event is what the shop itself writes. `seedOrders` then copies them straight into the
 * database in one transaction, each copy with its own number, key, shopper (an account or a
 * guest), address, dates over the last year and origin; the rows around an order (lines,
 * coupons, events, refunds, gateway charges) follow it. The copies run with the server stopped.
 */
import { randomBytes, randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { orderSearchTerms } from "../apps/server/src/db/order-search.ts";
import { seededRandom } from "../test/seeded-random.ts";

/** The shop owner the bench starts the server with (OWNER_EMAIL / OWNER_PASSWORD). */
export const BENCH_OWNER = { email: "owner@bench.test", password: "bench-owner-password-2026" } as const;

const STORE = "/api/store/v1";
export const ADMIN = "/api/admin/v1";
const DAY_MS = 86_400_000;

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

interface Reply {
  status: number;
  token: string;
  json: Record<string, unknown>;
}

/** One Store API call with a Cart-Token, as a headless client makes it. */
async function store(base: string, token: string, method: "GET" | "POST", path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(base + STORE + path, {
    method,
    headers: { ...(token ? { "cart-token": token } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, token: response.headers.get("cart-token") ?? token, json };
}

/** The owner's signed-in token (the Cart-Token header, or the cw_session cookie of the pages), signed in through the Store API. */
export async function signInOwner(base: string): Promise<string> {
  const guest = await store(base, "", "GET", "/cart");
  const signedIn = await store(base, guest.token, "POST", "/account/sign-in", BENCH_OWNER);
  if (signedIn.status !== 200) throw new Error(`the owner's sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.json)}`);
  return signedIn.token;
}

/** One owner API call; an error answer stops the bench. */
export async function ownerApi<T>(base: string, token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(base + ADMIN + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "cart-token": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // Reads answer 200; a refund answers 201 Created.
  const ok = body === undefined ? response.status === 200 : response.status === 200 || response.status === 201;
  if (!ok) throw new Error(`owner API ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** Where the templates' shoppers live: one shipping zone each (US flat or free, Europe, everywhere else) and the demo's tax rates. */
const PLACES = [
  { country: "US", state: "CA", city: "Los Angeles", postcode: "90001", phone: "555-0100" },
  { country: "US", state: "CA", city: "San Diego", postcode: "92101", phone: "555-0101" },
  { country: "US", state: "NY", city: "New York", postcode: "10001", phone: "555-0102" },
  { country: "US", state: "TX", city: "Austin", postcode: "78701", phone: "555-0103" },
  { country: "GB", state: "", city: "London", postcode: "SW1A 1AA", phone: "020 7946 0000" },
  { country: "DE", state: "", city: "Berlin", postcode: "10115", phone: "030 901820" },
  { country: "CA", state: "ON", city: "Toronto", postcode: "M5V 2T6", phone: "416-555-0199" },
] as const;

/** The demo products a template buys: those whose stock is not tracked, and a few that are, in small numbers. */
const PRODUCTS = [
  "canvas-tote-bag",
  "leather-wallet",
  "wool-scarf",
  "baseball-cap",
  "linen-shirt",
  "denim-jacket",
  "ceramic-vase",
  "scented-candle",
  "throw-blanket",
  "enamel-pin-set",
  "notebook-set",
  "sketchbook",
  "coffee-tumbler",
  "terracotta-plant-pot",
  "yoga-mat",
  "beanie",
  "classic-t-shirt",
  "hoodie",
  "socks-3-pack",
  "gift-card",
  "signed-book",
  "pre-order-poster",
];

/** Where shoppers came from, as the storefront's tracker sends it with the checkout (decision 0014); null: nothing sent. */
const ORIGINS: (Record<string, string> | null)[] = [
  null,
  null,
  { source_type: "utm", utm_source: "google", utm_medium: "cpc", utm_campaign: "spring-sale", utm_term: "linen shirt" },
  { source_type: "utm", utm_source: "google", utm_medium: "cpc", utm_campaign: "brand" },
  { source_type: "utm", utm_source: "newsletter", utm_medium: "email", utm_campaign: "weekly" },
  { source_type: "utm", utm_source: "facebook", utm_medium: "social", utm_campaign: "retargeting", utm_content: "carousel" },
  { source_type: "organic", utm_source: "google", referrer: "https://www.google.com/" },
  { source_type: "organic", utm_source: "bing", referrer: "https://www.bing.com/" },
  { source_type: "referral", utm_source: "blog.example.org", referrer: "https://blog.example.org/gift-guide" },
  { source_type: "typein", utm_source: "(direct)" },
];

const AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
];

const CARD = (number: string) => [
  { key: "cw-test-card-number", value: number },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

type Method = "cod" | "bacs" | "cheque" | "test_card" | "declined" | "draft";

/** The templates: how each ends (its status) and how it was paid; the owner API moves those that do not end at the checkout. */
const TEMPLATE_PLAN: [status: string, method: Method, count: number][] = [
  ["processing", "cod", 6],
  ["processing", "test_card", 6],
  ["on-hold", "bacs", 5],
  ["on-hold", "cheque", 3],
  ["completed", "cod", 8],
  ["completed", "test_card", 8],
  ["completed", "bacs", 4],
  ["completed", "cheque", 2],
  ["cancelled", "cod", 2],
  ["cancelled", "bacs", 2],
  ["cancelled", "test_card", 1],
  ["refunded", "cod", 2],
  ["refunded", "test_card", 2],
  ["failed", "declined", 4],
  ["pending", "bacs", 3],
  ["checkout-draft", "draft", 4],
];

export interface Templates {
  /** Order ids by the status each template ended in. */
  byStatus: Record<string, number[]>;
  /** Template timestamps after this are the owner's later actions (completion, refund): copies place them hours or days on. */
  placedBy: string;
  /** A registered account's password hash, for the seeded accounts. */
  passwordHash: string;
}

/** Places the template orders through the Store API and moves them with the owner API; answers their ids by status. */
export async function placeTemplates(base: string, ownerToken: string, file: string): Promise<Templates> {
  const random = seededRandom(1818);
  const products = (await store(base, "", "GET", "/products?per_page=100")).json as unknown as { id: number; slug: string }[];
  const idOf = new Map(products.map((product) => [product.slug, product.id]));
  const hoodie = (await store(base, "", "GET", "/products/hoodie")).json as unknown as {
    variations: { id: number; attributes: { value: string }[] }[];
  };
  // Blue/S is out of stock in the demo (DEMO.md): every other hoodie can be bought.
  const hoodies = hoodie.variations.filter(
    (v) => !(v.attributes.some((a) => a.value === "Blue") && v.attributes.some((a) => a.value === "S")),
  );
  const placed: { id: number; status: string; method: Method }[] = [];
  let n = 0;
  for (const [status, method, count] of TEMPLATE_PLAN) {
    for (let i = 0; i < count; i++, n++) {
      let token = (await store(base, "", "GET", "/cart")).token;
      const lines = 1 + (random() < 0.35 ? 1 : 0) + (random() < 0.12 ? 1 : 0);
      for (let line = 0; line < lines; line++) {
        const slug = pick(random, PRODUCTS);
        const id = slug === "hoodie" ? pick(random, hoodies).id : (idOf.get(slug) ?? 0);
        const quantity =
          slug === "socks-3-pack" ? (random() < 0.7 ? 2 : 4) : slug === "signed-book" ? 1 : random() < 0.72 ? 1 : random() < 0.8 ? 2 : 3;
        const added = await store(base, token, "POST", "/cart/add-item", { id, quantity });
        if (added.status >= 300)
          throw new Error(`template ${n}: add-item ${slug} answered ${added.status}: ${JSON.stringify(added.json).slice(0, 300)}`);
        token = added.token;
      }
      const coupon = random();
      if (coupon < 0.16) await store(base, token, "POST", "/cart/apply-coupon", { code: "SAVE10" });
      else if (coupon < 0.22) await store(base, token, "POST", "/cart/apply-coupon", { code: "5OFF" });
      const place = pick(random, PLACES);
      const address = {
        first_name: `Tplfirst${n}`,
        last_name: `Tpllast${n}`,
        company: "",
        address_1: `${n + 1} Template Street`,
        address_2: "",
        city: place.city,
        state: place.state,
        postcode: place.postcode,
        country: place.country,
        phone: place.phone,
      };
      const email = `template-${n}@bench.invalid`;
      const customer = await store(base, token, "POST", "/cart/update-customer", {
        billing_address: { ...address, email },
        shipping_address: address,
      });
      if (customer.status >= 300) throw new Error(`template ${n}: update-customer answered ${customer.status}`);
      // Some shoppers in California collect their order from a store.
      if (place.state === "CA" && random() < 0.3)
        await store(base, token, "POST", "/cart/select-shipping-rate", { package_id: 0, rate_id: "pickup_location:1" });
      if (method === "draft") {
        const draft = await store(base, token, "GET", "/checkout");
        if (draft.status !== 200) throw new Error(`template ${n}: GET /checkout answered ${draft.status}`);
        placed.push({ id: Number(draft.json.order_id), status, method });
        continue;
      }
      const origin = pick(random, ORIGINS);
      const started = new Date(Date.now() - Math.floor(random() * 3_600_000)).toISOString().slice(0, 19).replace("T", " ");
      const attribution = origin && {
        ...origin,
        session_entry: `${base}/product/${pick(random, PRODUCTS)}`,
        session_start_time: started,
        session_pages: String(1 + Math.floor(random() * 12)),
        session_count: String(1 + Math.floor(random() * 4)),
        user_agent: pick(random, AGENTS),
      };
      const answer = await store(base, token, "POST", "/checkout", {
        billing_address: { ...address, email },
        shipping_address: address,
        customer_note: random() < 0.1 ? "Please leave the parcel with the neighbours if nobody is in." : "",
        payment_method: method === "declined" ? "test_card" : method,
        payment_data: method === "test_card" ? CARD("4242424242424242") : method === "declined" ? CARD("4000000000000002") : [],
        ...(attribution ? { extensions: { "cw/order-attribution": attribution } } : {}),
      });
      // A declined card answers 400 and leaves a failed order.
      const data = answer.status === 200 ? answer.json : (answer.json.data as Record<string, unknown> | undefined);
      if (!data?.order_id || (answer.status !== 200 && method !== "declined"))
        throw new Error(`template ${n}: checkout answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
      placed.push({ id: Number(data.order_id), status, method });
    }
  }
  const placedBy = new Date().toISOString();
  // A moment later the owner acts, so every timestamp after placedBy is the owner's.
  await new Promise((done) => setTimeout(done, 20));
  for (const template of placed) {
    if (["completed", "cancelled", "pending"].includes(template.status))
      await ownerApi(base, ownerToken, `/orders/${template.id}/status`, { status: template.status });
    if (template.status === "refunded") {
      const order = await ownerApi<{ totals: { total: number }; lines: { id: number; quantity: number }[] }>(
        base,
        ownerToken,
        `/orders/${template.id}`,
      );
      await ownerApi(base, ownerToken, `/orders/${template.id}/refunds`, {
        amount: order.totals.total,
        lines: order.lines.map((line) => ({ line_id: line.id, quantity: line.quantity })),
        restock: true,
        reason: "Returned unworn",
        method: template.method === "test_card" ? "gateway" : "manual",
      });
    }
    const now = await ownerApi<{ status: string }>(base, ownerToken, `/orders/${template.id}`);
    if (now.status !== template.status) throw new Error(`template order ${template.id} is ${now.status}, not ${template.status}`);
  }
  // Seeded accounts share the password of one account registered through the API (its hash is what registration stores).
  const account = await store(base, (await store(base, "", "GET", "/cart")).token, "POST", "/account/register", {
    email: "template-account@bench.invalid",
    password: "template-account-password",
  });
  if (account.status !== 201) throw new Error(`registering the template account answered ${account.status}`);
  const db = new Database(file, { readonly: true });
  try {
    const { password_hash } = db.prepare("select password_hash from customers where email = ?").get("template-account@bench.invalid") as {
      password_hash: string;
    };
    const byStatus: Record<string, number[]> = {};
    for (const template of placed) byStatus[template.status] = [...(byStatus[template.status] ?? []), template.id];
    return { byStatus, placedBy, passwordHash: password_hash };
  } finally {
    db.close();
  }
}

const FIRST_NAMES = (
  "Olivia Liam Emma Noah Amelia Oliver Sophia Elijah Charlotte James Mia William Harper Lucas Evelyn Henry Aria " +
  "Theodore Ella Jack Chloe Levi Nora Mateo Layla Sebastian Zoe Daniel Hannah Samuel Lucia Ahmed Priya Wei Yuki " +
  "Fatima Kwame Ingrid Sven Chiara Mehmet Aoife Tomás Zofia Ravi Mei Anders Leila Jonas Camille"
).split(" ");
const LAST_NAMES = (
  "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Wilson Anderson " +
  "Thomas Taylor Moore Jackson Martin Lee Thompson White Harris Clark Lewis Walker Hall Young King Wright Müller " +
  "Schmidt Rossi Dubois Nguyen Kim Patel Okafor Novak Jensen O'Brien Kowalski Yilmaz Costa Sato Andersson Haddad " +
  "Fischer Moreau Silva"
).split(" ");
const DOMAINS = ["example.com", "example.org", "example.net", "mail.example", "inbox.example"];
const STREETS = [
  "Oak Street",
  "Maple Avenue",
  "Cedar Lane",
  "Elm Road",
  "Park Place",
  "High Street",
  "Mill Lane",
  "Station Road",
  "Lake Drive",
];

interface Shopper {
  first: string;
  last: string;
  email: string;
  street: string;
  customerId: number | null;
}

export interface SeedOptions {
  orders: number;
  accounts: number;
  /** Distinct guests (billing e-mails without an account); a guest may order more than once. */
  guests: number;
  now: Date;
}

/** What the seed wrote, and what the calls ask for (an e-mail with orders, the last order's number, last month). */
export interface SeedFacts {
  orders: number;
  accounts: number;
  guests: number;
  seconds: number;
  rows: Record<string, number>;
  statuses: Record<string, number>;
  today: number;
  thisMonth: number;
  firstId: number;
  lastId: number;
  /** The account with the most orders: the e-mail search finds its orders. */
  busyEmail: string;
  lastMonth: { from: string; to: string };
}

/** A day's text (YYYY-MM-DD, UTC). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Which status an order placed `days` ago is in now: recent ones still wait to be shipped or paid, older ones are done. */
function statusFor(random: () => number, days: number): string {
  const r = random();
  if (r < 0.02) return "checkout-draft";
  const shares: [string, number][] =
    days < 3
      ? [
          ["processing", 0.44],
          ["on-hold", 0.14],
          ["pending", 0.05],
          ["completed", 0.25],
          ["failed", 0.05],
          ["cancelled", 0.05],
          ["refunded", 0.02],
        ]
      : [
          ["completed", 0.83],
          ["processing", 0.01],
          ["on-hold", 0.01],
          ["pending", 0.01],
          ["failed", 0.05],
          ["cancelled", 0.06],
          ["refunded", 0.03],
        ];
  let left = (r - 0.02) / 0.98;
  for (const [status, share] of shares) {
    if (left < share) return status;
    left -= share;
  }
  return "completed";
}

type Row = Record<string, unknown>;

/** An INSERT of every column the row has, by name, so a column a migration adds is copied too. */
function inserter(db: Database.Database, table: string, columns: string[]) {
  const statement = db.prepare(
    `insert into ${table} (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`,
  );
  return (row: Row) => statement.run(row);
}

/**
 * Copies the templates into `options.orders` orders in one transaction (the server stopped):
 * placed over the last 365 days, more of them lately, with a share today; 40 % by accounts
 * (a few with many orders), the rest by guests; about 65 % with an origin.
 */
export function seedOrders(file: string, templates: Templates, options: SeedOptions): SeedFacts {
  const started = performance.now();
  const random = seededRandom(18);
  const now = options.now.getTime();
  const db = new Database(file);
  try {
    const templateIds = Object.values(templates.byStatus).flat();
    const list = templateIds.join(", ");
    const all = (sql: string) => db.prepare(sql).all() as Row[];
    const groupBy = (rows: Row[], key: string) => {
      const groups = new Map<unknown, Row[]>();
      for (const row of rows) groups.set(row[key], [...(groups.get(row[key]) ?? []), row]);
      return groups;
    };
    const orders = new Map(all(`select * from orders where id in (${list})`).map((row) => [row.id as number, row]));
    const items = groupBy(all(`select * from order_items where order_id in (${list}) order by id`), "order_id");
    const coupons = groupBy(all(`select * from order_coupons where order_id in (${list})`), "order_id");
    const events = groupBy(all(`select * from order_events where order_id in (${list}) order by id`), "order_id");
    const refunds = groupBy(all(`select * from order_refunds where order_id in (${list}) order by id`), "order_id");
    const refundItems = groupBy(
      all(`select * from order_refund_items where refund_id in (select id from order_refunds where order_id in (${list}))`),
      "refund_id",
    );
    const charges = groupBy(all(`select * from gateway_charges where order_id in (${list})`), "order_id");
    const gatewayRefunds = groupBy(all(`select * from gateway_refunds where order_id in (${list})`), "order_id");
    const origins = all(`select * from order_attribution where order_id in (${list})`);
    const columns = (table: string) => (db.prepare(`select * from ${table} limit 0`).columns() as { name: string }[]).map((c) => c.name);
    const without = (names: string[], drop: string) => names.filter((name) => name !== drop);
    const insert = {
      customer: inserter(db, "customers", without(columns("customers"), "id")),
      order: inserter(db, "orders", columns("orders")),
      item: inserter(db, "order_items", without(columns("order_items"), "id")),
      coupon: inserter(db, "order_coupons", columns("order_coupons")),
      event: inserter(db, "order_events", without(columns("order_events"), "id")),
      refund: inserter(db, "order_refunds", without(columns("order_refunds"), "id")),
      refundItem: inserter(db, "order_refund_items", columns("order_refund_items")),
      charge: inserter(db, "gateway_charges", columns("gateway_charges")),
      gatewayRefund: inserter(db, "gateway_refunds", columns("gateway_refunds")),
      origin: inserter(db, "order_attribution", columns("order_attribution")),
      term: inserter(db, "order_search_terms", ["order_id", "term"]),
    };

    // When each order was placed: denser towards today (a growing shop), 0.3 % of them today so far.
    const yearAgo = now - 365 * DAY_MS;
    const midnight = Date.parse(`${dayOf(now)}T00:00:00.000Z`);
    const latest = now - 60_000;
    const times = Array.from({ length: options.orders }, () => {
      if (random() < 0.003) return midnight + random() * Math.max(0, latest - midnight);
      const x = (-0.6 + Math.sqrt(0.36 + 1.6 * random())) / 0.8;
      return yearAgo + x * (latest - yearAgo);
    }).sort((a, b) => a - b);

    // Shoppers: accounts and guests, a few of each ordering often.
    const person = (k: number, tag: string) => {
      const first = pick(random, FIRST_NAMES);
      const last = pick(random, LAST_NAMES);
      const local = `${first}.${last}`
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z.]/g, "");
      const email = `${local}${tag}${k}@${DOMAINS[k % DOMAINS.length]}`;
      return { first, last, email, street: `${1 + (k % 240)} ${pick(random, STREETS)}` };
    };
    const accounts = Array.from({ length: options.accounts }, (_, k) => person(k, ""));
    const guests: Shopper[] = Array.from({ length: options.guests }, (_, k) => ({ ...person(k, "+g"), customerId: null }));
    const plan = times.map((time) => {
      const account = random() < 0.4 ? Math.floor(options.accounts * random() ** 1.8) : -1;
      return { time, account, guest: account < 0 ? Math.floor(options.guests * random() ** 1.3) : -1 };
    });
    const firstOrder = new Map<number, number>();
    const orderCount = new Map<number, number>();
    for (const { time, account } of plan)
      if (account >= 0) {
        if (!firstOrder.has(account)) firstOrder.set(account, time);
        orderCount.set(account, (orderCount.get(account) ?? 0) + 1);
      }

    const rows: Record<string, number> = {};
    const count = (table: string) => {
      rows[table] = (rows[table] ?? 0) + 1;
    };
    const statuses: Record<string, number> = {};
    const firstId = (db.prepare("select coalesce(max(id), 0) + 1 as id from orders").get() as { id: number }).id;
    const shoppers: Shopper[] = [];
    const placedBy = Date.parse(templates.placedBy);

    db.transaction(() => {
      // Accounts first: each made some days before its first order (or at any time, for those without orders).
      for (const [k, account] of accounts.entries()) {
        const first = firstOrder.get(k);
        const created = new Date(first !== undefined ? first - random() * 30 * DAY_MS : yearAgo + random() * (now - yearAgo)).toISOString();
        const place = pick(random, PLACES);
        const address = {
          first_name: account.first,
          last_name: account.last,
          company: "",
          address_1: account.street,
          address_2: "",
          city: place.city,
          state: place.state,
          postcode: place.postcode,
          country: place.country,
          phone: place.phone,
        };
        const result = insert.customer({
          email: account.email,
          password_hash: templates.passwordHash,
          first_name: account.first,
          last_name: account.last,
          billing_address: JSON.stringify({ ...address, email: account.email }),
          shipping_address: JSON.stringify(address),
          created_at: created,
          updated_at: created,
          role: "customer",
        });
        count("customers");
        shoppers[k] = { ...account, customerId: Number(result.lastInsertRowid) };
      }

      for (const [index, { time, account, guest }] of plan.entries()) {
        const id = firstId + index;
        const status = statusFor(random, (now - time) / DAY_MS);
        statuses[status] = (statuses[status] ?? 0) + 1;
        const templateId = pick(random, templates.byStatus[status] ?? []);
        const template = orders.get(templateId) as Row;
        const shopper = account >= 0 ? (shoppers[account] as Shopper) : (guests[guest] as Shopper);
        const created = Date.parse(template.created_at as string);
        const stamps = [
          template.updated_at,
          ...(events.get(templateId) ?? []).map((e) => e.created_at),
          ...(refunds.get(templateId) ?? []).map((r) => r.created_at),
        ];
        const span = Math.max(...stamps.map((s) => Date.parse(s as string))) - created;
        // The owner's later actions land hours or days after the order, never after now.
        const room = latest - time - span;
        const later = room > 0 ? Math.min(room, (1 + random() * 95) * 3_600_000) : 0;
        const shift = (stamp: unknown) => {
          if (stamp === null || stamp === undefined) return null;
          const at = Date.parse(stamp as string);
          return new Date(time + (at - created) + (at > placedBy ? later : 0)).toISOString();
        };
        const templateEmail = template.billing_email as string;
        const retarget = (text: unknown) => String(text).replaceAll(templateEmail, shopper.email);
        const transaction = template.transaction_id ? `test_${randomBytes(6).toString("base64url").toLowerCase()}` : "";
        const billing = JSON.parse(template.billing_address as string) as Record<string, string>;
        const shipping = JSON.parse(template.shipping_address as string) as Record<string, string>;
        const named = (address: Record<string, string>) =>
          address.first_name === undefined
            ? address
            : { ...address, first_name: shopper.first, last_name: shopper.last, address_1: shopper.street };
        const details = (JSON.parse(template.payment_details as string) as { key: string; value: string }[]).map((detail) =>
          detail.key === "reference" && detail.value === String(templateId) ? { ...detail, value: String(id) } : detail,
        );
        const order = {
          ...template,
          id,
          cart_id: randomBytes(16).toString("base64url").slice(0, 22),
          order_key: `cw_order_${randomBytes(8).toString("hex")}`,
          customer_id: shopper.customerId,
          billing_email: template.billing_email ? shopper.email : "",
          billing_address: JSON.stringify({ ...named(billing), ...(billing.email ? { email: shopper.email } : {}) }),
          shipping_address: JSON.stringify(named(shipping)),
          payment_details: JSON.stringify(details),
          transaction_id: transaction,
          created_at: shift(template.created_at),
          updated_at: shift(template.updated_at),
          paid_at: shift(template.paid_at),
        };
        insert.order(order);
        count("orders");
        const itemIds = new Map<unknown, number>();
        for (const { id: itemId, ...item } of items.get(templateId) ?? []) {
          itemIds.set(itemId, Number(insert.item({ ...item, order_id: id }).lastInsertRowid));
          count("order_items");
        }
        // Copied rows bypass the orders repo, so their search terms are written here as the repo writes them.
        const productNames = (items.get(templateId) ?? []).map((item) => String(item.name));
        for (const term of orderSearchTerms({ billingEmail: order.billing_email, billingAddress: order.billing_address, productNames })) {
          insert.term({ order_id: id, term });
          count("order_search_terms");
        }
        for (const coupon of coupons.get(templateId) ?? []) {
          insert.coupon({ ...coupon, order_id: id });
          count("order_coupons");
        }
        for (const { id: _eventId, ...event } of events.get(templateId) ?? []) {
          insert.event({ ...event, order_id: id, data: retarget(event.data), created_at: shift(event.created_at) });
          count("order_events");
        }
        const chargeKeys = new Map<unknown, string>();
        for (const charge of charges.get(templateId) ?? []) {
          const key = `pay_${randomUUID()}`;
          chargeKeys.set(charge.idempotency_key, key);
          const outcome = template.transaction_id
            ? String(charge.outcome).replaceAll(template.transaction_id as string, transaction)
            : charge.outcome;
          insert.charge({ ...charge, idempotency_key: key, order_id: id, outcome, created_at: shift(charge.created_at) });
          count("gateway_charges");
        }
        // A gateway's refund id, kept on the refund and in the gateway's answer, is new for each copy.
        const refundIds = new Map<string, string>();
        for (const refund of refunds.get(templateId) ?? [])
          if (refund.gateway_refund_id) refundIds.set(refund.gateway_refund_id as string, `test_re_${randomBytes(6).toString("hex")}`);
        for (const refund of gatewayRefunds.get(templateId) ?? []) {
          let outcome = String(refund.outcome);
          for (const [before, after] of refundIds) outcome = outcome.replaceAll(before, after);
          insert.gatewayRefund({
            ...refund,
            idempotency_key: `refund_${randomUUID()}`,
            charge_key: chargeKeys.get(refund.charge_key) ?? refund.charge_key,
            order_id: id,
            outcome,
            created_at: shift(refund.created_at),
          });
          count("gateway_refunds");
        }
        for (const { id: refundId, ...refund } of refunds.get(templateId) ?? []) {
          const newId = insert.refund({
            ...refund,
            order_id: id,
            gateway_refund_id: refundIds.get(refund.gateway_refund_id as string) ?? refund.gateway_refund_id,
            created_at: shift(refund.created_at),
          }).lastInsertRowid;
          count("order_refunds");
          for (const line of refundItems.get(refundId) ?? []) {
            insert.refundItem({ ...line, refund_id: newId, order_item_id: itemIds.get(line.order_item_id) });
            count("order_refund_items");
          }
        }
        // Drafts carry no origin (it comes with the checkout call); placed orders send one about two times in three.
        if (status !== "checkout-draft" && origins.length && random() < 0.65) {
          const origin = pick(random, origins);
          const start = new Date(time - random() * 45 * 60_000).toISOString().slice(0, 19).replace("T", " ");
          insert.origin({ ...origin, order_id: id, ...(origin.session_start_time ? { session_start_time: start } : {}) });
          count("order_attribution");
        }
      }
    })();

    let busy = 0;
    for (const [k, orders] of orderCount) if (orders > (orderCount.get(busy) ?? 0)) busy = k;
    const month = dayOf(now).slice(0, 7);
    const lastMonthEnd = new Date(Date.parse(`${month}-01T00:00:00.000Z`) - DAY_MS);
    return {
      orders: options.orders,
      accounts: options.accounts,
      guests: options.guests,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      rows,
      statuses,
      today: times.filter((time) => time >= midnight).length,
      thisMonth: times.filter((time) => dayOf(time).startsWith(month)).length,
      firstId,
      lastId: firstId + options.orders - 1,
      busyEmail: accounts[busy]?.email ?? "",
      lastMonth: { from: `${dayOf(lastMonthEnd.getTime()).slice(0, 7)}-01`, to: dayOf(lastMonthEnd.getTime()) },
    };
  } finally {
    db.close();
  }
}

/** One owner API call of the scenario: a name, its path (given the request's number, to vary it) and what its answer must hold. */
export interface OwnerCall {
  name: string;
  path: (n: number) => string;
  /** Checked on one answer before the load: a call that finds nothing would measure nothing. */
  check: (body: Record<string, unknown>) => string | undefined;
}

const hasOrders = (body: Record<string, unknown>) =>
  Array.isArray(body.orders) && body.orders.length > 0 ? undefined : "answered no orders";

const hasCustomers = (body: Record<string, unknown>) =>
  Array.isArray(body.customers) && body.customers.length > 0 ? undefined : "answered no customers";

/** The console's calls, as its pages make them (apps/web/app/features/admin/…), over the seeded shop. */
export function ownerCalls(facts: SeedFacts): OwnerCall[] {
  const orders = `${ADMIN}/orders`;
  const fixed = (path: string) => () => path;
  return [
    { name: "orders: first page (all)", path: fixed(orders), check: hasOrders },
    { name: "orders: status tab (processing)", path: fixed(`${orders}?status=processing`), check: hasOrders },
    {
      // 40 % into the list: page 2,000 of 5,000 at 100,000 orders.
      name: "orders: by total desc, deep page",
      path: fixed(`${orders}?orderby=total&order=desc&page=${Math.max(1, Math.floor((facts.orders * 0.4) / 20))}`),
      check: hasOrders,
    },
    { name: "orders: search email", path: fixed(`${orders}?search=${encodeURIComponent(facts.busyEmail)}`), check: hasOrders },
    { name: "orders: search product (denim)", path: fixed(`${orders}?search=denim`), check: hasOrders },
    {
      name: "orders: date range (last month)",
      path: fixed(`${orders}?from=${facts.lastMonth.from}&to=${facts.lastMonth.to}`),
      check: hasOrders,
    },
    { name: "orders: origin (utm google)", path: fixed(`${orders}?source_type=utm&source=google`), check: hasOrders },
    {
      name: "order view",
      // A different order each request, over the whole year.
      path: (n) => `${orders}/${facts.firstId + ((n * 7919) % facts.orders)}`,
      check: (body) => (Array.isArray(body.lines) && body.lines.length > 0 ? undefined : "answered an order without lines"),
    },
    {
      name: "reports/overview (30 days)",
      path: fixed(`${ADMIN}/reports/overview`),
      check: (body) => (JSON.stringify(body).includes('"sales"') ? undefined : "answered no sales"),
    },
    {
      name: "customers (by name)",
      path: fixed(`${ADMIN}/customers`),
      check: hasCustomers,
    },
    {
      name: "customers (by spend)",
      path: fixed(`${ADMIN}/customers?sort=spend&order=desc`),
      check: hasCustomers,
    },
    {
      name: "orders/updates (the poll)",
      // The console asks with the newest number it shows: here two orders came since.
      path: fixed(`${orders}/updates?after_id=${facts.lastId - 2}`),
      check: (body) => (Array.isArray(body.orders) && body.orders.length === 2 ? undefined : "did not answer the 2 new orders"),
    },
  ];
}
