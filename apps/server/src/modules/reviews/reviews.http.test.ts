/**
 * Product reviews (decision 0090) on SQLite and PostgreSQL: the Store API's listing and its filters,
 * writing with every refusal, the owner's settings, verified owners, moderation and the product's
 * figures following its approved rated reviews, and the listing's rating filter.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOutbox, createTestShop, newOutbox, type TestShop } from "../../../../../test/app.ts";
import {
  ADMIN,
  adminCall,
  fieldMessages,
  settingsGroups,
  signedIn,
  signedInManager,
  signedInOwner,
} from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own reader, not the module's code
import { outboxFilesOf, parseEml } from "../emails/eml.test-support.ts";

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;
let beanie: number;
let secret: number;
let mug: number;
const groups = settingsGroups(() => owner);

const DEFAULTS = {
  reviews_enabled: true,
  verified_owners_only: false,
  ratings_enabled: true,
  ratings_required: true,
  hold_for_approval: true,
  show_verified_label: true,
};

const reviewsOf = (query: string) => shop.app.inject(`/api/store/v1/products/reviews${query}`);
const product = async (id: number) => (await shop.app.inject(`/api/store/v1/products/${id}`)).json();
let written = 0;
/** A guest's review body, unique text each time unless given. */
const body = (fields: Record<string, unknown> = {}) => ({
  product_id: tShirt,
  reviewer: "Rita Reviewer",
  reviewer_email: "rita@example.com",
  rating: 4,
  review: `Fits well and washes well, review number ${++written}.`,
  ...fields,
});
const write = (fields: Record<string, unknown> = {}, client = new StoreClient(shop.app)) => client.post("/products/reviews", body(fields));
const setReviews = (fields: Partial<typeof DEFAULTS>) => groups.saved("reviews", { ...DEFAULTS, ...fields });
const approve = (ids: number[]) => adminCall(owner, "POST", "/reviews/bulk", { ids, action: "approve" });

/** The product's approved rated reviews' figures, from the rows. */
async function rowFigures(id: number) {
  const rows = await shop.db
    .selectFrom("product_reviews")
    .select("rating")
    .where("product_id", "=", id)
    .where("status", "=", "approved")
    .where("rating", "is not", null)
    .execute();
  const sum = rows.reduce((a, r) => a + (r.rating ?? 0), 0);
  return { count: rows.length, average: rows.length ? (Math.round((sum * 100) / rows.length) / 100).toFixed(2) : "0.00" };
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  tShirt = await productId(shop.app, "classic-t-shirt");
  beanie = await productId(shop.app, "beanie");
  mug = await productId(shop.app, "discontinued-mug");
  secret = Number((await shop.db.selectFrom("products").select("id").where("slug", "=", "secret-item").executeTakeFirstOrThrow()).id);
});
afterAll(() => shop.close());

describe("the demo's reviews", () => {
  it("are real rows: every product's average and count follow its approved rated reviews", async () => {
    const products = (await shop.app.inject("/api/store/v1/products?per_page=100")).json() as {
      id: number;
      average_rating: string;
      review_count: number;
    }[];
    expect(products.length).toBeGreaterThanOrEqual(24);
    for (const p of products) {
      const figures = await rowFigures(p.id);
      expect({ id: p.id, average: p.average_rating, count: p.review_count }).toEqual({ id: p.id, ...figures });
    }
    expect((await product(tShirt)).review_count).toBe(41);
    expect((await product(tShirt)).average_rating).toBe("4.61");
  });
});

describe("GET /products/reviews", () => {
  it("lists approved reviews newest first in WooCommerce's shape, with the paging headers", async () => {
    const response = await reviewsOf(`?product_id=${tShirt}&per_page=5`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-wp-total"]).toBe("41");
    expect(response.headers["x-wp-totalpages"]).toBe("9");
    expect(response.headers.link).toContain('rel="next"');
    const reviews = response.json();
    expect(reviews).toHaveLength(5);
    expect(Object.keys(reviews[0]).sort()).toEqual(
      [
        "id",
        "date_created",
        "formatted_date_created",
        "date_created_gmt",
        "product_id",
        "product_name",
        "product_permalink",
        "product_image",
        "reviewer",
        "review",
        "rating",
        "verified",
        "owner_reply",
      ].sort(),
    );
    expect(reviews[0]).toMatchObject({
      product_id: tShirt,
      product_name: "Classic T-Shirt",
      product_permalink: "/product/classic-t-shirt",
    });
    expect(reviews[0].review).toMatch(/^<p>.*<\/p>$/s);
    expect(reviews[0].product_image.src).toMatch(/^\/media\//);
    expect(JSON.stringify(reviews)).not.toMatch(/gravatar|@example\.net/);
    const dates = reviews.map((r: { date_created_gmt: string }) => r.date_created_gmt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by products and categories, orders by rating, and pages by offset", async () => {
    const both = await reviewsOf(`?product_id[]=${tShirt}&product_id[]=${beanie}&per_page=100`);
    expect(Number(both.headers["x-wp-total"])).toBe(41 + 18);
    expect(new Set(both.json().map((r: { product_id: number }) => r.product_id))).toEqual(new Set([tShirt, beanie]));
    const category = (await shop.db.selectFrom("categories").select("id").where("slug", "=", "art-books").executeTakeFirstOrThrow()).id;
    const inCategory = await reviewsOf(`?category_id=${category}&per_page=100`);
    const names = new Set(inCategory.json().map((r: { product_name: string }) => r.product_name));
    expect(names.has("Limited Print")).toBe(true);
    expect(names.has("Classic T-Shirt")).toBe(false);
    const low = (await reviewsOf(`?product_id=${tShirt}&orderby=rating&order=asc&per_page=1`)).json();
    const high = (await reviewsOf(`?product_id=${tShirt}&orderby=rating&order=desc&per_page=1`)).json();
    expect(low[0].rating).toBeLessThan(high[0].rating);
    const all = (await reviewsOf(`?product_id=${tShirt}&per_page=3`)).json();
    const offset = await reviewsOf(`?product_id=${tShirt}&per_page=2&offset=1`);
    expect(offset.json().map((r: { id: number }) => r.id)).toEqual(all.slice(1, 3).map((r: { id: number }) => r.id));
    expect(offset.headers["x-wp-total"]).toBe("40");
  });

  it("leaves out hidden and draft products' reviews, and refuses bad parameters by name", async () => {
    const at = new Date().toISOString();
    await shop.db
      .insertInto("product_reviews")
      .values({
        product_id: secret,
        customer_id: null,
        reviewer_name: "Hidden",
        reviewer_email: "hidden@example.com",
        rating: 5,
        content: "Secret review",
        status: "approved",
        previous_status: null,
        verified: 0,
        reply: null,
        reply_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect((await reviewsOf(`?product_id=${secret}`)).json()).toEqual([]);
    const bad = await reviewsOf("?product_id=abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("rest_invalid_param");
    expect(Object.keys(fieldMessages(bad))).toEqual(["product_id"]);
    expect((await reviewsOf("?orderby=stars")).statusCode).toBe(400);
  });
});

describe("writing a review", () => {
  it("holds a guest's review for approval: it is not listed and the figures stay", async () => {
    const before = await product(tShirt);
    const response = await write();
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: "pending", message: "Thank you! Your review is awaiting approval.", review: null });
    const row = await shop.db.selectFrom("product_reviews").selectAll().where("id", "=", response.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", reviewer_email: "rita@example.com", rating: 4, verified: 0, customer_id: null });
    const after = await product(tShirt);
    expect([after.average_rating, after.review_count]).toEqual([before.average_rating, before.review_count]);
    expect((await reviewsOf(`?product_id=${tShirt}&per_page=100`)).json().some((r: { id: number }) => r.id === row.id)).toBe(false);
  });

  it("names every wrong field", async () => {
    const response = await write({ reviewer: " ", reviewer_email: "not-an-email", rating: null, review: "x" });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response)).toEqual({
      reviewer: "Enter your name.",
      reviewer_email: "Enter a valid email address.",
      rating: "Please select a rating.",
      review: "Write your review.",
    });
    expect(fieldMessages(await write({ rating: 6 }))).toEqual({ rating: "Choose a rating from 1 to 5 stars." });
    expect(fieldMessages(await write({ reviewer_email: "" }))).toEqual({ reviewer_email: "Enter your email address." });
    expect(fieldMessages(await write({ review: "y".repeat(5001) }))).toEqual({ review: "Your review can be at most 5000 characters." });
    expect((await write({ rating: "five" })).statusCode).toBe(400);
    expect(await shop.db.selectFrom("product_reviews").select("id").where("reviewer_email", "=", "not-an-email").execute()).toEqual([]);
  });

  it("refuses a product that is missing or hidden, a write without the nonce, and the same review twice", async () => {
    expect((await write({ product_id: 999999 })).json().code).toBe("cw_rest_product_invalid_id");
    expect((await write({ product_id: secret })).statusCode).toBe(404);
    const browser = new StoreClient(shop.app, "browser");
    await browser.get("/cart");
    const forged = await shop.app.inject({
      method: "POST",
      url: "/api/store/v1/products/reviews",
      headers: { cookie: browser.credentials().cookie ?? "", "content-type": "application/json" },
      payload: JSON.stringify(body()),
    });
    expect([401, 403]).toContain(forged.statusCode);
    const text = "The same words, written twice.";
    expect((await write({ review: text, product_id: beanie })).statusCode).toBe(201);
    const again = await write({ review: "  the SAME words,   written twice. ", product_id: beanie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "cw_rest_review_duplicate" });
    // Another product, or another person, is no duplicate.
    expect((await write({ review: text, product_id: mug })).statusCode).toBe(201);
    expect((await write({ review: text, product_id: beanie, reviewer_email: "other@example.com" })).statusCode).toBe(201);
  });

  it("stores a robot's review (the trap field filled) as spam, answering as if held", async () => {
    const response = await write({ website: "http://spam.example" });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe("pending");
    const row = await shop.db.selectFrom("product_reviews").select("status").where("id", "=", response.json().id).executeTakeFirstOrThrow();
    expect(row.status).toBe("spam");
  });

  it("holds a review with more than two links even when the shop publishes at once", async () => {
    await setReviews({ hold_for_approval: false });
    try {
      const response = await write({ review: "See http://a.example and http://b.example and www.c.example" });
      expect(response.json().status).toBe("pending");
    } finally {
      await setReviews({});
    }
  });

  it("uses a signed-in customer's account e-mail and name", async () => {
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const response = await write({ reviewer: "", reviewer_email: "" }, jane);
    expect(response.statusCode, response.body).toBe(201);
    const row = await shop.db.selectFrom("product_reviews").selectAll().where("id", "=", response.json().id).executeTakeFirstOrThrow();
    expect(row.reviewer_email).toBe("jane@example.com");
    expect(row.reviewer_name).not.toBe("");
    expect(row.customer_id).toBeGreaterThan(0);
  });
});

describe("the owner's notice of a held review", () => {
  it("tells the owner a review awaits approval, never a trapped robot's, and not when switched off", async () => {
    const outbox = newOutbox("reviews");
    const mailing = await appWithOutbox(shop, outbox);
    const held = await write({ review: "Soft cotton.\nKeeps its shape <b>after</b> washing.", rating: 5 }, new StoreClient(mailing));
    const trapped = await write({ website: "http://spam.example" }, new StoreClient(mailing));
    const switchNotice = async (on: boolean) => {
      const emails = await groups.read("emails");
      await groups.saved("emails", { ...emails, sent: { ...emails.sent, review_held: on } });
    };
    await switchNotice(false);
    let quiet: LightMyRequestResponse | undefined;
    try {
      quiet = await write({}, new StoreClient(mailing));
    } finally {
      await switchNotice(true);
      // Closing waits for the notices still being sent.
      await mailing.close();
    }
    expect([held.json().status, trapped.json().status, quiet?.json().status]).toEqual(["pending", "pending", "pending"]);
    expect(outboxFilesOf(outbox, trapped.json().id, "review-held")).toEqual([]);
    expect(outboxFilesOf(outbox, quiet?.json().id, "review-held")).toEqual([]);
    const [file] = outboxFilesOf(outbox, held.json().id, "review-held");
    const mail = parseEml(readFileSync(join(outbox, file ?? ""), "utf8"));
    expect(mail.headers.subject).toBe("[Cartwright Demo] Review awaiting approval: Classic T-Shirt");
    expect(mail.headers.to).toContain("owner@example.com");
    expect(mail.text).toContain("From: Rita Reviewer <rita@example.com>");
    expect(mail.text).toContain("Rating: 5 out of 5");
    expect(mail.text).toContain("  Keeps its shape <b>after</b> washing.");
    expect(mail.text).toContain("https://shop.example.com/admin/reviews?status=pending");
    // The shopper's words are text in the HTML part, never markup.
    expect(mail.html).toContain("Keeps its shape &lt;b&gt;after&lt;/b&gt; washing.");
  });
});

describe("the owner's review settings", () => {
  it("keeps them in the reviews group, with sensible defaults", async () => {
    expect(await groups.read("reviews")).toEqual(DEFAULTS);
    const refused = await groups.save("reviews", { ...DEFAULTS, reviews_enabled: "maybe" });
    expect(refused.statusCode).toBe(400);
  });

  it("publishes at once when nothing is held: the figures move in the same write", async () => {
    await setReviews({ hold_for_approval: false });
    try {
      const response = await write({ product_id: mug, rating: 1 });
      expect(response.json()).toMatchObject({ status: "approved", message: "Thank you! Your review is published." });
      expect(response.json().review).toMatchObject({ rating: 1, reviewer: "Rita Reviewer", verified: false });
      const figures = await rowFigures(mug);
      const p = await product(mug);
      expect([p.average_rating, p.review_count]).toEqual([figures.average, figures.count]);
    } finally {
      await setReviews({});
    }
  });

  it("takes a review without stars when ratings are not required, and ignores stars when ratings are off", async () => {
    await setReviews({ ratings_required: false });
    const without = await write({ rating: null });
    expect(without.statusCode, without.body).toBe(201);
    await setReviews({ ratings_enabled: false });
    const ignored = await write({ rating: 2 });
    expect(ignored.statusCode).toBe(201);
    const row = await shop.db.selectFrom("product_reviews").select("rating").where("id", "=", ignored.json().id).executeTakeFirstOrThrow();
    expect(row.rating).toBeNull();
    // Required ratings need ratings: saved off, it reads off.
    expect((await groups.read("reviews")).ratings_required).toBe(false);
    await setReviews({});
  });

  it("closes reviews: writing refused and nothing listed", async () => {
    await setReviews({ reviews_enabled: false });
    try {
      const refused = await write();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "cw_rest_reviews_closed", message: "Reviews are closed in this shop." });
      const listed = await reviewsOf(`?product_id=${tShirt}`);
      expect([listed.json(), listed.headers["x-wp-total"]]).toEqual([[], "0"]);
    } finally {
      await setReviews({});
    }
  });

  it("lets only verified owners review when asked, and marks a buyer's review verified", async () => {
    await setReviews({ verified_owners_only: true, hold_for_approval: false });
    try {
      const refused = await write({ reviewer_email: "buyer@example.com" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("cw_rest_review_not_verified_owner");
      // Buying with cash on delivery makes a processing order: paid as the shop counts it.
      const buyer = new StoreClient(shop.app);
      await buyer.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
      const placed = await buyer.post("/checkout", { billing_address: testBilling("Buyer@Example.com"), payment_method: "cod" });
      expect(placed.statusCode, placed.body).toBe(200);
      const response = await write({ reviewer_email: "buyer@example.com", rating: 5 });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().review).toMatchObject({ verified: true, rating: 5 });
      // The label is the owner's choice: off, the review reads unverified.
      await setReviews({ show_verified_label: false });
      const listed = (await reviewsOf(`?product_id=${tShirt}&per_page=1`)).json();
      expect(listed[0]).toMatchObject({ id: response.json().id, verified: false });
    } finally {
      await setReviews({});
    }
  });
});

describe("moderation", () => {
  let pendingId: number;
  beforeAll(async () => {
    pendingId = (await write({ product_id: beanie, rating: 1, review: "Too small for me, sadly." })).json().id;
  });

  it("is open to the owner and managers, not to shoppers or guests", async () => {
    expect((await shop.app.inject(`${ADMIN}/reviews`)).statusCode).toBe(401);
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    expect((await adminCall(jane, "GET", "/reviews")).statusCode).toBe(403);
    const manager = await signedInManager(shop.app, shop.db, "manager@reviews.test");
    expect((await adminCall(manager, "GET", "/reviews")).statusCode).toBe(200);
  });

  it("lists tabs with counts, searches, and filters by product and rating", async () => {
    const list = (await adminCall(owner, "GET", "/reviews?status=pending")).json();
    expect(list.counts.pending).toBeGreaterThan(0);
    expect(list.counts.all).toBe(list.counts.pending + list.counts.approved);
    expect(list.reviews.every((r: { status: string }) => r.status === "pending")).toBe(true);
    expect(list.total).toBe(list.counts.pending);
    const found = (await adminCall(owner, "GET", "/reviews?search=too%20small")).json();
    expect(found.reviews.map((r: { id: number }) => r.id)).toEqual([pendingId]);
    expect(found.reviews[0]).toMatchObject({ product: { id: beanie, name: "Beanie", permalink: "/product/beanie" }, rating: 1 });
    const byProduct = (await adminCall(owner, "GET", `/reviews?product_id=${beanie}&rating=1&status=pending`)).json();
    expect(byProduct.reviews.map((r: { id: number }) => r.id)).toContain(pendingId);
    expect(byProduct.reviews.every((r: { rating: number }) => r.rating === 1)).toBe(true);
    expect((await adminCall(owner, "GET", "/reviews/pending-count")).json().pending).toBe(list.counts.pending);
  });

  it("approving and unapproving move the product's figures, and each change is logged", async () => {
    const before = await product(beanie);
    const approved = await approve([pendingId]);
    expect(approved.json()).toEqual({ changed: 1, ids: [pendingId] });
    const after = await product(beanie);
    expect(after.review_count).toBe(before.review_count + 1);
    expect(Number(after.average_rating)).toBeLessThan(Number(before.average_rating));
    expect([after.average_rating, after.review_count]).toEqual(Object.values(await rowFigures(beanie)).reverse());
    const listed = (await reviewsOf(`?product_id=${beanie}&per_page=1`)).json();
    expect(listed[0].id).toBe(pendingId);
    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "review")
      .where("entity_id", "=", String(pendingId))
      .execute();
    expect(log.length).toBeGreaterThan(0);
    await adminCall(owner, "POST", "/reviews/bulk", { ids: [pendingId], action: "unapprove" });
    expect((await product(beanie)).review_count).toBe(before.review_count);
    await approve([pendingId]);
  });

  it("edits the rating and text, and replies as the shop", async () => {
    const edited = await adminCall(owner, "PATCH", `/reviews/${pendingId}`, {
      rating: 5,
      content: "Warm <b>and</b> soft.",
      reply: "Thank you, glad it keeps you warm!",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 5, reply: "Thank you, glad it keeps you warm!" });
    const p = await product(beanie);
    expect(p.average_rating).toBe((await rowFigures(beanie)).average);
    const listed = (await reviewsOf(`?product_id=${beanie}&per_page=1`)).json()[0];
    expect(listed.review).toBe("<p>Warm &lt;b&gt;and&lt;/b&gt; soft.</p>");
    expect(listed.owner_reply).toMatchObject({ reply: "<p>Thank you, glad it keeps you warm!</p>" });
    const refused = await adminCall(owner, "PATCH", `/reviews/${pendingId}`, { rating: 9, content: "" });
    expect(fieldMessages(refused)).toEqual({ rating: "Choose a rating from 1 to 5 stars, or none.", content: "Enter the review's text." });
    expect((await adminCall(owner, "PATCH", "/reviews/999999", { rating: 2 })).statusCode).toBe(404);
  });

  it("sends to spam and trash, restores to where it was, and deletes for good", async () => {
    const count = async () => (await product(beanie)).review_count;
    const start = await count();
    await adminCall(owner, "POST", "/reviews/bulk", { ids: [pendingId], action: "trash" });
    expect(await count()).toBe(start - 1);
    expect((await adminCall(owner, "GET", "/reviews?status=trash")).json().reviews.map((r: { id: number }) => r.id)).toContain(pendingId);
    await adminCall(owner, "POST", "/reviews/bulk", { ids: [pendingId], action: "restore" });
    expect((await adminCall(owner, "GET", `/reviews/${pendingId}`)).json().status).toBe("approved");
    expect(await count()).toBe(start);
    await adminCall(owner, "POST", "/reviews/bulk", { ids: [pendingId], action: "spam" });
    expect(await count()).toBe(start - 1);
    const deleted = await adminCall(owner, "DELETE", `/reviews/${pendingId}`);
    expect(deleted.statusCode).toBe(204);
    expect((await adminCall(owner, "GET", `/reviews/${pendingId}`)).statusCode).toBe(404);
    expect((await adminCall(owner, "POST", "/reviews/bulk", { ids: [1], action: "archive" })).statusCode).toBe(400);
  });
});

describe("the listing's rating filter", () => {
  const slugs = (response: LightMyRequestResponse) => response.json().map((p: { slug: string }) => p.slug);

  it("lists products whose average rounds to one of the chosen stars", async () => {
    const five = await shop.app.inject("/api/store/v1/products?rating=5&per_page=100");
    expect(five.statusCode).toBe(200);
    expect(slugs(five)).toContain("limited-print");
    for (const p of five.json()) expect(Number(p.average_rating)).toBeGreaterThanOrEqual(4.5);
    const fourOrFive = await shop.app.inject("/api/store/v1/products?rating[]=4&rating[]=5&per_page=100");
    const four = await shop.app.inject("/api/store/v1/products?rating=4&per_page=100");
    expect(fourOrFive.json().length).toBe(five.json().length + four.json().length);
    for (const p of four.json()) expect(Math.round(Number(p.average_rating))).toBe(4);
    // Products without reviews match no stars.
    expect(slugs(fourOrFive)).not.toContain("pre-order-poster");
  });

  it("refuses stars outside 1-5 by name", async () => {
    const bad = await shop.app.inject("/api/store/v1/products?rating=6");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(bad))).toEqual(["rating"]);
  });
});

describe("rate limits", () => {
  it("refuses an eleventh review within the hour from one network, with the RateLimit headers", async () => {
    const limited = await createTestShop({ rateLimit: true });
    try {
      const id = await productId(limited.app, "beanie");
      const send = (n: number) =>
        new StoreClient(limited.app).post("/products/reviews", {
          ...body({ product_id: id }),
          review: `Review ${n} of many, all different.`,
        });
      for (let n = 1; n <= 10; n++) expect((await send(n)).statusCode).toBe(201);
      const refused = await send(11);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toContain("Too many reviews were sent from your network.");
      expect(refused.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
