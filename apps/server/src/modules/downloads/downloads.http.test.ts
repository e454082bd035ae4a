/**
 * Downloadable products end to end on SQLite and PostgreSQL (decision 0094): the owner makes a
 * product downloadable with a file; a paid order grants it once and, when it holds only downloads,
 * completes itself; the link counts each download in one update (two at once never pass the
 * limit), refuses expired, used-up, unpaid and wrong links, and asks an account's order for its
 * owner's session; the owner lists, grants and revokes; cancelling and refunding take access back;
 * the order e-mails carry the links.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { ADMIN, adminCall as call, signedIn, signedInOwner, twoEditors } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling, testCard } from "../../../../../test/store-client.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own reader, not the module's code
import { outboxFilesOf, parseEml } from "../emails/eml.test-support.ts";
import { createMailer, sendOrderEmails } from "../emails/index.ts";
import { grantOrderDownloads, orderDownloads } from "./index.ts";

const PDF = Buffer.from("%PDF-1.4\n% a knitting pattern\n%%EOF\n");

let shop: TestShop;
let owner: StoreClient;
let giftCard: number;
let tShirt: number;

/** A multipart body of a file and its shown name. */
function multipart(file: { filename: string; bytes: Buffer; type: string } | null, name?: string) {
  const boundary = `----cw${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (name !== undefined) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`));
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(product: number, file: { filename: string; bytes: Buffer; type: string } | null, name?: string) {
  const nonce = String((await call(owner, "GET", `/products/${product}/downloads`)).headers.nonce ?? "");
  const body = multipart(file, name);
  return shop.app.inject({
    method: "POST",
    url: `${ADMIN}/products/${product}/downloads/files`,
    headers: { cookie: owner.credentials().cookie ?? "", nonce, "content-type": body.contentType },
    payload: body.payload,
  });
}

/** Places an order of the given products paid at once by the test card; answers its id, key and status. */
async function buy(shopper: StoreClient, items: { id: number; quantity?: number }[], email = "gwen@example.com") {
  for (const item of items) await shopper.cart("POST", "/cart/add-item", { id: item.id, quantity: item.quantity ?? 1 });
  const placed = await shopper.post("/checkout", {
    billing_address: testBilling(email),
    payment_method: "test_card",
    payment_data: testCard(),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { order_id: id, order_key: key } = placed.json();
  const order = await shop.db.selectFrom("orders").select(["status"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { id: id as number, key: key as string, status: order.status };
}

const permissionsOf = (orderId: number) =>
  shop.db.selectFrom("download_permissions").selectAll().where("order_id", "=", orderId).orderBy("id").execute();

/** A download through its link, with a client's cookie when given, asking for JSON errors. */
const fetchLink = (key: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: "GET", url: `/download/${key}`, headers: { accept: "application/json", ...headers } });

const refusedWith = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBe(code);
};

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  giftCard = await productId(shop.app, "gift-card");
  tShirt = await productId(shop.app, "classic-t-shirt");
  const saved = await call(owner, "PUT", `/products/${giftCard}/downloads`, {
    downloadable: true,
    download_limit: 2,
    download_expiry_days: 30,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const added = await upload(giftCard, { filename: "pattern.pdf", bytes: PDF, type: "application/pdf" }, "Knitting pattern");
  expect(added.statusCode, added.body).toBe(201);
});
afterAll(() => shop?.close());

describe("the owner's product files", () => {
  it("keeps the settings and files, refuses bad input by field, renames, reorders and removes", async () => {
    const read = (await call(owner, "GET", `/products/${giftCard}/downloads`)).json();
    expect(read).toMatchObject({ downloadable: true, download_limit: 2, download_expiry_days: 30 });
    expect(read.files.map((f: { name: string; file_name: string; size: number }) => [f.name, f.file_name, f.size])).toEqual([
      ["Knitting pattern", "pattern.pdf", PDF.length],
    ]);

    const noFile = await upload(giftCard, null, "Nothing");
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().data.params.file).toBe("Choose a file to upload.");
    const badLimit = await call(owner, "PUT", `/products/${giftCard}/downloads`, { download_limit: 0 });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.body).toContain("download_limit");

    const second = (await upload(giftCard, { filename: "extra.txt", bytes: Buffer.from("notes"), type: "text/plain" })).json();
    expect(second.name).toBe("extra.txt");
    const first = read.files[0].id;
    const reordered = await call(owner, "PUT", `/products/${giftCard}/downloads`, { file_order: [second.id, first] });
    expect(reordered.json().files.map((f: { id: number }) => f.id)).toEqual([second.id, first]);
    const wrongOrder = await call(owner, "PUT", `/products/${giftCard}/downloads`, { file_order: [first] });
    expect(wrongOrder.json().data.params.file_order).toMatch(/every file/);
    const renamed = await call(owner, "PATCH", `/products/${giftCard}/downloads/files/${second.id}`, { name: "  " });
    expect(renamed.json().data.params.name).toBe("Give the file a name.");
    expect((await call(owner, "PATCH", `/products/${giftCard}/downloads/files/${second.id}`, { name: "Notes" })).statusCode).toBe(200);
    expect((await call(owner, "DELETE", `/products/${giftCard}/downloads/files/${second.id}`)).statusCode).toBe(204);
    expect((await call(owner, "DELETE", `/products/${giftCard}/downloads/files/${second.id}`)).statusCode).toBe(404);

    const variable = await productId(shop.app, "hoodie");
    const refused = await call(owner, "PUT", `/products/${variable}/downloads`, { downloadable: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params.downloadable).toMatch(/variations/);
    expect((await call(new StoreClient(shop.app, "browser"), "GET", `/products/${giftCard}/downloads`)).statusCode).toBe(401);
  });
});

describe("two editors of a product's downloads (decision 0158)", () => {
  const changeRows = async () => (await shop.db.selectFrom("change_log").select("id").execute()).length;
  const newProduct = async (name: string) => {
    const made = await call(owner, "POST", "/products", { name, regular_price: 500, virtual: true });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as number;
  };

  it("a settings save from a copy read before another's is refused; files added, renamed or reordered meanwhile are no change", async () => {
    const product = await newProduct("Pattern Book");
    const left = await twoEditors({
      db: shop.db,
      client: owner,
      path: `/products/${product}/downloads`,
      method: "PUT",
      code: "cw_rest_product_downloads_changed",
      noun: "download settings",
      plural: true,
      first: () => ({ downloadable: true, download_limit: 5 }),
      second: () => ({ download_expiry_days: 7 }),
    });
    expect(left).toMatchObject({ downloadable: true, download_limit: 5, download_expiry_days: null });
    // The change log keeps the settings, not the version.
    const logged = await shop.db
      .selectFrom("change_log")
      .select(["before"])
      .where("entity", "=", "product_downloads")
      .where("entity_id", "=", String(product))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.before as string)).not.toHaveProperty("version");

    const opened = (await call(owner, "GET", `/products/${product}/downloads`)).json();
    const a = (await upload(product, { filename: "a.pdf", bytes: PDF, type: "application/pdf" })).json();
    const b = (await upload(product, { filename: "b.pdf", bytes: PDF, type: "application/pdf" })).json();
    expect((await call(owner, "PATCH", `/products/${product}/downloads/files/${a.id}`, { name: "Part A" })).statusCode).toBe(200);
    expect((await call(owner, "PUT", `/products/${product}/downloads`, { file_order: [b.id, a.id] })).statusCode).toBe(200);
    const saved = await call(owner, "PUT", `/products/${product}/downloads`, { download_limit: 3, version: opened.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ download_limit: 3, files: [{ id: b.id }, { id: a.id, name: "Part A" }] });
  });

  it("a rename from a copy read before another's is refused, nothing written; a settings save meanwhile is no change to a file", async () => {
    const product = await newProduct("Recipe Cards");
    const file = (await upload(product, { filename: "cards.pdf", bytes: PDF, type: "application/pdf" }, "Cards")).json();
    expect(file.version).toMatch(/^[\w-]{22}$/);
    const path = `/products/${product}/downloads/files/${file.id}`;
    const copyA = (await call(owner, "GET", `/products/${product}/downloads`)).json().files[0];
    const copyB = (await call(owner, "GET", `/products/${product}/downloads`)).json().files[0];
    expect(copyA).toEqual(file);

    const renamed = await call(owner, "PATCH", path, { name: "Winter cards", version: copyA.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const now = renamed.json().files[0];
    expect(now.version).not.toBe(copyA.version);
    const rows = await changeRows();
    const stale = await call(owner, "PATCH", path, { name: "Summer cards", version: copyB.version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "cw_rest_download_file_changed",
      message: "This file was changed by someone else since you opened it: reload it to see their change, then make yours again.",
      data: { version: now.version },
    });
    expect((await call(owner, "GET", `/products/${product}/downloads`)).json().files[0].name).toBe("Winter cards");
    expect(await changeRows()).toBe(rows);

    // The settings and another file are not what a rename writes; sent without a version, a rename is made as before.
    expect((await call(owner, "PUT", `/products/${product}/downloads`, { downloadable: true, download_limit: 9 })).statusCode).toBe(200);
    expect((await call(owner, "PATCH", path, { name: "Cards for winter", version: now.version })).statusCode).toBe(200);
    const unversioned = await call(owner, "PATCH", path, { name: "Summer cards" });
    expect(unversioned.statusCode, unversioned.body).toBe(200);
    const same = await call(owner, "PATCH", path, { name: "Summer cards", version: unversioned.json().files[0].version });
    expect(same.json().files[0].version).toBe(unversioned.json().files[0].version);
    for (const version of ["", 5]) expect((await call(owner, "PATCH", path, { name: "Cards", version })).statusCode).toBe(400);
  });
});

describe("a guest's paid order of a downloadable product", () => {
  it("settled inside the checkout's transaction (cash on delivery), completes itself and grants the file", async () => {
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: giftCard, quantity: 1 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("cora@example.com"), payment_method: "cod" });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().status).toBe("completed");
    expect(await permissionsOf(placed.json().order_id)).toHaveLength(1);
  });

  it("completes itself, grants the file once, and counts each download up to the limit", async () => {
    const order = await buy(new StoreClient(shop.app), [{ id: giftCard }]);
    expect(order.status).toBe("completed");
    const [permission, ...more] = await permissionsOf(order.id);
    expect(more).toEqual([]);
    expect(permission).toMatchObject({ downloads_remaining: 2, download_count: 0, email: "gwen@example.com", customer_id: null });
    expect(permission?.access_expires?.slice(0, 4)).toMatch(/^20\d\d$/);
    const key = permission?.download_key ?? "";
    expect(key).toMatch(/^[0-9a-f]{32}$/);

    // Granting again (a retry, the owner moving it back and forth) adds nothing.
    expect(await grantOrderDownloads(shop.db, order.id, new Date().toISOString())).toBe(0);
    expect((await call(owner, "POST", `/orders/${order.id}/status`, { status: "processing" })).statusCode).toBe(200);
    expect((await call(owner, "POST", `/orders/${order.id}/status`, { status: "completed" })).statusCode).toBe(200);
    expect(await permissionsOf(order.id)).toHaveLength(1);

    const first = await fetchLink(key);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.headers["content-disposition"]).toBe(`attachment; filename="pattern.pdf"; filename*=UTF-8''pattern.pdf`);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(first.rawPayload.equals(PDF)).toBe(true);
    expect((await fetchLink(key)).statusCode).toBe(200);
    refusedWith(await fetchLink(key), 410, "cw_download_used_up");
    const [after] = await permissionsOf(order.id);
    expect(after).toMatchObject({ downloads_remaining: 0, download_count: 2 });
    const log = await shop.db
      .selectFrom("download_log")
      .selectAll()
      .where("permission_id", "=", after?.id ?? 0)
      .execute();
    expect(log).toHaveLength(2);
    expect(log[0]?.ip).toBe("127.0.0.0");

    // A browser hears it on the shop's page.
    const page = await shop.app.inject({ method: "GET", url: `/download/${key}`, headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe("/download/problem/used-up");
  });

  it("lets exactly one of two downloads racing for the last one through", async () => {
    const order = await buy(new StoreClient(shop.app), [{ id: giftCard }]);
    const [permission] = await permissionsOf(order.id);
    await shop.db
      .updateTable("download_permissions")
      .set({ downloads_remaining: 1 })
      .where("id", "=", permission?.id ?? 0)
      .execute();
    const both = await Promise.all([fetchLink(permission?.download_key ?? ""), fetchLink(permission?.download_key ?? "")]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(await permissionsOf(order.id)).toMatchObject([{ downloads_remaining: 0, download_count: 1 }]);
  });

  it("refuses an expired link, an unpaid order's, and links that are not", async () => {
    const order = await buy(new StoreClient(shop.app), [{ id: giftCard }]);
    const [permission] = await permissionsOf(order.id);
    const key = permission?.download_key ?? "";
    await shop.db
      .updateTable("download_permissions")
      .set({ access_expires: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", permission?.id ?? 0)
      .execute();
    refusedWith(await fetchLink(key), 410, "cw_download_expired");
    await shop.db
      .updateTable("download_permissions")
      .set({ access_expires: null })
      .where("id", "=", permission?.id ?? 0)
      .execute();
    expect((await fetchLink(key)).statusCode).toBe(200);
    await shop.db.updateTable("orders").set({ status: "on-hold" }).where("id", "=", order.id).execute();
    refusedWith(await fetchLink(key), 403, "cw_download_not_paid");
    await shop.db.updateTable("orders").set({ status: "completed" }).where("id", "=", order.id).execute();

    // A link checker's HEAD takes nothing.
    const head = await shop.app.inject({ method: "HEAD", url: `/download/${key}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(PDF.length));
    expect(head.rawPayload.length).toBe(0);
    expect(await permissionsOf(order.id)).toMatchObject([{ download_count: 1 }]);
    // Nor a browser's prefetch of the link: declined, with no bytes, so the browser asks again on a real click.
    const prefetches: Record<string, string>[] = [
      { "sec-purpose": "prefetch" },
      { "sec-purpose": "prefetch;prerender" },
      { purpose: "prefetch" },
    ];
    for (const prefetch of prefetches) {
      const declined = await fetchLink(key, prefetch);
      refusedWith(declined, 503, "cw_download_prefetch_declined");
      expect(declined.headers["cache-control"]).toBe("no-store");
      expect(declined.headers["content-disposition"]).toBeUndefined();
    }
    expect(await permissionsOf(order.id)).toMatchObject([{ download_count: 1 }]);
    expect((await fetchLink(key)).statusCode).toBe(200);
    expect(await permissionsOf(order.id)).toMatchObject([{ download_count: 2 }]);
    refusedWith(await fetchLink("0123456789abcdef0123456789abcdef"), 404, "cw_download_not_found");
    refusedWith(await fetchLink("not-a-key"), 404, "cw_download_not_found");
    refusedWith(await fetchLink(`${key.slice(0, 31)}${key.endsWith("0") ? "1" : "0"}`), 404, "cw_download_not_found");
  });
});

describe("orders paid later", () => {
  it("grant nothing while awaiting payment, and the file once the owner marks the order paid; an order made by hand as paid grants at once", async () => {
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: giftCard, quantity: 1 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("later@example.com"), payment_method: "bacs" });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order_id as number;
    expect(placed.json().status).toBe("on-hold");
    expect(await permissionsOf(id)).toEqual([]);
    expect((await call(owner, "POST", `/orders/${id}/status`, { status: "processing" })).statusCode).toBe(200);
    expect(await permissionsOf(id)).toMatchObject([{ downloads_remaining: 2, email: "later@example.com" }]);

    const made = await call(owner, "POST", "/orders", {
      billing: testBilling("phone@example.com"),
      line_items: [{ product_id: giftCard, quantity: 1 }],
      set_paid: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await permissionsOf(made.json().id)).toMatchObject([{ downloads_remaining: 2, email: "phone@example.com" }]);
  });
});

describe("an account's order", () => {
  it("asks for the account's own session; another account is refused", async () => {
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const order = await buy(jane, [{ id: giftCard }], "jane@example.com");
    const [permission] = await permissionsOf(order.id);
    expect(permission?.customer_id).not.toBeNull();
    const key = permission?.download_key ?? "";

    refusedWith(await fetchLink(key), 401, "cw_download_sign_in");
    const page = await shop.app.inject({ method: "GET", url: `/download/${key}`, headers: { accept: "text/html" } });
    expect(page.headers.location).toBe(`/download/problem/sign-in?redirect=${encodeURIComponent(`/download/${key}`)}`);
    refusedWith(await fetchLink(key, { cookie: owner.credentials().cookie ?? "" }), 403, "cw_download_not_yours");
    const mine = await fetchLink(key, { cookie: jane.credentials().cookie ?? "" });
    expect(mine.statusCode).toBe(200);
    expect(await permissionsOf(order.id)).toMatchObject([{ downloads_remaining: 1, download_count: 1 }]);
  });
});

describe("a download streamed and resumed (decision 0100)", () => {
  /** A file of several chunk rows and a bit, of bytes no two chunks share. */
  const BIG = randomBytes(3 * 256 * 1024 + 12_345);
  const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  let bigProduct: number;

  beforeAll(async () => {
    bigProduct = await productId(shop.app, "beanie");
    expect((await call(owner, "PUT", `/products/${bigProduct}/downloads`, { downloadable: true, download_limit: 1 })).statusCode).toBe(200);
    const added = await upload(bigProduct, { filename: "album.zip", bytes: BIG, type: "application/zip" }, "The album");
    expect(added.statusCode, added.body).toBe(201);
  });

  async function bigLink() {
    const order = await buy(new StoreClient(shop.app), [{ id: bigProduct }]);
    const [permission] = await permissionsOf(order.id);
    return { orderId: order.id, key: permission?.download_key ?? "", id: permission?.id ?? 0 };
  }
  const countOf = async (id: number) =>
    await shop.db
      .selectFrom("download_permissions")
      .select(["download_count", "downloads_remaining"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("sends the exact bytes of a file of many chunks, with its length and validators", async () => {
    const { key, id } = await bigLink();
    const whole = await fetchLink(key);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-length"]).toBe(String(BIG.length));
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    // A buffering proxy (nginx) passes it on as it comes, so where the sending reached is where the client is.
    expect(whole.headers["x-accel-buffering"]).toBe("no");
    expect(whole.headers.etag).toBe(`"${sha(BIG).slice(0, 32)}"`);
    expect(whole.headers["last-modified"]).toMatch(/GMT$/);
    expect(sha(whole.rawPayload)).toBe(sha(BIG));
    expect(await countOf(id)).toEqual({ download_count: 1, downloads_remaining: 0 });
  });

  it("answers single ranges with 206 across chunk edges, a range from byte 0 counting and a later one continuing", async () => {
    const { key, id } = await bigLink();
    // A phone starts the download and loses the connection after 300 000 bytes…
    const start = await fetchLink(key, { range: "bytes=0-299999" });
    expect(start.statusCode).toBe(206);
    expect(start.headers["content-range"]).toBe(`bytes 0-299999/${BIG.length}`);
    expect(start.headers["content-length"]).toBe("300000");
    expect(start.rawPayload.equals(BIG.subarray(0, 300_000))).toBe(true);
    expect(await countOf(id)).toEqual({ download_count: 1, downloads_remaining: 0 });
    // …and picks up where it stopped, though the link has no download left: the same download, counted once.
    const rest = await fetchLink(key, { range: "bytes=300000-", "if-range": start.headers.etag as string });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers["content-range"]).toBe(`bytes 300000-${BIG.length - 1}/${BIG.length}`);
    expect(sha(Buffer.concat([start.rawPayload, rest.rawPayload]))).toBe(sha(BIG));
    const middle = await fetchLink(key, { range: `bytes=${256 * 1024 - 3}-${2 * 256 * 1024 + 2}` });
    // Bytes well before where the download reached are no continuation of it: none left for a new one.
    refusedWith(middle, 410, "cw_download_used_up");
    // The last bytes may have been lost in flight when a finished download's connection dropped: they are sent again.
    const suffix = await fetchLink(key, { range: "bytes=-10" });
    expect(suffix.headers["content-range"]).toBe(`bytes ${BIG.length - 10}-${BIG.length - 1}/${BIG.length}`);
    expect(suffix.rawPayload.equals(BIG.subarray(-10))).toBe(true);
    expect(await countOf(id)).toEqual({ download_count: 1, downloads_remaining: 0 });
    // Starting again from byte 0 is a new download: none left.
    refusedWith(await fetchLink(key, { range: "bytes=0-99" }), 410, "cw_download_used_up");
    refusedWith(await fetchLink(key), 410, "cw_download_used_up");

    // An hour after the counted download, a range is no longer its continuation.
    await shop.db
      .updateTable("download_log")
      .set({ at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where("permission_id", "=", id)
      .execute();
    refusedWith(await fetchLink(key, { range: "bytes=-10" }), 410, "cw_download_used_up");
  });

  it("gives a used-up link's bytes only to ranges continuing its counted download: not from further back, not skipping ahead (decision 0100, amended)", async () => {
    const { key, id } = await bigLink();
    const reached = async () =>
      (await shop.db.selectFrom("download_permissions").select("resume_reached").where("id", "=", id).executeTakeFirstOrThrow())
        .resume_reached;
    expect(await reached()).toBeNull();
    // The counted download is cut after 300 000 bytes: its sending reached there.
    expect((await fetchLink(key, { range: "bytes=0-299999" })).statusCode).toBe(206);
    expect(await reached()).toBe(300_000);
    // Skipping ahead of what was sent is no continuation.
    refusedWith(await fetchLink(key, { range: "bytes=300001-" }), 410, "cw_download_used_up");
    // A little before where it reached (bytes lost in flight) continues it.
    const rest = await fetchLink(key, { range: "bytes=299000-" });
    expect(rest.statusCode).toBe(206);
    expect(Buffer.concat([BIG.subarray(0, 299_000), rest.rawPayload]).equals(BIG)).toBe(true);
    expect(await reached()).toBe(BIG.length);
    // The download is whole: asking for it again from byte 1 (a first byte anyone can guess) gives nothing, however often.
    for (let i = 0; i < 3; i++) refusedWith(await fetchLink(key, { range: "bytes=1-" }), 410, "cw_download_used_up");
    refusedWith(await fetchLink(key, { range: `bytes=${BIG.length / 4}-` }), 410, "cw_download_used_up");
    expect(await countOf(id)).toEqual({ download_count: 1, downloads_remaining: 0 });

    // A link with downloads left counts such a range as a new download, which continues from its own reach.
    await shop.db.updateTable("download_permissions").set({ downloads_remaining: 1 }).where("id", "=", id).execute();
    expect((await fetchLink(key, { range: "bytes=1-99" })).statusCode).toBe(206);
    expect(await countOf(id)).toEqual({ download_count: 2, downloads_remaining: 0 });
    expect(await reached()).toBe(100);
    expect((await fetchLink(key, { range: "bytes=100-" })).statusCode).toBe(206);
    expect(await countOf(id)).toEqual({ download_count: 2, downloads_remaining: 0 });

    // An expired link gives nothing, a continuation neither.
    await shop.db
      .updateTable("download_permissions")
      .set({ access_expires: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    refusedWith(await fetchLink(key, { range: `bytes=${BIG.length - 10}-` }), 410, "cw_download_expired");
  });

  it("resumes a download cut over a real socket from the bytes the client had, counting it once", async () => {
    const LARGE = randomBytes(24 * 1024 * 1024);
    const product = await productId(shop.app, "wool-scarf");
    expect((await call(owner, "PUT", `/products/${product}/downloads`, { downloadable: true, download_limit: 1 })).statusCode).toBe(200);
    expect((await upload(product, { filename: "film.mp4", bytes: LARGE, type: "video/mp4" })).statusCode).toBe(201);
    const order = await buy(new StoreClient(shop.app), [{ id: product }]);
    const [permission] = await permissionsOf(order.id);
    const key = permission?.download_key ?? "";
    if (!shop.app.server.listening) await shop.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (shop.app.server.address() as AddressInfo).port;
    // The client takes 2 MB, then its connection drops.
    const had = await new Promise<Buffer>((resolve, reject) => {
      const parts: Buffer[] = [];
      let length = 0;
      const asked = get({ host: "127.0.0.1", port, path: `/download/${key}`, headers: { accept: "application/json" } }, (response) => {
        expect(response.statusCode).toBe(200);
        response.on("data", (chunk: Buffer) => {
          parts.push(chunk);
          length += chunk.length;
          if (length >= 2 * 1024 * 1024) {
            asked.destroy();
            resolve(Buffer.concat(parts));
          }
        });
      });
      asked.on("error", (error) => (length >= 2 * 1024 * 1024 ? undefined : reject(error)));
    });
    // The server notes how far its sending reached when the stream is cut.
    const reachedOf = async () =>
      Number(
        (
          await shop.db
            .selectFrom("download_permissions")
            .select("resume_reached")
            .where("id", "=", permission?.id ?? 0)
            .executeTakeFirstOrThrow()
        ).resume_reached ?? 0,
      );
    while ((await reachedOf()) < had.length) await new Promise((r) => setImmediate(r));
    const rest = await fetchLink(key, { range: `bytes=${had.length}-` });
    expect(rest.statusCode, rest.body.slice(0, 200)).toBe(206);
    expect(Buffer.concat([had, rest.rawPayload]).equals(LARGE)).toBe(true);
    expect(await countOf(permission?.id ?? 0)).toEqual({ download_count: 1, downloads_remaining: 0 });
  });

  it("counts a range that starts later on a link never downloaded, and answers 416 for a range past the end without counting", async () => {
    const { key, id } = await bigLink();
    const unsatisfiable = await fetchLink(key, { range: `bytes=${BIG.length}-` });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers["content-range"]).toBe(`bytes */${BIG.length}`);
    expect((await fetchLink(key, { range: "bytes=-0" })).statusCode).toBe(416);
    expect(await countOf(id)).toEqual({ download_count: 0, downloads_remaining: 1 });
    const later = await fetchLink(key, { range: "bytes=100-199" });
    expect(later.statusCode).toBe(206);
    expect(await countOf(id)).toEqual({ download_count: 1, downloads_remaining: 0 });
  });

  it("answers the whole file when If-Range no longer matches, or the Range has several parts or bad syntax", async () => {
    const { key, id } = await bigLink();
    const stale = await fetchLink(key, { range: "bytes=500-", "if-range": '"0000000000000000000000000000000"' });
    expect(stale.statusCode).toBe(200);
    expect(sha(stale.rawPayload)).toBe(sha(BIG));
    // The whole file is a download from byte 0: it counted.
    expect(await countOf(id)).toEqual({ download_count: 1, downloads_remaining: 0 });
    // The last bytes continue it (what a dropped connection may have lost), when the date matches.
    const tail = `bytes=${BIG.length - 100}-`;
    const byDate = await fetchLink(key, { range: tail, "if-range": stale.headers["last-modified"] as string });
    expect(byDate.statusCode).toBe(206);
    // A weak tag asks for the whole file: a new download, none left.
    const weak = await fetchLink(key, { range: tail, "if-range": `W/${stale.headers.etag}` });
    expect(weak.statusCode).toBe(410);

    const other = await bigLink();
    const several = await fetchLink(other.key, { range: "bytes=0-9,20-29" });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(BIG.length);
    const third = await bigLink();
    expect((await fetchLink(third.key, { range: "lines=1-2" })).statusCode).toBe(200);
  });

  it("answers HEAD with the headers a download would have, counting nothing, and the refusal a download would hear", async () => {
    const { key, id } = await bigLink();
    const head = await shop.app.inject({ method: "HEAD", url: `/download/${key}`, headers: { accept: "application/json" } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(BIG.length));
    expect(head.headers["accept-ranges"]).toBe("bytes");
    expect(head.rawPayload.length).toBe(0);
    const headRange = await shop.app.inject({ method: "HEAD", url: `/download/${key}`, headers: { range: "bytes=0-9" } });
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers["content-length"]).toBe("10");
    expect(await countOf(id)).toEqual({ download_count: 0, downloads_remaining: 1 });
    await fetchLink(key);
    const usedUp = await shop.app.inject({ method: "HEAD", url: `/download/${key}`, headers: { accept: "application/json" } });
    // Within the resume window a HEAD still answers (a download manager asks before it resumes); it gives no bytes.
    expect(usedUp.statusCode).toBe(200);
    await shop.db.updateTable("download_log").set({ at: "2020-01-01T00:00:00.000Z" }).where("permission_id", "=", id).execute();
    const gone = await shop.app.inject({ method: "HEAD", url: `/download/${key}`, headers: { accept: "application/json" } });
    expect(gone.statusCode).toBe(410);
    expect((await shop.app.inject({ method: "HEAD", url: "/download/0123456789abcdef0123456789abcdef" })).statusCode).toBe(303);
  });

  it("sends a text file as stored, never compressed, so its length and ranges hold", async () => {
    const text = Buffer.from("row,value\n".repeat(2000));
    const csvProduct = await productId(shop.app, "canvas-tote-bag");
    expect((await call(owner, "PUT", `/products/${csvProduct}/downloads`, { downloadable: true })).statusCode).toBe(200);
    expect((await upload(csvProduct, { filename: "rows.csv", bytes: text, type: "text/csv" })).statusCode).toBe(201);
    const order = await buy(new StoreClient(shop.app), [{ id: csvProduct }]);
    const [permission] = await permissionsOf(order.id);
    // The whole file too: its ETag and length are the stored bytes', which a resumed range continues.
    const got = await fetchLink(permission?.download_key ?? "", { "accept-encoding": "gzip, br" });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-encoding"]).toBeUndefined();
    expect(got.headers["content-length"]).toBe(String(text.length));
    expect(got.rawPayload.equals(text)).toBe(true);
  });

  it("lets exactly one of two ranges from byte 0 racing for the last download through", async () => {
    const { key, id } = await bigLink();
    const both = await Promise.all([fetchLink(key, { range: "bytes=0-" }), fetchLink(key, { range: "bytes=0-1023" })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([206, 410]);
    expect(await countOf(id)).toEqual({ download_count: 1, downloads_remaining: 0 });
  });
});

describe("the owner on an order", () => {
  it("lists the downloads with counts, revokes one and grants it again; refuses a product that is none or not downloadable", async () => {
    const order = await buy(new StoreClient(shop.app), [{ id: giftCard, quantity: 2 }, { id: tShirt }]);
    // Something to send: the order stays processing.
    expect(order.status).toBe("processing");
    const [permission] = await permissionsOf(order.id);
    // The limit is for each unit bought.
    expect(permission?.downloads_remaining).toBe(4);
    await fetchLink(permission?.download_key ?? "");

    const listed = (await call(owner, "GET", `/orders/${order.id}/downloads`)).json();
    expect(listed).toMatchObject([
      { product_id: giftCard, file_name: "Knitting pattern", download_count: 1, downloads_remaining: 3, email: "gwen@example.com" },
    ]);
    expect(listed[0].last_download).toEqual(expect.any(String));

    expect((await call(owner, "DELETE", `/orders/${order.id}/downloads/${listed[0].id}`)).statusCode).toBe(204);
    refusedWith(await fetchLink(permission?.download_key ?? ""), 404, "cw_download_not_found");
    expect((await call(owner, "DELETE", `/orders/${order.id}/downloads/${listed[0].id}`)).statusCode).toBe(404);

    const nothing = await call(owner, "POST", `/orders/${order.id}/downloads`, { product_id: 999_999 });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().data.params.product_id).toBe("No product has this id.");
    const notDownloadable = await call(owner, "POST", `/orders/${order.id}/downloads`, { product_id: tShirt });
    expect(notDownloadable.json().data.params.product_id).toMatch(/not downloadable/);
    const granted = await call(owner, "POST", `/orders/${order.id}/downloads`, { product_id: giftCard });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({ added: 1, downloads: [{ download_count: 0, downloads_remaining: 4 }] });
    const log = await shop.db.selectFrom("change_log").select("entity").where("entity", "=", "order_downloads").execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
  });

  it("grants any downloadable product's files on an order, to the order, once; the shopper lists and downloads them (decision 0100)", async () => {
    const wallet = await productId(shop.app, "leather-wallet");
    expect((await call(owner, "PUT", `/products/${wallet}/downloads`, { downloadable: true, download_limit: 3 })).statusCode).toBe(200);
    expect(
      (await upload(wallet, { filename: "care.txt", bytes: Buffer.from("Oil it twice a year."), type: "text/plain" }, "Care guide"))
        .statusCode,
    ).toBe(201);
    const order = await buy(new StoreClient(shop.app), [{ id: giftCard }, { id: tShirt }]);

    const offered = await call(owner, "GET", `/orders/${order.id}/downloads/grantable`);
    expect(offered.statusCode).toBe(200);
    const list = offered.json() as { product_id: number; on_order: boolean; files: number }[];
    expect(list[0]).toMatchObject({ product_id: giftCard, on_order: true, files: 1 });
    expect(list.find((p) => p.product_id === wallet)).toMatchObject({ on_order: false, files: 1 });
    expect(list.some((p) => p.product_id === tShirt)).toBe(false);
    expect((await call(owner, "GET", "/orders/999999/downloads/grantable")).statusCode).toBe(404);

    const granted = await call(owner, "POST", `/orders/${order.id}/downloads`, { product_id: wallet });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json().added).toBe(1);
    const extra = (granted.json().downloads as { product_id: number }[]).find((d) => d.product_id === wallet);
    expect(extra).toMatchObject({ file_name: "Care guide", downloads_remaining: 3, download_count: 0, email: "gwen@example.com" });
    expect((granted.json().downloads as { product_id: number }[]).map((d) => d.product_id)).toEqual([giftCard, wallet]);
    expect((await call(owner, "POST", `/orders/${order.id}/downloads`, { product_id: wallet })).json().added).toBe(0);
    const [, permission] = await permissionsOf(order.id);
    expect(permission).toMatchObject({ order_item_id: null, product_id: wallet });

    const shopperList = await orderDownloads(shop.db, order.id);
    expect(shopperList.map((d) => [d.file_name, d.product_name])).toEqual([
      ["Knitting pattern", "Gift Card"],
      ["Care guide", expect.stringMatching(/wallet/i)],
    ]);
    const got = await fetchLink(permission?.download_key ?? "");
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe("Oil it twice a year.");

    // Cancelling takes it back with the rest.
    expect((await call(owner, "POST", `/orders/${order.id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect(await permissionsOf(order.id)).toEqual([]);
  });

  it("takes the downloads back when the order is cancelled, and a line's when it is refunded in full", async () => {
    const cancelled = await buy(new StoreClient(shop.app), [{ id: giftCard }, { id: tShirt }]);
    expect(await permissionsOf(cancelled.id)).toHaveLength(1);
    expect((await call(owner, "POST", `/orders/${cancelled.id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect(await permissionsOf(cancelled.id)).toEqual([]);

    const refunded = await buy(new StoreClient(shop.app), [{ id: giftCard }, { id: tShirt }]);
    const lines = await shop.db
      .selectFrom("order_items")
      .select(["id", "product_id", "total", "total_tax"])
      .where("order_id", "=", refunded.id)
      .execute();
    const shirtLine = lines.find((l) => l.product_id === tShirt);
    const cardLine = lines.find((l) => l.product_id === giftCard);
    const refund = (line: typeof shirtLine) =>
      call(owner, "POST", `/orders/${refunded.id}/refunds`, {
        amount: (line?.total ?? 0) + (line?.total_tax ?? 0),
        lines: [{ line_id: line?.id, quantity: 1 }],
        restock: false,
        method: "manual",
      });
    expect((await refund(shirtLine)).statusCode).toBe(201);
    expect(await permissionsOf(refunded.id)).toHaveLength(1);
    expect((await refund(cardLine)).statusCode).toBe(201);
    expect(await permissionsOf(refunded.id)).toEqual([]);
  });
});

describe("the order e-mails", () => {
  it("list the download links with what is left of them", async () => {
    const order = await buy(new StoreClient(shop.app), [{ id: giftCard }]);
    const outbox = join(mkdtempSync(join(tmpdir(), "cw-downloads-")), "outbox");
    const mailer = createMailer({ publicUrl: "https://shop.example.com", mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } });
    await sendOrderEmails({ db: shop.db, mailer }, order.id);
    const [name] = outboxFilesOf(outbox, order.id, "confirmation");
    expect(name).toBeDefined();
    const mail = parseEml(readFileSync(join(outbox, name ?? ""), "utf8"));
    const [permission] = await permissionsOf(order.id);
    const link = `https://shop.example.com/download/${permission?.download_key}`;
    expect(mail.text).toContain("Downloads:");
    expect(mail.text).toContain(link);
    expect(mail.text).toMatch(/2 downloads left, until /);
    expect(mail.html).toContain(`href="${link}"`);
  });
});

describe("the product CSV", () => {
  async function importCsv(text: string) {
    const nonce = String((await call(owner, "GET", "/products?per_page=1")).headers.nonce ?? "");
    return shop.app.inject({
      method: "POST",
      url: `${ADMIN}/products/import`,
      headers: { cookie: owner.credentials().cookie ?? "", nonce, "content-type": "text/csv" },
      payload: text,
    });
  }

  it("exports a downloadable product's type, limit and expiry, and imports them back", async () => {
    const exported = (await call(owner, "GET", "/products/export")).body;
    const [header = "", ...rows] = exported.replace(/^\uFEFF/, "").split("\r\n");
    const columns = header.split(",");
    const limitAt = columns.indexOf("Download limit");
    const expiryAt = columns.indexOf("Download expiry days");
    expect(limitAt).toBeGreaterThan(0);
    const giftRow = rows.find((row) => row.startsWith(`${giftCard},`)) ?? "";
    expect(giftRow).toContain('"simple, downloadable, virtual"');
    const cells = giftRow.split(",");
    // The type cell holds two commas inside its quotes: the rest is shifted by two.
    expect([cells[limitAt + 2], cells[expiryAt + 2]]).toEqual(["2", "30"]);

    const file = [
      "Type,SKU,Name,Regular price,Download limit,Download expiry days",
      '"simple, downloadable, virtual",EBOOK-1,Sock pattern e-book,9.00,5,',
      "simple,PLAIN-1,Plain thing,3.00,,",
    ].join("\n");
    const imported = await importCsv(file);
    expect(imported.statusCode, imported.body).toBe(200);
    const made = await shop.db
      .selectFrom("products")
      .select(["sku", "downloadable", "download_limit", "download_expiry_days", "virtual"])
      .where("sku", "in", ["EBOOK-1", "PLAIN-1"])
      .orderBy("sku")
      .execute();
    expect(made).toEqual([
      { sku: "EBOOK-1", downloadable: 1, download_limit: 5, download_expiry_days: null, virtual: 1 },
      { sku: "PLAIN-1", downloadable: 0, download_limit: null, download_expiry_days: null, virtual: 0 },
    ]);

    const refused = await importCsv(
      ["Type,SKU,Name,Download limit", "simple,EBOOK-2,Another,0", '"variable, downloadable",V-1,Var,'].join("\n"),
    );
    expect(refused.statusCode).toBe(400);
    const problems = refused.json().data.problems as { line: number; column: string; message: string }[];
    expect(problems.map((p) => [p.line, p.column])).toEqual([
      [2, "Download limit"],
      [3, "Type"],
    ]);
  });

  it("imports a new variation's download settings with the variation (decision 0100)", async () => {
    const file = [
      "Type,SKU,Name,Parent,Regular price,Download limit,Download expiry days,Attribute 1 name,Attribute 1 value(s)",
      'variable,BOOK-V,Pattern book,,,,,Format,"PDF, EPUB"',
      '"variation, downloadable",BOOK-V-PDF,,BOOK-V,7.00,4,10,Format,PDF',
      "variation,BOOK-V-EPUB,,BOOK-V,8.00,,,Format,EPUB",
    ].join("\n");
    const imported = await importCsv(file);
    expect(imported.statusCode, imported.body).toBe(200);
    const made = await shop.db
      .selectFrom("products")
      .select(["sku", "type", "downloadable", "download_limit", "download_expiry_days"])
      .where("sku", "like", "BOOK-V%")
      .orderBy("sku")
      .execute();
    expect(made).toEqual([
      { sku: "BOOK-V", type: "variable", downloadable: 0, download_limit: null, download_expiry_days: null },
      { sku: "BOOK-V-EPUB", type: "variation", downloadable: 0, download_limit: null, download_expiry_days: null },
      { sku: "BOOK-V-PDF", type: "variation", downloadable: 1, download_limit: 4, download_expiry_days: 10 },
    ]);
    // The same file again finds the variations by SKU and keeps their settings; a bad limit is refused by its column.
    expect((await importCsv(file)).statusCode).toBe(200);
    const bad = await importCsv(file.replace(",7.00,4,10,", ",7.00,0,10,"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.problems).toEqual([expect.objectContaining({ line: 3, column: "Download limit" })]);
  });
});
