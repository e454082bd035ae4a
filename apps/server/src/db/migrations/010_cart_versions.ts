/**
 * What lets a process reuse a priced cart (decision 0015): every cart carries a version that
 * triggers move on any write to the cart or its lines and coupons, and coupons get a revision
 * counter like the other priced tables (003), since usage counts and expiry decide a cart's totals.
 * Versions are random, never + 1, for the reason 003 gives: a rolled-back write must not hand its
 * number to a different change.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "./helpers.ts";

const CART_CHILDREN = ["cart_items", "cart_coupons"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable("carts")
    .addColumn("version", postgres ? "bigint" : "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("revisions" as never)
    .values({ name: "coupons", value: 1 } as never)
    .execute();

  if (postgres) {
    // A write that sets the version itself (cart.repo's touchCart) keeps it; any other gets a fresh one.
    await sql`create function cw_cart_version_self() returns trigger language plpgsql as $$
      begin
        if new.version = old.version then new.version := floor(random() * 4503599627370496)::bigint; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger carts_version before update on carts for each row execute function cw_cart_version_self()`.execute(db);
    await sql`create function cw_cart_version_child() returns trigger language plpgsql as $$
      begin
        update carts set version = floor(random() * 4503599627370496)::bigint
          where id = case when tg_op = 'DELETE' then old.cart_id else new.cart_id end;
        return null;
      end $$`.execute(db);
    for (const table of CART_CHILDREN) {
      await sql
        .raw(`create trigger ${table}_cart_version after insert or update or delete on ${table}
              for each row execute function cw_cart_version_child()`)
        .execute(db);
    }
    await sql`create trigger coupons_revision after insert or update or delete or truncate on coupons
              for each statement execute function cw_bump_revision('coupons')`.execute(db);
    return;
  }

  await sql`create trigger carts_version after update on carts when new.version = old.version
            begin update carts set version = random() >> 11 where id = new.id; end`.execute(db);
  for (const table of CART_CHILDREN) {
    for (const [event, row] of [
      ["insert", "new"],
      ["update", "new"],
      ["delete", "old"],
    ] as const) {
      await sql
        .raw(`create trigger ${table}_cart_version_${event} after ${event} on ${table}
              begin update carts set version = random() >> 11 where id = ${row}.cart_id; end`)
        .execute(db);
    }
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql
      .raw(`create trigger coupons_revision_${event} after ${event} on coupons
            begin update revisions set value = random() >> 11 where name = 'coupons'; end`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists coupons_revision on coupons`.execute(db);
    for (const table of CART_CHILDREN) await sql.raw(`drop trigger if exists ${table}_cart_version on ${table}`).execute(db);
    await sql`drop trigger if exists carts_version on carts`.execute(db);
    await sql`drop function if exists cw_cart_version_child()`.execute(db);
    await sql`drop function if exists cw_cart_version_self()`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"]) {
      await sql.raw(`drop trigger if exists coupons_revision_${event}`).execute(db);
      for (const table of CART_CHILDREN) await sql.raw(`drop trigger if exists ${table}_cart_version_${event}`).execute(db);
    }
    await sql`drop trigger if exists carts_version`.execute(db);
  }
  await db
    .deleteFrom("revisions" as never)
    .where("name" as never, "=", "coupons" as never)
    .execute();
  await db.schema.alterTable("carts").dropColumn("version").execute();
}
