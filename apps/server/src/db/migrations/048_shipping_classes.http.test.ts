import { expect, it } from "vitest";
import { createTestShop } from "../../../../../test/app.ts";
import { down, up } from "./048_shipping_classes.ts";
import * as stockRevision from "./051_stock_revision.ts";

/**
 * Migration 048 down and up again, on SQLite (where the column's index must go before the column) and
 * PostgreSQL: the products keep every row, and a class can be made and given again afterwards.
 */
it("goes down and up again, keeping the products", async () => {
  const shop = await createTestShop({ rateLimit: false });
  const count = async () => (await shop.db.selectFrom("products").select("id").execute()).length;
  const before = await count();
  // Migrations go down in reverse order: 051's triggers name every column of products, this one's too.
  await stockRevision.down(shop.db as never);
  await down(shop.db as never);
  expect(await count()).toBe(before);
  await expect(shop.db.selectFrom("shipping_classes").selectAll().execute()).rejects.toThrow();
  await up(shop.db as never);
  await stockRevision.up(shop.db as never);
  const made = await shop.db
    .insertInto("shipping_classes")
    .values({ name: "Bulky", slug: "bulky" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await shop.db.updateTable("products").set({ shipping_class_id: made.id }).where("slug", "=", "beanie").execute();
  const beanie = await shop.db.selectFrom("products").select("shipping_class_id").where("slug", "=", "beanie").executeTakeFirstOrThrow();
  expect(beanie.shipping_class_id).toBe(made.id);
  expect(await count()).toBe(before);
  await shop.close();
});
