/**
 * The console's navigation numbers on SQLite and PostgreSQL: the frame of /admin, rendered by the
 * server, carries how many orders wait to be fulfilled and how many reviews wait for approval, as
 * the database has them, for the owner and a manager; a shopper's page carries neither.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { signedIn, signedInManager, signedInOwner } from "../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../test/store-client.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false, web: true });
});
afterAll(() => shop.close());

/** The /admin page's HTML for this visitor. */
async function consolePage(client: StoreClient): Promise<string> {
  const response = await shop.app.inject({ url: "/admin", headers: { cookie: client.credentials().cookie ?? "" } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The text of a navigation number's description, or null when the item shows none. */
const countText = (html: string, key: "orders" | "reviews") =>
  html.match(new RegExp(`<span id="admin-nav-count-${key}" hidden="">([^<]*)</span>`))?.[1] ?? null;

/** How many rows of a table have a status, straight from the database. */
const countOf = async (table: "orders" | "product_reviews", status: string) => {
  const rows = await shop.db.selectFrom(table).select("status").execute();
  return rows.filter((row) => row.status === status).length;
};

describe("the console's navigation numbers", () => {
  it("show the orders to fulfil and the reviews waiting, and follow a new order and a new review", async () => {
    const owner = await signedInOwner(shop);
    const before = await consolePage(owner);
    const processing = await countOf("orders", "processing");
    const pending = await countOf("product_reviews", "pending");
    expect(countText(before, "orders")).toBe(processing ? `${processing} to fulfil` : null);
    expect(countText(before, "reviews")).toBe(pending ? `${pending} awaiting approval` : null);

    // A shopper pays on delivery (processing) and writes a review (held for approval).
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, "beanie"), quantity: 1 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("nav@example.com"), payment_method: "cod" });
    expect(placed.json().status).toBe("processing");
    const review = await shopper.post("/products/reviews", {
      product_id: await productId(shop.app, "beanie"),
      reviewer: "Nav Reviewer",
      reviewer_email: "nav@example.com",
      rating: 5,
      review: "Warm and soft.",
    });
    expect(review.json().status).toBe("pending");

    const after = await consolePage(owner);
    expect(countText(after, "orders")).toBe(`${processing + 1} to fulfil`);
    expect(countText(after, "reviews")).toBe(`${pending + 1} awaiting approval`);
    // The figure is shown; its words describe the link.
    expect(after).toMatch(/aria-describedby="admin-nav-count-orders"/);
  });

  it("are a manager's too, and never on a shopper's page", async () => {
    const manager = await signedInManager(shop.app, shop.db, "manager@console-nav.test");
    expect(countText(await consolePage(manager), "orders")).toMatch(/^\d+ to fulfil$/);
    const shopper = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const html = await consolePage(shopper);
    expect(html).toContain("This area is for the shop owner");
    expect(html).not.toContain("admin-nav-count");
  });
});
