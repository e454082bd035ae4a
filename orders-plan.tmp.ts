// Temporary: EXPLAIN QUERY PLAN and timings of the owner's order list at 100,000 orders (not committed).
import { sql } from "kysely";
import { openDatabase, migrateToLatest } from "./apps/server/src/db/index.ts";
import { listOrders, statusCounts } from "./apps/server/src/modules/orders/orders.admin.ts";

const db = openDatabase({ dialect: "sqlite", file: ":memory:" } as never);
await migrateToLatest(db);
await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000)
  insert into orders (cart_id, status, order_key, customer_id, billing_email, billing_address, currency, total, created_at, updated_at)
  select 'c' || i, case i % 8 when 0 then 'pending' when 1 then 'processing' when 2 then 'processing' when 3 then 'completed' when 4 then 'completed' when 5 then 'on-hold' when 6 then 'failed' else 'cancelled' end,
  'k' || i, null, 'shopper' || i || '@example.com', '{"first_name":"Ann","last_name":"B' || i || '"}', 'USD', (i * 7919) % 100000,
  strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (i * 5) || ' minutes'), '2025-01-01T00:00:00.000Z' from n`.execute(db);
await sql`insert into order_items (order_id, product_id, name, quantity, subtotal, subtotal_tax, total, total_tax, position)
  select id, 1, case id % 3 when 0 then 'Classic T-Shirt' else 'Limited print' end, 1 + id % 3, 1000, 0, 1000, 0, 0 from orders`.execute(db);
await sql`analyze`.execute(db);
const plan = async (label: string, query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
  const { sql: text, parameters } = query.compile();
  const rows = await sql.raw(`explain query plan ${text}`).execute(db).catch(() => null);
  const explained = (await db.executeQuery({ sql: `explain query plan ${text}`, parameters, query: { kind: "RawNode" } } as never)) as { rows: { detail: string }[] };
  console.log(`\n${label}\n  ${explained.rows.map((r) => r.detail).join("\n  ")}`);
  void rows;
};
const ctx = { db } as never;
const time = async (label: string, run: () => Promise<unknown>) => {
  await run();
  const start = performance.now();
  for (let i = 0; i < 5; i++) await run();
  console.log(`${label}: ${((performance.now() - start) / 5).toFixed(1)} ms`);
};
await plan("counts", db.selectFrom("orders").select(["status", (eb) => eb.fn.countAll().as("n")]).groupBy("status"));
await plan("all, newest first", db.selectFrom("orders").select("id").where("status", "<>", "checkout-draft").orderBy("created_at", "desc").orderBy("id", "desc").limit(20));
await plan("processing tab, newest first", db.selectFrom("orders").select("id").where("status", "=", "processing").orderBy("created_at", "desc").orderBy("id", "desc").limit(20));
await plan("completed tab, by total", db.selectFrom("orders").select("id").where("status", "=", "completed").orderBy("total", "asc").orderBy("id", "asc").limit(20));
await plan("date range count", db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).where("status", "<>", "checkout-draft").where("created_at", ">=", "2025-03-01").where("created_at", "<", "2025-03-08"));
await time("statusCounts", () => statusCounts(db));
await time("list all page 1", () => listOrders(ctx, { page: 1, perPage: 20 }));
await time("list processing by total page 50", () => listOrders(ctx, { status: "processing", orderby: "total", page: 50, perPage: 20 }));
await time("list a week", () => listOrders(ctx, { from: "2025-03-01", to: "2025-03-07", page: 1, perPage: 20 }));
await time("list payment method", () => listOrders(ctx, { payment_method: "cod", page: 1, perPage: 20 }));
await time("search e-mail", () => listOrders(ctx, { search: "shopper4242@", page: 1, perPage: 20 }));
await time("search product", () => listOrders(ctx, { search: "t-shirt", page: 1, perPage: 20 }));
await time("search number", () => listOrders(ctx, { search: "#4242", page: 1, perPage: 20 }));
await db.destroy();
