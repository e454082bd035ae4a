/**
 * Downloads on the shopper's pages (decision 0094), server-rendered: the order-received page and
 * the account's order page list a paid order's files with what is left and a link; My account >
 * Downloads lists the customer's usable ones; a refused link lands on the shop's page saying why,
 * with the refusal's status.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { PageBrowser } from "../../../../../test/browser.ts";
import { productId, testBilling, testCard } from "../../../../../test/store-client.ts";

let shop: TestShop;
let giftCard: number;
const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");

beforeAll(async () => {
  shop = await createTestShop({ web: true, rateLimit: false });
  giftCard = await productId(shop.app, "gift-card");
  await shop.db
    .updateTable("products")
    .set({ downloadable: 1, download_limit: 3, download_expiry_days: null })
    .where("id", "=", giftCard)
    .execute();
  const file = await shop.db
    .insertInto("download_files")
    .values({
      product_id: giftCard,
      name: "Knitting pattern",
      position: 0,
      file_name: "pattern.pdf",
      content_type: "application/pdf",
      size: PDF.length,
      created_at: new Date().toISOString(),
      digest: createHash("sha256").update(PDF).digest("hex"),
      chunk_bytes: 262_144,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await shop.db.insertInto("download_file_chunks").values({ file_id: file.id, seq: 0, data: PDF }).execute();
});
afterAll(() => shop?.close());

async function buy(browser: PageBrowser, email: string) {
  await browser.api("POST", "/cart/add-item", { id: giftCard, quantity: 1 });
  const order = await browser.api("POST", "/checkout", {
    billing_address: testBilling(email),
    payment_method: "test_card",
    payment_data: testCard(),
  });
  return { id: order.order_id as number, key: order.order_key as string };
}

const keyOf = async (orderId: number) =>
  (await shop.db.selectFrom("download_permissions").select("download_key").where("order_id", "=", orderId).executeTakeFirstOrThrow())
    .download_key;

describe("a guest's order", () => {
  it("lists the download on the order-received page, and the count goes down as it is used", async () => {
    const guest = new PageBrowser(() => shop.app);
    const order = await buy(guest, "gwen@example.com");
    const key = await keyOf(order.id);
    const page = await guest.get(`/checkout/order-received/${order.id}?key=${order.key}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2 id="order-downloads-title">Downloads</h2>');
    expect(page.body).toContain(`href="/download/${key}"`);
    expect(page.body).toContain("3 left");
    expect(page.body).toContain("Never");

    expect((await guest.get(`/download/${key}`)).statusCode).toBe(200);
    expect((await guest.get(`/checkout/order-received/${order.id}?key=${order.key}`)).body).toContain("2 left");
  });
});

describe("a customer's downloads", () => {
  it("shows them on the order page and My account > Downloads, and asks a signed-out browser to sign in", async () => {
    const ada = new PageBrowser(() => shop.app);
    expect((await ada.post("/my-account", { intent: "register", email: "ada@example.com", password: "long-enough-1" })).statusCode).toBe(
      303,
    );
    const empty = await ada.get("/my-account/downloads");
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain("You have no downloads available yet.");
    expect(empty.body).toContain('href="/my-account/downloads"');

    const order = await buy(ada, "ada@example.com");
    const key = await keyOf(order.id);
    const list = await ada.get("/my-account/downloads");
    expect(list.body).toContain("Knitting pattern");
    expect(list.body).toContain(`href="/download/${key}"`);
    expect(list.body).toContain(`href="/my-account/orders/${order.id}"`);
    expect((await ada.get(`/my-account/orders/${order.id}`)).body).toContain(`href="/download/${key}"`);

    const file = await ada.get(`/download/${key}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain("pattern.pdf");

    // Used up: no longer listed on the Downloads page.
    await shop.db.updateTable("download_permissions").set({ downloads_remaining: 0 }).where("download_key", "=", key).execute();
    expect((await ada.get("/my-account/downloads")).body).not.toContain(`/download/${key}`);
    const usedUp = await ada.get(`/download/${key}`);
    expect(usedUp.headers.location).toBe("/download/problem/used-up");
    const problem = await ada.get("/download/problem/used-up");
    expect(problem.statusCode).toBe(410);
    expect(problem.body).toContain("No downloads left");

    const stranger = new PageBrowser(() => shop.app);
    const refused = await stranger.get(`/download/${key}`);
    expect(refused.statusCode).toBe(303);
    const signIn = await stranger.get(refused.headers.location as string);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.body).toContain("Sign in to download");
    expect(signIn.body).toContain(`href="/my-account?redirect=${encodeURIComponent(`/download/${key}`)}"`);
  });

  it("answers an unknown reason as the not-found page", async () => {
    const page = await new PageBrowser(() => shop.app).get("/download/problem/whatever");
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("This download link does not work");
  });
});
