import { expect, it } from "vitest";
import { createTestShop } from "../../../../../test/app.ts";
import { productId, StoreClient, testBilling, testCard } from "../../../../../test/store-client.ts";
import { down, up } from "./043_download_chunks.ts";

/**
 * Migration 043 down and up again on a shop with a granted, downloaded file, on SQLite (where it
 * rebuilds download_permissions with foreign keys off) and PostgreSQL: the permission, its log and
 * the bytes stay, and the foreign keys still cascade from the order's lines.
 */
it("keeps a permission, its log and the file's bytes, and the foreign keys still cascade", async () => {
  const shop = await createTestShop({ rateLimit: false });
  const shopper = new StoreClient(shop.app);
  await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, "gift-card"), quantity: 1 });
  const placed = await shopper.post("/checkout", {
    billing_address: testBilling("a@example.com"),
    payment_method: "test_card",
    payment_data: testCard(),
  });
  expect(placed.statusCode).toBe(200);
  const item = await shop.db.selectFrom("order_items").select(["id", "order_id"]).executeTakeFirstOrThrow();
  const product = await shop.db.selectFrom("products").select("id").executeTakeFirstOrThrow();
  const f = await shop.db
    .insertInto("download_files")
    .values({
      product_id: product.id,
      name: "x",
      position: 0,
      file_name: "x",
      content_type: "text/plain",
      size: 1,
      created_at: "2026",
      digest: "",
      chunk_bytes: 262144,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await shop.db
    .insertInto("download_file_chunks")
    .values({ file_id: f.id, seq: 0, data: Buffer.from("x") })
    .execute();
  const p = await shop.db
    .insertInto("download_permissions")
    .values({
      download_key: "k",
      order_id: item.order_id,
      order_item_id: item.id,
      file_id: f.id,
      product_id: product.id,
      email: "e",
      granted_at: "2026",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await shop.db.insertInto("download_log").values({ permission_id: p.id, at: "2026", ip: "1" }).execute();
  await down(shop.db as never);
  await up(shop.db as never);
  expect(await shop.db.selectFrom("download_log").selectAll().execute()).toHaveLength(1);
  expect(await shop.db.selectFrom("download_permissions").selectAll().execute()).toHaveLength(1);
  const chunks = await shop.db.selectFrom("download_file_chunks").selectAll().execute();
  expect(chunks.map((c) => Buffer.from(c.data).toString())).toEqual(["x"]);
  // Deleting the order still cascades to its permissions and their log (the foreign keys kept their targets).
  await shop.db.deleteFrom("order_items").where("order_id", "=", item.order_id).execute();
  expect(await shop.db.selectFrom("download_log").selectAll().execute()).toHaveLength(0);
  await shop.close();
});
