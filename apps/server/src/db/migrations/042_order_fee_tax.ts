/**
 * Each fee an order keeps says how it was taxed (decision 0101): its line id on the order, its tax
 * status and its tax class ("" the standard class), so that an edit of an unpaid order prices the fee
 * again in its own class, and documents list fees by line. A data change of `orders.fee_lines` (JSON),
 * orders read a page at a time. Existing fees are backfilled:
 *  - id: `fee-<position>`, as the cart numbers its fees;
 *  - a fee named as one of the shop's cart fees (settings): that fee's status and class, which the
 *    checkout priced it by;
 *  - any other (the owner's by hand, an extension's): taxable when it was taxed; its class the one a
 *    tax rate of which gives exactly the tax kept (the standard class first, then the classes' order),
 *    else the standard class.
 * And `orders.staff_edited`: 1 once a member of staff changed the order (its items, status or an
 * address), so that the shopper's next checkout from its cart makes a new order rather than rewrite
 * the owner's (decision 0101); backfilled from the orders' history (a staff status or address event,
 * or the note an edit of the items leaves).
 * Down drops the column and leaves the fees' added keys: every reader of the old shape ignores them.
 */
import { type Kysely, sql } from "kysely";

interface OldFee {
  id?: string;
  name?: string;
  total?: string;
  total_tax?: string;
  tax_status?: string;
  tax_class?: string;
}

const PAGE = 500;

/** Half away from zero, as the pricing rounds a fee's tax. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("staff_edited", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update orders set staff_edited = 1 where exists (
    select 1 from order_events e where e.order_id = orders.id and e.actor_type in ('owner', 'manager')
      and (e.type in ('status', 'address') or (e.type = 'note' and e.data like '%"note":"Items edited by %'))
  )`.execute(db);
  const any = db as unknown as Kysely<{
    orders: { id: number; fee_lines: string };
    settings: { key: string; value: string };
    tax_rates: { rate: string; tax_class: string };
    tax_classes: { slug: string; sort_order: number };
  }>;
  const setting = await any.selectFrom("settings").select("value").where("key", "=", "cartFees").executeTakeFirst();
  const shopFees = new Map<string, { taxable: boolean; taxClass: string }>();
  for (const fee of (setting ? (JSON.parse(setting.value) as { name?: string; taxable?: boolean; taxClass?: string }[]) : []) ?? [])
    if (fee?.name) shopFees.set(fee.name.trim().toLowerCase(), { taxable: fee.taxable !== false, taxClass: fee.taxClass ?? "" });
  const classOrder = (
    await any.selectFrom("tax_classes").select(["slug", "sort_order"]).orderBy("sort_order").orderBy("slug").execute()
  ).map((row) => row.slug);
  const ratesByClass = new Map<string, number[]>();
  for (const rate of await any.selectFrom("tax_rates").select(["rate", "tax_class"]).execute()) {
    const list = ratesByClass.get(rate.tax_class) ?? [];
    list.push(Number(rate.rate));
    ratesByClass.set(rate.tax_class, list);
  }
  const classOf = (total: number, tax: number) => {
    for (const slug of ["", ...classOrder])
      if ((ratesByClass.get(slug) ?? []).some((rate) => roundHalfAway((total * rate) / 100) === tax)) return slug;
    return "";
  };

  let after = 0;
  for (;;) {
    const rows = await any
      .selectFrom("orders")
      .select(["id", "fee_lines"])
      .where("id", ">", after)
      .where("fee_lines", "<>", "[]")
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (!rows.length) break;
    for (const row of rows) {
      after = row.id;
      let fees: OldFee[];
      try {
        fees = JSON.parse(row.fee_lines) as OldFee[];
      } catch {
        continue;
      }
      if (!Array.isArray(fees) || !fees.length) continue;
      const filled = fees.map((fee, index) => {
        const total = Number(fee.total) || 0;
        const tax = Number(fee.total_tax) || 0;
        const shop = shopFees.get(
          String(fee.name ?? "")
            .trim()
            .toLowerCase(),
        );
        const taxable = fee.tax_status ? fee.tax_status === "taxable" : shop ? shop.taxable : tax !== 0;
        const taxClass = fee.tax_class ?? (!taxable ? "" : shop ? shop.taxClass : tax !== 0 ? classOf(total, tax) : "");
        return {
          ...fee,
          id: fee.id || `fee-${index + 1}`,
          tax_status: taxable ? "taxable" : "none",
          tax_class: taxClass,
        };
      });
      await any
        .updateTable("orders")
        .set({ fee_lines: JSON.stringify(filled) })
        .where("id", "=", row.id)
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The fees' keys added stay: the shape before read only name, total and total_tax.
  await db.schema.alterTable("orders").dropColumn("staff_edited").execute();
}
