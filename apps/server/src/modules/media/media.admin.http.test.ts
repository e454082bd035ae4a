/**
 * Product images through the owner API (issue 19, decision 0045) on SQLite and PostgreSQL: who may
 * call, the nonce, uploads with their resized files and change_log rows, every kind of refused
 * file, alt text, galleries and variation images written with products, deletes refused while an
 * image is used, the files served by Accept, and a second server process seeing a new image.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { ADMIN, adminCall as call, signedIn, signedInManager, signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
import { getVariations } from "../catalog/index.ts";
import { MEDIA_MESSAGES } from "./checks.ts";
import { cameraJpeg, halves, pngBomb, solid } from "./test-images.ts";

let shop: TestShop;
let owner: StoreClient;
let manager: StoreClient;

/** A multipart body of the given parts (a file as { filename, bytes }). */
function multipart(parts: Record<string, string | { filename: string; bytes: Buffer; type?: string }>) {
  const boundary = `----cw${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? "image/jpeg"}\r\n\r\n`,
        ),
        value.bytes,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The client's cookie and the nonce its last owner reply carried. */
async function credentials(client: StoreClient) {
  const reply = await call(client, "GET", "/media?per_page=1");
  return { cookie: client.credentials().cookie ?? "", nonce: String(reply.headers.nonce ?? "") };
}

async function upload(
  client: StoreClient,
  parts: Record<string, string | { filename: string; bytes: Buffer; type?: string }>,
  options: { nonce?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const { cookie, nonce } = await credentials(client);
  const body = multipart(parts);
  return shop.app.inject({
    method: "POST",
    url: `${ADMIN}/media`,
    headers: { cookie, ...(options.nonce === false ? {} : { nonce }), "content-type": body.contentType },
    payload: body.payload,
  });
}

async function uploaded(bytes: Buffer, filename = "photo.jpg", alt = "") {
  const response = await upload(owner, { file: { filename, bytes }, alt });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The reason given beside `file` (or another field) of a 400. */
async function refusal(response: LightMyRequestResponse, field = "file") {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().code).toBe("rest_invalid_param");
  return response.json().data.params[field];
}

const mediaRows = () =>
  shop.db
    .selectFrom("media")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
const changeRows = (id: number) =>
  shop.db.selectFrom("change_log").selectAll().where("entity", "=", "media").where("entity_id", "=", String(id)).orderBy("id").execute();

const CHROME_IMAGES = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  manager = await signedInManager(shop.app, shop.db, "max@media.test");
});
afterAll(() => shop.close());

describe("who may call the media library", () => {
  it("answers a guest 401 and a shopper 403, and lets a manager manage images as products", async () => {
    expect((await shop.app.inject(`${ADMIN}/media`)).statusCode).toBe(401);
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    for (const [method, path] of [
      ["GET", "/media"],
      ["GET", "/media/1"],
      ["PATCH", "/media/1"],
      ["DELETE", "/media/1"],
    ] as const) {
      const response = await call(jane, method, path, method === "PATCH" ? { alt: "x" } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await upload(jane, { file: { filename: "a.png", bytes: await solid("png") } })).statusCode).toBe(403);

    const made = await upload(manager, { file: { filename: "manager.png", bytes: await solid("png") }, alt: "Blue square" });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    expect((await call(manager, "PATCH", `/media/${id}`, { alt: "A blue square" })).json().alt).toBe("A blue square");
    expect((await call(manager, "DELETE", `/media/${id}`)).statusCode).toBe(204);
    const managerId = (await shop.db.selectFrom("customers").select("id").where("email", "=", "max@media.test").executeTakeFirstOrThrow())
      .id;
    expect((await changeRows(id)).map((row) => [row.action, Number(row.actor_id)])).toEqual([
      ["create", Number(managerId)],
      ["update", Number(managerId)],
      ["delete", Number(managerId)],
    ]);
  });

  it("refuses an upload without the nonce, storing nothing", async () => {
    const before = await mediaRows();
    const response = await upload(owner, { file: { filename: "a.png", bytes: await solid("png") } }, { nonce: false });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("cw_rest_missing_nonce");
    expect(await mediaRows()).toEqual(before);
  });
});

describe("uploading an image", () => {
  it("keeps a clean upright copy and its resized files, logs it, and serves each file by the Accept header", async () => {
    const photo = await cameraJpeg(1600, 1000, 6);
    const media = await uploaded(photo, "My Holiday Mug.JPG", "  A red and blue mug  ");
    expect(media).toMatchObject({
      filename: "my-holiday-mug.jpg",
      content_type: "image/jpeg",
      alt: "A red and blue mug",
      width: 1000,
      height: 1600,
      used_by: [],
    });
    expect(media.thumbnail).toMatch(new RegExp(`^/media/${media.id}/my-holiday-mug-300w-[0-9a-f]{10}$`));
    // Upright it is 1000 pixels wide: its largest file is its own width.
    expect(media.src).toMatch(/-1000w-[0-9a-f]{10}$/);
    expect(media.srcset.split(", ")).toHaveLength(3);
    const variants = await shop.db
      .selectFrom("media_variants")
      .select(["width", "format", "height"])
      .where("media_id", "=", media.id)
      .execute();
    expect(variants.map((v) => `${v.format}:${v.width}x${v.height}`).sort()).toEqual(
      ["avif", "jpeg", "webp"].flatMap((f) => [`${f}:1000x1600`, `${f}:300x480`, `${f}:600x960`]).sort(),
    );
    const rows = await changeRows(media.id);
    expect(rows.map((row) => row.action)).toEqual(["create"]);
    expect(JSON.parse(rows[0]?.after ?? "{}")).toMatchObject({ id: media.id, alt: "A red and blue mug" });

    for (const [accept, type] of [
      [CHROME_IMAGES, "image/avif"],
      ["image/webp,*/*", "image/webp"],
      [undefined, "image/jpeg"],
    ] as const) {
      const file = await shop.app.inject({ url: media.thumbnail, headers: accept ? { accept } : {} });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe(type);
      expect(file.headers.vary).toBe("Accept");
      expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await sharp(file.rawPayload).metadata()).width).toBe(300);
    }
    const original = await shop.app.inject(`/media/${media.id}/my-holiday-mug.jpg`);
    expect(original.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([1000, 1600, undefined, undefined]);
    expect(original.rawPayload.includes(Buffer.from("Secret Owner Name"))).toBe(false);
    // A name the image does not have, or an older picture's hash, is not found.
    expect((await shop.app.inject(media.thumbnail.replace(/-300w-[0-9a-f]{10}$/, "-300w-0000000000"))).statusCode).toBe(404);
    expect((await shop.app.inject(media.thumbnail.replace("-300w-", "-1200w-"))).statusCode).toBe(404);
  });

  it("refuses each kind of file that is not a plain image, beside the file field, storing nothing", async () => {
    const before = await mediaRows();
    const jpeg = await solid("jpeg");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>');
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300, 0x90)]);
    const cases: [string, Buffer, string][] = [
      ["logo.svg", svg, MEDIA_MESSAGES.svg],
      ["holiday.jpg", exe, MEDIA_MESSAGES.program],
      ["notes.png", Buffer.from("Hello, this is text."), MEDIA_MESSAGES.notImage],
      ["polyglot.jpg", Buffer.concat([jpeg, Buffer.from("<script>alert(document.cookie)</script>")]), MEDIA_MESSAGES.hidden],
      ["bomb.png", pngBomb(30_000), MEDIA_MESSAGES.tooManyPixels],
      ["cut.jpg", (await (await halves(400, 300)).jpeg().toBuffer()).subarray(0, 900), MEDIA_MESSAGES.unreadable],
      ["empty.jpg", Buffer.alloc(0), MEDIA_MESSAGES.empty],
      ["huge.jpg", Buffer.concat([jpeg, Buffer.alloc(21 * 1024 * 1024)]), MEDIA_MESSAGES.tooLarge],
    ];
    for (const [filename, bytes, message] of cases) {
      expect(await refusal(await upload(owner, { file: { filename, bytes } })), filename).toBe(message);
    }
    expect(await refusal(await upload(owner, { alt: "No file" }))).toBe(MEDIA_MESSAGES.missing);
    expect(
      await refusal(await upload(owner, { file: { filename: "a.png", bytes: await solid("png") }, alt: "x".repeat(501) }), "alt"),
    ).toMatch(/at most 500/);
    expect(await mediaRows()).toEqual(before);
  });

  it("lists images newest first with a search, reads one, and changes its alt text with a log row", async () => {
    const media = await uploaded(await solid("webp", 900, 700), "Green Teapot.webp", "");
    expect(media).toMatchObject({ content_type: "image/webp", width: 900, height: 700 });
    const list = (await call(owner, "GET", "/media?search=teapot")).json();
    expect(list).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(list.media[0].id).toBe(media.id);
    expect((await call(owner, "GET", "/media?per_page=2")).json().media[0].id).toBe(media.id);
    expect((await call(owner, "GET", `/media/${media.id}`)).json()).toEqual(media);
    expect((await call(owner, "GET", "/media/999999")).statusCode).toBe(404);

    const changed = await call(owner, "PATCH", `/media/${media.id}`, { alt: "A green teapot" });
    expect(changed.json().alt).toBe("A green teapot");
    expect((await changeRows(media.id)).map((row) => row.action)).toEqual(["create", "update"]);
    expect(await refusal(await call(owner, "PATCH", `/media/${media.id}`, { alt: "y".repeat(501) }), "alt")).toMatch(/at most 500/);
    expect((await call(owner, "PATCH", `/media/${media.id}`, { alt: "x", other: 1 })).statusCode).toBe(400);
  });
});

describe("a product's gallery and its variations' images", () => {
  let first: { id: number; thumbnail: string };
  let second: { id: number };
  let productId: number;

  beforeAll(async () => {
    first = await uploaded(await (await halves(1400, 1400)).jpeg().toBuffer(), "front.jpg", "Front");
    second = await uploaded(await solid("png", 500, 500), "back.png", "");
  });

  it("saves the images in order with their alt texts, logged with the product, and shows them in the Store API", async () => {
    const made = await call(owner, "POST", "/products", {
      name: "Gallery Mug",
      regular_price: 1200,
      images: [{ id: first.id }, { id: second.id, alt: "Back of the mug" }],
    });
    expect(made.statusCode, made.body).toBe(201);
    productId = made.json().id;
    expect(made.json().images.map((i: { id: number; alt: string }) => [i.id, i.alt])).toEqual([
      [first.id, "Front"],
      [second.id, "Back of the mug"],
    ]);
    const store = (await shop.app.inject("/api/store/v1/products/gallery-mug")).json();
    expect(store.images.map((i: { id: number }) => i.id)).toEqual([first.id, second.id]);
    expect(store.images[0]).toMatchObject({ name: "front.jpg", alt: "Front", sizes: "(max-width: 600px) 100vw, 600px" });
    expect(store.images[0].srcset).toMatch(/300w, .* 600w, .* 1200w$/);
    expect(store.images[1].srcset).toMatch(/-300w-[0-9a-f]{10} 300w, .*-500w-[0-9a-f]{10} 500w$/);

    // Reordered: the second becomes the main image, everywhere at once.
    const reordered = await call(owner, "PATCH", `/products/${productId}`, {
      images: [{ id: second.id }, { id: first.id, alt: "Front view" }],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(
      (await shop.app.inject("/api/store/v1/products/gallery-mug")).json().images.map((i: { id: number; alt: string }) => [i.id, i.alt]),
    ).toEqual([
      [second.id, "Back of the mug"],
      [first.id, "Front view"],
    ]);
    const logged = await shop.db
      .selectFrom("change_log")
      .select(["before", "after"])
      .where("entity", "=", "product")
      .where("entity_id", "=", String(productId))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.before ?? "{}").images.map((i: { id: number }) => i.id)).toEqual([first.id, second.id]);
    expect(JSON.parse(logged.after ?? "{}").images.map((i: { id: number }) => i.id)).toEqual([second.id, first.id]);

    // A patch without images keeps them; an empty list takes them all away.
    await call(owner, "PATCH", `/products/${productId}`, { name: "Gallery Mug Two" });
    expect((await call(owner, "GET", `/products/${productId}`)).json().images).toHaveLength(2);
  });

  it("refuses an unknown image, one given twice, too many and a long alt text, beside each field", async () => {
    const bad = await call(owner, "PUT", `/products/${productId}`, {
      name: "Gallery Mug",
      regular_price: 1200,
      images: [{ id: first.id }, { id: 999_999 }, { id: first.id }, { id: second.id, alt: "z".repeat(501) }],
    });
    const params = (await refusal(bad, "images[1].id")) && bad.json().data.params;
    expect(params).toEqual({
      "images[1].id": "No image has the id 999999.",
      "images[2].id": "This image is in the gallery already.",
      "images[3].alt": "Alt text may be at most 500 characters.",
    });
    const many = await call(owner, "PATCH", `/products/${productId}`, { images: Array.from({ length: 31 }, () => ({ id: first.id })) });
    expect(many.json().data.params.images).toBe("A product has at most 30 images.");
    expect((await call(owner, "GET", `/products/${productId}`)).json().images.map((i: { id: number }) => i.id)).toEqual([
      second.id,
      first.id,
    ]);
  });

  it("gives a variation its own image, shown when a shopper chooses it, and checks it exists", async () => {
    const colour = Number((await shop.db.selectFrom("attributes").select("id").where("slug", "=", "color").executeTakeFirstOrThrow()).id);
    const terms = await shop.db.selectFrom("attribute_terms").select(["id", "slug"]).where("attribute_id", "=", colour).execute();
    const term = (slug: string) => Number(terms.find((t) => t.slug === slug)?.id);
    const variation = (slug: string, image_id?: number | null) => ({
      attributes: [{ attribute_id: colour, term_id: term(slug) }],
      regular_price: 2000,
      ...(image_id === undefined ? {} : { image_id }),
    });
    const body = {
      name: "Variation Image Jug",
      type: "variable",
      images: [{ id: first.id }, { id: second.id }],
      attributes: [{ attribute_id: colour, term_ids: [term("blue"), term("red")], used_for_variations: true }],
      variations: [variation("blue", second.id), variation("red")],
    };
    const bad = await call(owner, "POST", "/products", { ...body, variations: [variation("blue", 999_999), variation("red")] });
    expect(await refusal(bad, "variations[0].image_id")).toBe("No image has the id 999999.");

    const made = await call(owner, "POST", "/products", body);
    expect(made.statusCode, made.body).toBe(201);
    const product = made.json();
    expect(product.variations.map((v: { image_id: number | null }) => v.image_id)).toEqual([second.id, null]);
    const shown = await getVariations(testContext(shop), product.id);
    expect(shown.map((v) => v.image?.id ?? null)).toEqual([second.id, null]);
    expect(shown[0]?.image?.srcset).toMatch(/500w$/);
    // The cart line of that variation shows its image.
    const shopper = new StoreClient(shop.app);
    const cart = await shopper.cart("POST", "/cart/add-item", { id: product.variations[0].id, quantity: 1 });
    expect(cart.items[0].images[0].id).toBe(second.id);

    // Left out, a kept variation keeps its image; null takes it away.
    const kept = await call(owner, "PATCH", `/products/${product.id}`, {
      variations: product.variations.map(({ image_id, ...v }: { image_id: number | null }) => v),
    });
    expect(kept.json().variations.map((v: { image_id: number | null }) => v.image_id)).toEqual([second.id, null]);
    const cleared = await call(owner, "PATCH", `/products/${product.id}`, {
      variations: product.variations.map((v: object) => ({ ...v, image_id: null })),
    });
    expect(cleared.json().variations.map((v: { image_id: number | null }) => v.image_id)).toEqual([null, null]);
  });

  it("refuses to delete an image a product shows, naming it, and deletes it with its files once unused", async () => {
    const refused = await call(owner, "DELETE", `/media/${first.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("cw_rest_media_in_use");
    expect(refused.json().message).toContain("“Gallery Mug Two”");
    expect(refused.json().message).toContain("“Variation Image Jug”");
    expect(
      (await call(owner, "GET", `/media/${first.id}`))
        .json()
        .used_by.map((u: { name: string }) => u.name)
        .sort(),
    ).toEqual(["Gallery Mug Two", "Variation Image Jug"]);

    const lone = await uploaded(await solid("png", 320, 200), "lone.png");
    expect((await call(owner, "DELETE", `/media/${lone.id}`)).statusCode).toBe(204);
    expect(await shop.db.selectFrom("media_variants").select("width").where("media_id", "=", lone.id).execute()).toEqual([]);
    expect((await shop.app.inject(lone.thumbnail)).statusCode).toBe(404);
    expect((await call(owner, "DELETE", `/media/${lone.id}`)).statusCode).toBe(404);
  });
});

describe("the demo's pictures", () => {
  it("are drawn at each width on their first request and kept, in the format asked for", async () => {
    const beanie = (await shop.app.inject("/api/store/v1/products/beanie")).json();
    const image = beanie.images[0];
    const countOf = () => shop.db.selectFrom("media_variants").select(["width", "format"]).where("media_id", "=", image.id).execute();
    expect(await countOf()).toEqual([]);
    const webp = await shop.app.inject({ url: image.thumbnail, headers: { accept: "image/webp,*/*" } });
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(300);
    const large = await shop.app.inject({ url: image.src, headers: { accept: CHROME_IMAGES } });
    expect(large.headers["content-type"]).toBe("image/avif");
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1200);
    expect((await countOf()).map((v) => `${v.format}:${v.width}`).sort()).toEqual(["avif:1200", "webp:300"]);
    // Asked again, the kept file is sent.
    expect((await shop.app.inject({ url: image.thumbnail, headers: { accept: "image/webp" } })).rawPayload.equals(webp.rawPayload)).toBe(
      true,
    );
  });
});

describe("a second server process over the same database", () => {
  let second: SecondProcess;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await secondProcess(shop);
    other = second.app;
  });
  afterAll(() => second.close());

  it("shows a product's new main image and serves its files on the next request", async () => {
    const before = (await other.inject("/api/store/v1/products/beanie")).json();
    const media = await uploaded(await solid("jpeg", 700, 700), "new-beanie.jpg", "The new beanie");
    const beanie = (await call(owner, "GET", "/products?search=beanie")).json().products[0];
    const saved = await call(owner, "PATCH", `/products/${beanie.id}`, { images: [{ id: media.id }, { id: before.images[0].id }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await other.inject("/api/store/v1/products/beanie")).json();
    expect(after.images.map((i: { id: number; alt: string }) => [i.id, i.alt])).toEqual([
      [media.id, "The new beanie"],
      [before.images[0].id, before.images[0].alt],
    ]);
    const file = await other.inject({ url: after.images[0].thumbnail, headers: { accept: "image/avif" } });
    expect(file.headers["content-type"]).toBe("image/avif");
    // Put the demo's picture back first, as the demo shop has it.
    await call(owner, "PATCH", `/products/${beanie.id}`, { images: [{ id: before.images[0].id }] });
    expect((await other.inject("/api/store/v1/products/beanie")).json().images.map((i: { id: number }) => i.id)).toEqual([
      before.images[0].id,
    ]);
  });
});
