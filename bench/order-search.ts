/**
 * node bench/order-search.ts [orders]: the owner's order list searched at 100,000 orders (default)
 * on SQLite (decision 0039). Writes the orders straight to the table (varied names, e-mail domains
 * and one to three lines each), fills their search terms as migration 022 fills an existing shop's,
 * then times GET /api/admin/v1/orders?search=… and the CSV export through the app, and prints the
 * query plans of one list call. BENCH_DB=<file> keeps the database for another run. Never part of npm test.
 */
import { existsSync } from "node:fs";
import { CompiledQuery, Kysely, SqliteDialect, sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { type Database, migrateToLatest, openSqlite } from "../apps/server/src/db/index.ts";
import { down, up } from "../apps/server/src/db/migrations/022_order_search_terms.ts";
import { ensureOwner } from "../apps/server/src/modules/customers/index.ts";
import { seedDemoShop } from "../apps/server/src/seed/index.ts";
import { StoreClient } from "../test/store-client.ts";

const ORDERS = Number(process.argv[2] ?? 100_000);
const file = process.env.BENCH_DB ?? ":memory:";
const kept = file !== ":memory:" && existsSync(file);
/** The statements of the call being explained; null while nothing is recorded. */
let recorded: { sql: string; parameters: readonly unknown[] }[] | null = null;
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: openSqlite(file) }),
  log: (event) => {
    if (event.level === "query") recorded?.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});
await migrateToLatest(db);
await seedDemoShop(db);
await ensureOwner(db, "owner@example.com", "owner-password-2026");

const FIRST = ["Ann", "Jane", "John", "José", "Zoë", "Marie", "Lukas", "Aisha", "Chen", "Olga"];
const FIRST_MORE = ["Pierre", "Sven", "Maria", "Ahmed", "Kenji", "Fatima", "Liam", "Noah", "Emma", "Mia"];
const FIRSTS = [...FIRST, ...FIRST_MORE];
const SURNAMES = ["Smith", "Doe", "Müller", "García", "Brown", "Nguyen", "Rossi", "Dubois", "Kowalski", "Silva"];
/** 400 surnames: the ten above, then each with two letters after it. */
const LAST = Array.from({ length: 400 }, (_, i) => {
  const base = SURNAMES[i % 10] as string;
  return i < 10 ? base : `${base}${String.fromCharCode(97 + (i % 26), 97 + ((i * 7) % 26))}`;
});
const DOMAINS = Array.from(
  { length: 40 },
  (_, i) => `${["example", "mail", "inbox", "post", "shop"][i % 5]}${i}.${["com", "org", "net", "co.uk"][i % 4]}`,
);
const KINDS = ["Hoodie with Logo", "Classic T-Shirt", "Beanie", "Cap", "Sunglasses", "Belt", "Polo", "Album", "Single"];
const KINDS_MORE = ["Long Sleeve Tee", "Hoodie with Zipper", "V-Neck T-Shirt"];
const COLOURS = ["Red", "Blue", "Green", "Black", "White", "Grey", "Navy", "Olive", "Sand", "Rose"];
/** 120 products: twelve kinds in ten colours. */
const PRODUCTS = Array.from({ length: 120 }, (_, i) => `${[...KINDS, ...KINDS_MORE][i % 12]} ${COLOURS[Math.floor(i / 12)]}`);
const STATUSES = ["pending", "processing", "processing", "completed", "completed", "on-hold", "failed", "cancelled"] as const;
const ascii = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

function order(i: number) {
  const first = FIRSTS[i % FIRSTS.length] as string;
  const last = LAST[(i * 13) % LAST.length] as string;
  const email = `${ascii(first)}.${ascii(last)}${i}@${DOMAINS[(i * 7) % DOMAINS.length]}`;
  return {
    cart_id: `bench${i}`,
    status: STATUSES[i % STATUSES.length] as (typeof STATUSES)[number],
    order_key: `wc_order_bench${i}`,
    customer_id: null,
    billing_email: email,
    billing_address: JSON.stringify({ first_name: first, last_name: last, email, country: "US" }),
    shipping_address: "{}",
    customer_note: "",
    payment_method: "cod",
    payment_method_title: "Cash on delivery",
    payment_details: "[]",
    transaction_id: "",
    currency: "USD",
    total: (i * 7919) % 100_000,
    total_tax: 0,
    total_shipping: 0,
    total_discount: 0,
    totals: "{}",
    shipping_lines: "[]",
    fee_lines: "[]",
    additional_fields: "{}",
    extensions: "{}",
    stock_taken: 1 as const,
    created_at: new Date(Date.UTC(2024, 0, 1) + i * 300_000).toISOString(),
    updated_at: "2025-01-01T00:00:00.000Z",
    paid_at: null,
    payment_attempt: "",
    emails_due: 0 as const,
    total_refunded: 0,
    staff_edited: 0 as const,
  };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
if (!kept) {
  const started = performance.now();
  for (let from = 1; from <= ORDERS; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, ORDERS - from + 1) }, (_, k) => order(from + k));
    const ids = await db.insertInto("orders").values(rows).returning("id").execute();
    const lines = ids.flatMap(({ id }) =>
      Array.from({ length: 1 + (id % 3) }, (_, k) => ({
        order_id: id,
        product_id: 1,
        variation_id: null,
        name: PRODUCTS[(id * 31 + k * 17) % PRODUCTS.length] as string,
        sku: "",
        quantity: 1,
        variation: "[]",
        subtotal: 1000,
        subtotal_tax: 0,
        total: 1000,
        total_tax: 0,
        position: k,
        refunded_quantity: 0,
        refunded_total: 0,
        restocked_quantity: 0,
      })),
    );
    await db.insertInto("order_items").values(lines).execute();
  }
  console.log(`${ORDERS} orders written in ${seconds(started)} s`);
  // The orders went past the repo, as an existing shop's did before the migration: it runs again over them.
  const filling = performance.now();
  await down(db as unknown as Kysely<unknown>);
  await up(db as unknown as Kysely<unknown>);
  const terms = await db
    .selectFrom("order_search_terms")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  console.log(`migration 022 filled ${terms.n} terms in ${seconds(filling)} s`);
  await sql`analyze`.execute(db);
}

const app = await buildApp({
  config: { logLevel: "silent", production: false, secret: "bench-secret-bench-secret-bench-secret!", rateLimit: false },
  db,
  logger: false,
  web: false,
  extensions: [],
});
await app.ready();
const owner = new StoreClient(app, "browser");
await owner.get("/cart");
await owner.post("/account/sign-in", { email: "owner@example.com", password: "owner-password-2026" });

const sample = await db
  .selectFrom("orders")
  .select(["billing_email", "billing_address"])
  .where("id", "=", 42_424)
  .executeTakeFirstOrThrow();
const who = JSON.parse(sample.billing_address) as { first_name: string; last_name: string };
const [local, domain] = sample.billing_email.split("@") as [string, string];
const SEARCHES: [string, string][] = [
  ["email, whole", sample.billing_email],
  ["email, its start", `${local}@`],
  ["email, first letters", local.slice(0, 8)],
  ["email domain (1 in 40)", domain],
  ["first name (1 in 20)", who.first_name],
  ["surname (1 in 400)", who.last_name],
  ["first name and surname", `${who.first_name} ${who.last_name}`],
  ["product word (1 in 6 products)", "hoodie"],
  ["two product words", "beanie navy"],
  ["first name and product", `${who.first_name} sunglasses`],
  ["a number", "4242"],
  ["#number", "#4242"],
  ["nothing found", "zzzz"],
];

const list = (search: string) => owner.get(`/api/admin/v1/orders?search=${encodeURIComponent(search)}&per_page=20`);
for (const [label, search] of SEARCHES) {
  const first = await list(search);
  const runs: number[] = [];
  for (let n = 0; n < 15; n++) {
    const started = performance.now();
    await list(search);
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  const ms = (value: number | undefined) => (value ?? 0).toFixed(1);
  console.log(
    `${label.padEnd(32)} ${JSON.stringify(search).padEnd(30)} ${String(first.json().total).padStart(6)} found, median ${ms(runs[7])} ms, min ${ms(runs[0])}, max ${ms(runs[14])}`,
  );
}

for (const search of ["hoodie", who.last_name, `${local}@`]) {
  const started = performance.now();
  const csv = await owner.get(`/api/admin/v1/orders/export.csv?search=${encodeURIComponent(search)}`);
  console.log(
    `export ${JSON.stringify(search)}: ${csv.body.trim().split("\n").length - 1} orders in ${(performance.now() - started).toFixed(0)} ms`,
  );
}

/** The plans of the statements of one list call that read orders: the count and the page. */
async function explain(search: string) {
  recorded = [];
  await list(search);
  const statements = recorded.filter((query) => query.sql.includes("order_search_terms"));
  recorded = null;
  console.log(`\nplans of the list searched for ${JSON.stringify(search)}`);
  for (const statement of statements) {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    console.log(`  ${statement.sql.startsWith("select count") ? "count" : "page "}: ${plan.rows.map((row) => row.detail).join(" / ")}`);
  }
}
await explain(`${local}@`);
await explain("hoodie");
await explain(`${who.first_name} sunglasses`);
await app.close();
await db.destroy();
