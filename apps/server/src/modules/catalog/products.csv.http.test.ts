/**
 * The product CSV (issue 19, decision 0046) on SQLite and PostgreSQL: who may call it, the nonce,
 * the demo catalogue exported and imported back unchanged, new and changed products with the
 * categories, tags, attributes and variations they bring, a bad row reported at its line with
 * nothing written, the limits, and a second server process seeing an import on its next request.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { ADMIN, adminCall, signedIn, signedInManager, signedInOwner } from "../../../../../test/owner-client.ts";
import { csvFile, datesModified, exportProductCsv, importProductCsv, nonceOf as productCsvNonce } from "../../../../../test/product-csv.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";
import type { Db } from "../../db/index.ts";
import { readOwnerProducts } from "./products.admin.ts";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./products.import.ts";

/** Sign-ins hash passwords and the limits send 33 MB twice: more than the default 5 s on a busy 2-core machine. */
const SLOW = 30_000;

let shop: TestShop;
let owner: StoreClient;

const nonceOf = (client: StoreClient, app: FastifyInstance = shop.app) => productCsvNonce(app, client);
const exportCsv = (client: StoreClient = owner, query = "") => exportProductCsv(client, query);
const importCsv = (
  text: string | Buffer,
  options: { dryRun?: boolean; client?: StoreClient; multipart?: boolean; app?: FastifyInstance; nonce?: boolean } = {},
) => importProductCsv(options.app ?? shop.app, options.client ?? owner, text, options);
/** Every product as the owner API reads it, with when each was last written. */
async function storedCatalogue(db: Db = shop.db) {
  const ids = (await db.selectFrom("products").select("id").where("parent_id", "is", null).orderBy("id").execute()).map((r) =>
    Number(r.id),
  );
  return readOwnerProducts(db, ids);
}

/** Every product as the owner API reads it, without what a write always moves. */
async function catalogue(db: Db = shop.db) {
  return (await storedCatalogue(db)).map(({ updated_at: _updated, ...product }) => product);
}

const revision = async () =>
  String((await shop.db.selectFrom("revisions").select("value").where("name", "=", "catalogue").executeTakeFirstOrThrow()).value);

const counts = async () => ({
  categories: Number(
    (
      await shop.db
        .selectFrom("categories")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  tags: Number(
    (
      await shop.db
        .selectFrom("tags")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  terms: Number(
    (
      await shop.db
        .selectFrom("attribute_terms")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  products: Number(
    (
      await shop.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

const importRows = () => shop.db.selectFrom("change_log").selectAll().where("entity", "=", "product_import").orderBy("id").execute();

const csv = csvFile;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
}, SLOW);
afterAll(() => shop.close());

describe("who may export and import", { timeout: SLOW }, () => {
  it("answers a guest 401 and a shopper 403, and lets a manager use both", async () => {
    expect((await shop.app.inject(`${ADMIN}/products/export`)).statusCode).toBe(401);
    const guestImport = await shop.app.inject({
      method: "POST",
      url: `${ADMIN}/products/import`,
      headers: { "content-type": "text/csv" },
      payload: "Name\r\nX\r\n",
    });
    expect(guestImport.statusCode).toBe(401);
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    expect((await exportCsv(jane)).statusCode).toBe(403);
    const refused = await importCsv("Name\r\nNever\r\n", { client: jane });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("cw_rest_forbidden");

    const manager = await signedInManager(shop.app, shop.db, "max@csv.test");
    expect((await exportCsv(manager)).statusCode).toBe(200);
    const dry = await importCsv("Name,Regular price,Allow customer reviews?\r\nManager's mug,9.50,1\r\n", {
      client: manager,
      dryRun: true,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    // A column the shop does not read is named, not refused.
    expect(dry.json()).toMatchObject({ dry_run: true, created: 1, updated: 0, ignored_columns: ["Allow customer reviews?"] });
  });

  it("refuses an import without the nonce, writing nothing", async () => {
    const before = await counts();
    const response = await importCsv("Name\r\nNo nonce\r\n", { nonce: false });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("cw_rest_missing_nonce");
    expect(await counts()).toEqual(before);
  });
});

describe("the CSV calls", () => {
  it("are in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    expect(paths["/api/admin/v1/products/export"].get.tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/products/import"].post.tags).toEqual(["owner"]);
    // Its query's dry_run, and the Idempotency-Key header every owner POST may carry (decision 0169).
    const parameters = paths["/api/admin/v1/products/import"].post.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(parameters).toEqual(["query:dry_run", "header:idempotency-key"]);
    // The answer: what was created, changed and left unchanged, of products and of variations.
    const answer = paths["/api/admin/v1/products/import"].post.responses["200"].content["application/json"].schema;
    expect(answer.required).toEqual(expect.arrayContaining(["created", "updated", "unchanged", "variations_unchanged", "updated_ids"]));
    expect(answer.properties.unchanged.description).toContain("not written");
  });
});

describe("export, then import the same file", { timeout: SLOW }, () => {
  it("reads back the demo catalogue exactly, every product and variation unchanged, and writes nothing", async () => {
    const before = await storedCatalogue();
    const termsBefore = await counts();
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const file = response.body;
    expect(file.startsWith("\uFEFFID,Type,SKU,Name,Slug,Published")).toBe(true);
    const variations = before.reduce((n, p) => n + p.variations.length, 0);

    const dry = await importCsv(file, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dry_run: true,
      created: 0,
      updated: 0,
      unchanged: before.length,
      variations_created: 0,
      variations_updated: 0,
      variations_unchanged: variations,
      new_categories: [],
      new_tags: [],
      new_attributes: [],
      new_terms: [],
      ignored_columns: [],
    });

    const revisionBefore = await revision();
    const datesBefore = await datesModified(shop.db);
    const logged = (await importRows()).length;
    const done = await importCsv(file);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      dry_run: false,
      created: 0,
      updated: 0,
      unchanged: before.length,
      variations_updated: 0,
      variations_unchanged: variations,
      created_ids: [],
      updated_ids: [],
    });
    // Nothing written: every row's date_modified (version) as it was, the catalogue's revision too, so no cache is dropped.
    expect(await storedCatalogue()).toEqual(before);
    expect(await datesModified(shop.db)).toEqual(datesBefore);
    expect(await counts()).toEqual(termsBefore);
    expect(await revision()).toBe(revisionBefore);
    // A file that changes nothing logs no change.
    expect(await importRows()).toHaveLength(logged);
    // And the export of the catalogue is the same file.
    expect((await exportCsv()).body).toBe(file);

    // One cell changed: that product alone is written and logged, as it was before the import.
    const beanie = before.find((p) => p.slug === "beanie") as (typeof before)[number];
    const edited = file.replace(`,${beanie.sku},Beanie,`, `,${beanie.sku},Beanie hat,`);
    expect(edited).not.toBe(file);
    const once = await importCsv(edited);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toMatchObject({ created: 0, updated: 1, unchanged: before.length - 1, updated_ids: [beanie.id] });
    expect(await revision()).not.toBe(revisionBefore);
    const rows = await importRows();
    expect(rows).toHaveLength(logged + 1);
    const row = rows.at(-1);
    expect(row?.action).toBe("update");
    expect(JSON.parse(row?.before ?? "[]")).toEqual([beanie]);
    expect(JSON.parse(row?.after ?? "{}")).toMatchObject({ updated: 1, unchanged: before.length - 1 });
    const after = await storedCatalogue();
    expect(after.filter((p) => p.id !== beanie.id)).toEqual(before.filter((p) => p.id !== beanie.id));
    expect(after.find((p) => p.id === beanie.id)).toMatchObject({ name: "Beanie hat" });
    // Put back as it was, by the exported file.
    expect((await importCsv(file)).json()).toMatchObject({ updated: 1, updated_ids: [beanie.id] });
  });

  it("exports the list's filters: drafts only, or one type", async () => {
    const variable = await exportCsv(owner, "?type=variable");
    const rows = variable.body.trim().split("\r\n").slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((line) => /^\d+,(variable|variation),/.test(line))).toBe(true);
    const drafts = await exportCsv(owner, "?status=draft");
    expect(drafts.body.trim().split("\r\n")).toHaveLength(1);
  });
});

describe("a file from another shop", { timeout: SLOW }, () => {
  it("creates products with their categories, tags and attributes, changes prices, and reads ; files with a BOM", async () => {
    // Images are the shop's: another shop's address stands for its file name, a /media/{id}/ link for its id.
    const media = await shop.db
      .selectFrom("media")
      .select(["id", "filename"])
      .where("filename", "in", ["beanie.svg", "hoodie.svg"])
      .execute();
    const imageOf = (filename: string) => Number(media.find((m) => m.filename === filename)?.id);
    const hoodieImage = imageOf("hoodie.svg");
    const file = `\uFEFF${[
      "Type;SKU;Name;Published;Regular price;Sale price;Categories;Tags;Stock;Description;Attribute 1 name;Attribute 1 value(s);Parent;Tax status;Images",
      `simple;CSV-LAMP;Reading lamp;1;49,90;;Home & Living > Lamps;Brass, Gift ideas;7;"A lamp; ""warm"" light,\nfor long evenings.";;;;taxable;https://old-shop.example/uploads/beanie.svg, /media/${hoodieImage}/x`,
      "variable;CSV-SCARF;Wool scarf;0;;;Accessories;;;;Colour;Green, Grey;;taxable;",
      "variation;CSV-SCARF-GREEN;;;25;20;;;3;;Colour;Green;CSV-SCARF;;",
      "variation;CSV-SCARF-GREY;;;25;;;;;;Colour;Grey;CSV-SCARF;;",
    ].join("\n")}\n`;
    const dry = await importCsv(file, { dryRun: true, multipart: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      created: 2,
      updated: 0,
      variations_created: 2,
      new_categories: ["Home & Living > Lamps"],
      new_tags: ["Brass", "Gift ideas"],
      new_attributes: ["Colour"],
      new_terms: ["Colour: Green", "Colour: Grey"],
      ignored_columns: [],
    });
    expect(await catalogue()).toHaveLength((await catalogue()).length);

    const done = await importCsv(file, { multipart: true });
    expect(done.statusCode, done.body).toBe(200);
    const [lampId, scarfId] = done.json().created_ids as number[];
    const [lamp, scarf] = await readOwnerProducts(shop.db, [lampId as number, scarfId as number]);
    expect(lamp).toMatchObject({
      name: "Reading lamp",
      slug: "reading-lamp",
      regular_price: 4990,
      manage_stock: true,
      stock_quantity: 7,
      description: 'A lamp; "warm" light,\nfor long evenings.',
      status: "publish",
      tax_status: "taxable",
      tax_class: "standard",
    });
    expect(lamp?.images.map((image) => image.id)).toEqual([imageOf("beanie.svg"), imageOf("hoodie.svg")]);
    const lamps = await shop.db.selectFrom("categories").select(["id", "parent_id"]).where("name", "=", "Lamps").executeTakeFirstOrThrow();
    expect(lamp?.category_ids).toEqual([Number(lamps.id)]);
    expect(scarf).toMatchObject({ type: "variable", status: "draft" });
    expect(scarf?.attributes).toEqual([
      { attribute_id: expect.any(Number), term_ids: [expect.any(Number), expect.any(Number)], used_for_variations: true },
    ]);
    expect(scarf?.variations.map((v) => [v.sku, v.regular_price, v.sale_price, v.stock_quantity])).toEqual([
      ["CSV-SCARF-GREEN", 2500, 2000, 3],
      ["CSV-SCARF-GREY", 2500, null, null],
    ]);
    // The shop shows the published lamp at once; the draft scarf stays out.
    expect((await shop.app.inject("/api/store/v1/products/reading-lamp")).json().prices.price).toBe("4990");
    expect((await shop.app.inject(`/api/store/v1/products/${scarf?.slug}`)).statusCode).toBe(404);

    // The same file again changes those products instead of adding more: the lamp's new price; the scarf as it is.
    const again = await importCsv(file.replace("49,90", "45"), { dryRun: false });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 1,
      variations_created: 0,
      variations_updated: 0,
      variations_unchanged: 2,
      new_tags: [],
      updated_ids: [lampId],
    });
    expect((await readOwnerProducts(shop.db, [lampId as number]))[0]?.regular_price).toBe(4500);
  });

  it("leaves what the file has no column for as it is", async () => {
    const beanie = (await catalogue()).find((p) => p.slug === "beanie");
    const response = await importCsv(
      csv([
        ["SKU", "Regular price"],
        [beanie?.sku ?? "", "999.00"],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, updated: 1 });
    const after = (await catalogue()).find((p) => p.slug === "beanie");
    // A changed price is a change an editor opened before it must not undo (decision 0158).
    expect(after).toEqual({ ...beanie, regular_price: 99900, version: expect.any(String) });
    expect(after?.version).not.toBe(beanie?.version);
  });

  it("reads upsells by SKU beside cross-sells, a product of the same file among them, writes them back, and keeps them without the column", async () => {
    const demo = await catalogue();
    const sku = (slug: string) => demo.find((p) => p.slug === slug)?.sku ?? "";
    const file = csv([
      ["SKU", "Name", "Regular price", "Upsells", "Cross-sells"],
      ["CSV-UP-LAMP", "Upsold lamp", "10", `CSV-UP-SHADE, ${sku("beanie")}`, sku("hoodie")],
      ["CSV-UP-SHADE", "Upsold shade", "5", "", ""],
    ]);
    const done = await importCsv(file);
    expect(done.statusCode, done.body).toBe(200);
    const [lampId, shadeId] = done.json().created_ids as number[];
    const byId = (id: number | undefined) => readOwnerProducts(shop.db, [id as number]).then(([p]) => p);
    const ids = Object.fromEntries(demo.map((p) => [p.slug, p.id]));
    expect(await byId(lampId)).toMatchObject({ upsell_ids: [shadeId, ids.beanie], cross_sell_ids: [ids.hoodie] });

    const exported = (await exportCsv()).body;
    expect(exported.split("\r\n")[0]).toContain(",Upsells,Cross-sells,");
    const lampLine = exported.split("\r\n").find((line) => line.includes("CSV-UP-LAMP")) ?? "";
    expect(lampLine).toContain(`"CSV-UP-SHADE, ${sku("beanie")}",${sku("hoodie")}`);

    const kept = await importCsv(
      csv([
        ["SKU", "Regular price"],
        ["CSV-UP-LAMP", "12"],
      ]),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await byId(lampId)).toMatchObject({ regular_price: 1200, upsell_ids: [shadeId, ids.beanie] });
    const cleared = await importCsv(
      csv([
        ["SKU", "Upsells"],
        ["CSV-UP-LAMP", ""],
      ]),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await byId(lampId))?.upsell_ids).toEqual([]);

    const before = await catalogue();
    const response = await importCsv(
      csv([
        ["SKU", "Upsells"],
        ["CSV-UP-SHADE", "NO-SUCH-SKU, CSV-UP-SHADE"],
      ]),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().data.problems).toEqual([
      { line: 2, column: "Upsells", message: 'No product has the SKU "NO-SUCH-SKU".' },
      { line: 2, column: "Upsells", message: "A product cannot be its own upsell." },
    ]);
    expect(await catalogue()).toEqual(before);
  });

  it("gives a new product whose name is taken a numbered slug", async () => {
    const response = await importCsv(
      csv([
        ["Name", "Regular price"],
        ["Hoodie", "10"],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [made] = await readOwnerProducts(shop.db, response.json().created_ids);
    expect(made?.slug).toBe("hoodie-2");
  });
});

describe("a bad row", { timeout: SLOW }, () => {
  /** Problems of a refused import, checking nothing was written. */
  async function refused(file: string, dryRun = false) {
    const before = { catalogue: await catalogue(), counts: await counts(), revision: await revision(), log: (await importRows()).length };
    const response = await importCsv(file, { dryRun });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe("cw_rest_import_invalid");
    expect(await catalogue()).toEqual(before.catalogue);
    expect(await counts()).toEqual(before.counts);
    expect(await revision()).toBe(before.revision);
    expect((await importRows()).length).toBe(before.log);
    return response.json().data.problems as { line: number; column: string | null; message: string }[];
  }

  it("is reported at the line its row starts on, counting lines inside quoted cells, and nothing is imported", async () => {
    const file = csv([
      ["Name", "Description", "Regular price", "Categories"],
      ["Good one", "Two\nlines", "5.00", "Brand new category"],
      ["Also good", "Three\nlines\nhere", "6", ""],
      ["Bad one", "", "1,234", ""],
    ]);
    expect(await refused(file)).toEqual([{ line: 7, column: "Regular price", message: expect.stringContaining("ambiguous") }]);
    expect(await refused(file, true)).toHaveLength(1);
  });

  it("reports every problem of every row with its column, the owner API's checks among them", async () => {
    const [demo, other] = (await catalogue()).filter((p) => p.sku);
    const problems = await refused(
      csv([
        [
          "ID",
          "Name",
          "SKU",
          "Regular price",
          "Sale price",
          "Stock",
          "Published",
          "Visibility in catalog",
          "Cross-sells",
          "Images",
          "Type",
          "Minimum quantity",
          "Quantity step",
        ],
        ["", "Sale above price", "", "10", "12", "", "1", "visible", "", "", "simple", "", ""],
        ["", "", "", "10", "", "", "1", "", "", "", "", "", ""],
        [String(other?.id), "Taken SKU", demo?.sku ?? "", "10", "", "", "1", "", "", "", "", "", ""],
        ["", "Odd cells", "", "12.345", "", "many", "-1", "everywhere", "NO-SUCH-SKU", "nowhere.png", "grouped", "", ""],
        ["999999", "Missing", "", "", "", "", "", "", "", "", "", "", ""],
        ["", "Steps", "", "1", "", "", "", "", "", "", "", "3", "2"],
      ]),
    );
    expect(problems).toEqual([
      { line: 2, column: "Sale price", message: "The sale price must be below the regular price." },
      { line: 3, column: "Name", message: "Enter a name." },
      // No name, so no slug made from it either (the file has no Slug column).
      { line: 3, column: "Slug", message: expect.stringContaining("Enter a slug") },
      { line: 4, column: "SKU", message: `Another product already has the SKU "${demo?.sku}".` },
      { line: 5, column: "Regular price", message: expect.stringContaining("more decimals") },
      { line: 5, column: "Stock", message: '"many" is not a whole number.' },
      { line: 5, column: "Published", message: expect.stringContaining("Private") },
      { line: 5, column: "Visibility in catalog", message: expect.stringContaining("everywhere") },
      { line: 5, column: "Cross-sells", message: 'No product has the SKU "NO-SUCH-SKU".' },
      { line: 5, column: "Images", message: expect.stringContaining("never fetches") },
      { line: 5, column: "Type", message: expect.stringContaining('"grouped" products') },
      { line: 6, column: "ID", message: expect.stringContaining("No product has the ID 999999") },
      { line: 7, column: "Minimum quantity", message: "The minimum quantity must be a multiple of the step." },
    ]);
  });

  it("names the later of two new products with one SKU, and only it", async () => {
    const problems = await refused(
      csv([
        ["Name", "SKU", "Regular price"],
        ["First twin", "TWIN-1", "10"],
        ["Other", "", "10"],
        ["Second twin", "TWIN-1", "10"],
      ]),
    );
    expect(problems).toEqual([{ line: 4, column: "SKU", message: 'Line 2 already uses the SKU "TWIN-1".' }]);
  });

  it("checks the tax columns and the sale's dates as the product editor's fields", async () => {
    const problems = await refused(
      csv([
        ["Name", "Regular price", "Sale price", "Date sale price starts", "Tax status", "Tax class"],
        ["Dated", "10", "8", "2026-12-01 00:00:00", "", ""],
        ["Taxed", "10", "", "", "luxury", ""],
        ["Classy", "10", "", "", "", "no-such-class"],
      ]),
    );
    expect(problems).toEqual([
      { line: 2, column: "Date sale price starts", message: "Enter a date and time with its zone." },
      { line: 3, column: "Tax status", message: expect.stringContaining("taxable, shipping, none") },
      { line: 4, column: "Tax class", message: expect.stringContaining('There is no tax class "no-such-class"') },
    ]);
    // A class by its name, a sale's window with its zone.
    const done = await importCsv(
      csv([
        ["Name", "Regular price", "Sale price", "Date sale price starts", "Date sale price ends", "Tax status", "Tax class"],
        ["Reduced mug", "10", "8", "2026-12-01T00:00:00+01:00", "2026-12-24T00:00:00Z", "shipping", "Reduced rate"],
      ]),
    );
    expect(done.statusCode, done.body).toBe(200);
    const [mug] = await readOwnerProducts(shop.db, done.json().created_ids);
    expect(mug).toMatchObject({
      tax_status: "shipping",
      tax_class: "reduced-rate",
      sale_price: 800,
      sale_starts_at: "2026-11-30T23:00:00.000Z",
      sale_ends_at: "2026-12-24T00:00:00.000Z",
    });
  });

  it("refuses variations that name no parent, a missing parent, or terms the parent does not offer", async () => {
    const problems = await refused(
      csv([
        ["Type", "SKU", "Name", "Parent", "Regular price", "Attribute 1 name", "Attribute 1 value(s)"],
        ["variable", "CSV-CUP", "Cup", "", "", "Size", "S, M"],
        ["variation", "", "", "CSV-CUP", "5", "Size", "L"],
        ["variation", "", "", "", "5", "Size", "S"],
        ["variation", "", "", "NOPE", "5", "Size", "S"],
      ]),
    );
    expect(problems).toEqual([
      { line: 3, column: "Attribute 1 value(s)", message: expect.stringContaining("Choose one of the product's terms") },
      { line: 4, column: "Parent", message: expect.stringContaining("Name the variation's parent") },
      { line: 5, column: "Parent", message: expect.stringContaining('No product has the SKU "NOPE"') },
    ]);
  });

  it("reports a file that cannot be read at its line", async () => {
    expect(await refused('Name,Description\r\nA,"never closed\r\nB,x\r\n')).toEqual([
      { line: 2, column: null, message: expect.stringContaining("never closed") },
    ]);
    expect(await refused("Colour,Size\r\nred,S\r\n")).toEqual([{ line: 1, column: null, message: expect.stringContaining("header row") }]);
    expect(await refused("Name,name\r\nA,B\r\n")).toEqual([{ line: 1, column: "name", message: 'The column "name" is given twice.' }]);
    expect(await refused("")).toEqual([{ line: 1, column: null, message: expect.stringContaining("empty") }]);
  });
});

describe("limits", { timeout: SLOW }, () => {
  it(`refuses more than ${MAX_IMPORT_ROWS} rows and a file over the size limit`, async () => {
    const many = `Name\r\n${"A\r\n".repeat(MAX_IMPORT_ROWS + 1)}`;
    const rows = await importCsv(many);
    expect(rows.statusCode).toBe(400);
    expect(rows.json().data.problems).toEqual([{ line: MAX_IMPORT_ROWS + 2, column: null, message: expect.stringContaining("at most") }]);

    const huge = Buffer.alloc(MAX_IMPORT_BYTES + 1, "a");
    const tooLarge = await importCsv(huge);
    expect(tooLarge.statusCode).toBe(413);
    const tooLargeForm = await importCsv(huge, { multipart: true });
    expect(tooLargeForm.statusCode).toBe(413);
    expect(tooLargeForm.json().code).toBe("cw_rest_import_too_large");
  });

  it("takes only CSV or a form, and a form only with its file", async () => {
    const json = await adminCall(owner, "POST", "/products/import", { name: "x" });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe("cw_rest_import_no_file");
    const { cookie } = owner.credentials();
    const boundary = "b0undary";
    const noFile = await shop.app.inject({
      method: "POST",
      url: `${ADMIN}/products/import`,
      headers: { cookie: cookie ?? "", nonce: await nonceOf(owner), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe("cw_rest_import_no_file");
  });

  it("answers a form whose only file is under another field (the resilience fuzzer found it never answered)", async () => {
    const { cookie } = owner.credentials();
    const boundary = "b0undary";
    const otherField = await shop.app.inject({
      method: "POST",
      url: `${ADMIN}/products/import?dry_run=1`,
      headers: { cookie: cookie ?? "", nonce: await nonceOf(owner), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\nType,Name\nsimple,Kettle\n\r\n--${boundary}--\r\n`,
    });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().code).toBe("cw_rest_import_no_file");
  });
});

describe("a second server process over the same database", { timeout: SLOW }, () => {
  let second: SecondProcess;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await secondProcess(shop);
    other = second.app;
  });
  afterAll(() => second.close());

  it("shows an imported product and an imported price on its next request", async () => {
    const listing = async () => (await other.inject("/api/store/v1/products?search=kettle&per_page=100")).json() as { name: string }[];
    expect(await listing()).toEqual([]);
    const beanie = (await catalogue()).find((p) => p.slug === "beanie");
    // The other process now holds the beanie's page in its cache.
    expect((await other.inject("/api/store/v1/products/beanie")).json().prices.price).toBe(
      String(beanie?.sale_price ?? beanie?.regular_price),
    );
    const file = csv([
      ["ID", "Name", "Regular price", "Sale price"],
      ["", "Two process kettle", "30", ""],
      [String(beanie?.id), beanie?.name ?? "", "1000", ""],
    ]);
    const done = await importCsv(file);
    expect(done.statusCode, done.body).toBe(200);
    expect((await listing()).map((p) => p.name)).toEqual(["Two process kettle"]);
    expect((await other.inject("/api/store/v1/products/beanie")).json().prices.price).toBe("100000");
  });
});
