/**
 * Re-importing the product CSV (decision 0046; docs/product-csv.md) on SQLite and PostgreSQL: the shop's
 * own export imported again changes nothing and says so, and one cell edited, of any column the
 * import writes, on a product's row or a variation's, makes exactly that product updated and
 * written, its neighbours untouched: every column once with the write, then random single-cell
 * edits as dry runs (a property test: a real change is never counted unchanged).
 */
import { csvLine } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import { datesModified, exportProductCsv, importProductCsv } from "../../../../../test/product-csv.ts";
import { seededRandom } from "../../../../../test/seeded-random.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";
import { readCsv } from "./products.csv-read.ts";

/** Each edit exports and imports the catalogue: some 40 round trips on a busy machine. */
const SLOW = 120_000;

let shop: TestShop;
let owner: StoreClient;

const attribute = (n: number, name: string, values: string, used: "0" | "1") => ({
  [`Attribute ${n} name`]: name,
  [`Attribute ${n} value(s)`]: values,
  [`Attribute ${n} used for variations`]: used,
});

/** Products beside the demo's that give every column something to edit: variations with a free term, downloads, a sale's dates. */
const FIXTURES: Record<string, string>[] = [
  {
    Type: "variable",
    SKU: "EDIT-KIT",
    Name: "Edit kit",
    Categories: "Kits",
    Tags: "edit",
    ...attribute(1, "Size", "S, M, L", "1"),
    ...attribute(2, "Material", "Cotton", "0"),
  },
  {
    Type: "variation",
    SKU: "EDIT-KIT-S",
    Parent: "EDIT-KIT",
    "Regular price": "12.00",
    "Sale price": "10.00",
    Stock: "4",
    "Shipping class": "bulky",
    "Attribute 1 name": "Size",
    "Attribute 1 value(s)": "S",
  },
  {
    Type: "variation",
    SKU: "EDIT-KIT-M",
    Parent: "EDIT-KIT",
    "Regular price": "12.00",
    "Attribute 1 name": "Size",
    "Attribute 1 value(s)": "M",
  },
  // A variable product without variations may change which attributes its variations are chosen by.
  {
    Type: "variable",
    SKU: "EDIT-PLAIN",
    Name: "Plain kit",
    Categories: "Kits",
    ...attribute(1, "Size", "S, M", "0"),
    ...attribute(2, "Material", "Wool", "0"),
  },
  {
    Type: "simple, downloadable",
    SKU: "EDIT-FILE",
    Name: "Edit file",
    "Regular price": "9.00",
    "Sale price": "5.00",
    "Date sale price starts": "2026-01-01T00:00:00Z",
    "Date sale price ends": "2099-01-01T00:00:00Z",
    Categories: "Kits",
    Upsells: "CW-001",
    "Cross-sells": "CW-002",
    "Download limit": "3",
    "Download expiry days": "10",
    ...attribute(1, "Material", "Paper", "0"),
    ...attribute(2, "Finish", "Matte", "0"),
  },
  // Two in stock while the shop keeps two back (its out-of-stock amount): stored out of stock.
  { Type: "simple", SKU: "EDIT-LAST", Name: "Last two", "Regular price": "7.50", Stock: "2", Categories: "Kits" },
];

function fixtureFile(): string {
  const header = [...new Set(FIXTURES.flatMap((row) => Object.keys(row)))];
  return [header, ...FIXTURES.map((row) => header.map((column) => row[column] ?? ""))].map((cells) => csvLine(cells)).join("");
}

/** The exported file as cells, and the product each row belongs to. */
interface CsvView {
  header: string[];
  rows: string[][];
}

interface RowView {
  index: number;
  kind: "simple" | "variable" | "variation";
  get(column: string): string;
}

type Pick = <T>(items: T[]) => T;

/** The cell's new text for an edit that changes what the import writes; undefined when the column means nothing on this row. */
type Edit = (cell: string, row: RowView, file: CsvView, pick: Pick) => string | undefined;

function readView(text: string): CsvView {
  const file = readCsv(Buffer.from(text));
  if (!file.ok) throw new Error(file.problem.message);
  return { header: file.header, rows: file.rows.map((row) => row.cells) };
}

const writeView = (file: CsvView) => [file.header, ...file.rows].map((cells) => csvLine(cells)).join("");

function rowOf(file: CsvView, index: number): RowView {
  const cells = file.rows[index] as string[];
  const get = (column: string) => cells[file.header.indexOf(column)] ?? "";
  const kind = (get("Type").split(",")[0]?.trim() || "simple") as RowView["kind"];
  return { index, kind, get };
}

/** A variation row's parent row: named by SKU or id:{ID} in its Parent cell. */
function parentOf(file: CsvView, row: RowView): RowView {
  const parent = row.get("Parent");
  for (let i = 0; i < file.rows.length; i++) {
    const candidate = rowOf(file, i);
    if (candidate.kind !== "variation" && (candidate.get("SKU") === parent || `id:${candidate.get("ID")}` === parent)) return candidate;
  }
  throw new Error(`No parent row for ${parent}`);
}

const variationsOf = (file: CsvView, parent: RowView) =>
  file.rows.map((_, i) => rowOf(file, i)).filter((row) => row.kind === "variation" && parentOf(file, row).index === parent.index);

const flip = (cell: string) => (cell === "1" ? "0" : "1");
const bump = (cell: string, empty: string) => (cell ? String(Number(cell) + 1) : empty);
const minorOf = (cell: string) => Math.round(Number(cell) * 100);
const decimal = (minor: number) => (minor / 100).toFixed(2);
const isProduct = (row: RowView) => row.kind !== "variation";
/** Rows with their own price and stock: a simple product's and a variation's. */
const sells = (row: RowView) => row.kind !== "variable";
const toggle = (cell: string, word: string) => {
  const words = cell
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  return (words.includes(word) ? words.filter((w) => w !== word) : [...words, word]).join(", ");
};
const otherProductSku = (file: CsvView, row: RowView) =>
  file.rows
    .map((_, i) => rowOf(file, i))
    .find((other) => other.kind === "simple" && other.get("SKU") && other.index !== row.index)
    ?.get("SKU");

/** Every column the import writes, with an edit that changes what it writes. */
const EDITS: Record<string, Edit> = {
  Type: (cell, row, _file, pick) =>
    row.kind === "simple"
      ? toggle(cell, pick(["virtual", "downloadable"]))
      : row.kind === "variation"
        ? toggle(cell, "downloadable")
        : undefined,
  SKU: (cell, row) => (row.kind !== "variable" && cell ? `${cell}-E` : undefined),
  Name: (cell, row) => (isProduct(row) ? `${cell} edited` : undefined),
  Slug: (cell, row) => (isProduct(row) ? `${cell}-edited` : undefined),
  Published: (cell, row) => (isProduct(row) ? flip(cell) : undefined),
  "Is featured?": (cell, row) => (isProduct(row) ? flip(cell) : undefined),
  "Visibility in catalog": (cell, row) => (isProduct(row) ? (cell === "visible" ? "search" : "visible") : undefined),
  "Short description": (cell, row) => (isProduct(row) ? `${cell}<p>Edited.</p>` : undefined),
  Description: (cell, row) => (isProduct(row) ? `${cell}<p>Edited.</p>` : undefined),
  // Only untracked stock keeps the status given; a tracked row's follows its quantity.
  "In stock?": (cell, row) => (row.get("Stock") ? undefined : cell === "1" ? "0" : "1"),
  Stock: (cell, row) => (sells(row) ? bump(cell, "7") : undefined),
  "Low stock amount": (cell, row) => (isProduct(row) ? (cell ? "" : "3") : undefined),
  "Backorders allowed?": (cell, row) => (sells(row) ? (cell === "0" ? "notify" : "0") : undefined),
  "Sold individually?": (cell, row) => (isProduct(row) ? flip(cell) : undefined),
  "Weight (g)": (cell) => bump(cell, "250"),
  "Regular price": (cell, row) => {
    if (!sells(row)) return undefined;
    if (cell) return decimal(minorOf(cell) + 100);
    return row.get("Sale price") ? undefined : "12.00";
  },
  "Sale price": (cell, row) => {
    const regular = row.get("Regular price");
    if (!sells(row) || !regular) return undefined;
    // A sale's dates need its price.
    if (cell) return row.get("Date sale price starts") || row.get("Date sale price ends") ? undefined : "";
    return decimal(Math.floor(minorOf(regular) / 2));
  },
  Categories: (cell, row) => (isProduct(row) ? appended(cell, "Edited category") : undefined),
  Tags: (cell, row) => (isProduct(row) ? appended(cell, "edited tag") : undefined),
  Brands: (cell, row) => (isProduct(row) ? appended(cell, "Edited brand") : undefined),
  Images: (cell, row, file) => {
    if (!isProduct(row)) return undefined;
    if (cell) return "";
    return file.rows.map((_, i) => rowOf(file, i).get("Images")).find(Boolean);
  },
  Upsells: (cell, row, file) => (isProduct(row) ? (cell ? "" : otherProductSku(file, row)) : undefined),
  "Cross-sells": (cell, row, file) => (isProduct(row) ? (cell ? "" : otherProductSku(file, row)) : undefined),
  Position: (cell, row) => (isProduct(row) ? bump(cell, "1") : undefined),
  "Minimum quantity": (cell, row) => {
    if (!isProduct(row)) return undefined;
    const step = Number(row.get("Quantity step") || 1);
    const next = Number(cell || 1) + step;
    const max = row.get("Maximum quantity");
    return max && Number(max) < next ? undefined : String(next);
  },
  "Maximum quantity": (cell, row) => {
    if (!isProduct(row)) return undefined;
    const step = Number(row.get("Quantity step") || 1);
    return cell ? "" : String(step * (Math.ceil(Number(row.get("Minimum quantity") || 1) / step) + 5));
  },
  "Quantity step": (cell, row) => {
    if (!isProduct(row)) return undefined;
    const min = Number(row.get("Minimum quantity") || 1);
    const max = Number(row.get("Maximum quantity") || 0);
    const step = [1, 2, 3, 4, 5, 6].find((s) => s !== Number(cell || 1) && min % s === 0 && max % s === 0);
    return step === undefined ? undefined : String(step);
  },
  "Date sale price starts": (cell, row) => {
    if (!sells(row) || !row.get("Sale price")) return undefined;
    if (cell) return "";
    return row.get("Date sale price ends") ? "2020-01-01T00:00:00.000Z" : "2030-01-01T00:00:00.000Z";
  },
  "Date sale price ends": (cell, row) => (!sells(row) || !row.get("Sale price") ? undefined : cell ? "" : "2199-01-01T00:00:00.000Z"),
  "Tax status": (cell, row) => (isProduct(row) ? (cell === "none" ? "taxable" : "none") : undefined),
  "Tax class": (cell) => (cell ? "" : "reduced-rate"),
  "Shipping class": (cell) => (cell ? "" : "bulky"),
  "Download limit": (cell) => (cell ? "" : "5"),
  "Download expiry days": (cell) => (cell ? "" : "30"),
};

/**
 * A list cell with one more value, named apart from those it holds (case aside): an earlier test's import may have
 * kept "edited tag" on the row, and the same name again is rightly no change.
 */
function appended(cell: string, value: string): string {
  const items = cell ? cell.split(", ") : [];
  const taken = new Set(items.map((item) => item.toLowerCase()));
  let added = value;
  for (let n = 2; taken.has(added.toLowerCase()); n++) added = `${value} ${n}`;
  return [...items, added].join(", ");
}

/** An attribute's columns: its name, its terms (a product's list, a variation's one), whether variations are chosen by it. */
function attributeEdit(column: string): Edit | undefined {
  const match = /^Attribute (\d+) (name|value\(s\)|used for variations)$/.exec(column);
  if (!match) return undefined;
  const nameColumn = `Attribute ${match[1]} name`;
  const part = match[2];
  return (cell, row, file) => {
    const name = row.get(nameColumn);
    if (!name) return undefined;
    // Another attribute of the same terms: only a product without variations can change its attributes freely.
    if (part === "name") return row.kind === "simple" ? `${cell} edited` : undefined;
    if (part === "used for variations") {
      return row.kind === "variable" && !variationsOf(file, row).length ? flip(cell) : undefined;
    }
    if (isProduct(row)) return appended(cell, "Edited value");
    // A variation's term: another of its parent's that no other variation stands for with the same other terms.
    const parent = parentOf(file, row);
    const parentColumn = file.header.find((c) => /^Attribute \d+ name$/.test(c) && parent.get(c) === name) as string;
    const terms = parent.get(parentColumn.replace("name", "value(s)")).split(", ");
    const combination = (r: RowView, own: string) =>
      file.header
        .filter((c) => /^Attribute \d+ value\(s\)$/.test(c))
        .map((c) => (c === column ? own : r.get(c)))
        .join("|");
    const taken = new Set(variationsOf(file, parent).map((sibling) => combination(sibling, sibling.get(column))));
    return terms.find((term) => term !== cell && !taken.has(combination(row, term)));
  };
}

const editOf = (column: string): Edit | undefined => EDITS[column] ?? attributeEdit(column);

/** The ids a product's row and its variations' rows carry. */
function productIds(file: CsvView, row: RowView): { product: number; variations: number[] } {
  const parent = row.kind === "variation" ? parentOf(file, row) : row;
  return { product: Number(parent.get("ID")), variations: variationsOf(file, parent).map((v) => Number(v.get("ID"))) };
}

interface EditedFile {
  text: string;
  column: string;
  row: RowView;
  label: string;
}

/** The file with one cell edited, or undefined when the column means nothing on that row. */
function edited(file: CsvView, index: number, column: string, pick: Pick): EditedFile | undefined {
  const edit = editOf(column);
  const row = rowOf(file, index);
  const at = file.header.indexOf(column);
  const before = (file.rows[index] as string[])[at] ?? "";
  const after = edit?.(before, row, file, pick);
  if (after === undefined || after === before) return undefined;
  const rows = file.rows.map((cells, i) => (i === index ? cells.map((cell, c) => (c === at ? after : cell)) : cells));
  return { text: writeView({ header: file.header, rows }), column, row, label: `${column} "${before}" → "${after}" on line ${index + 2}` };
}

/** What the import should answer for a file with that one edit, against the whole file's counts. */
function expectedCounts(file: CsvView, change: EditedFile) {
  const products = file.rows.filter((_, i) => rowOf(file, i).kind !== "variation").length;
  const variations = file.rows.length - products;
  const { variations: own } = productIds(file, change.row);
  // A variation's row holds its product's name.
  const variationsUpdated = change.row.kind === "variation" ? 1 : change.column === "Name" ? own.length : 0;
  return {
    created: 0,
    updated: 1,
    unchanged: products - 1,
    variations_created: 0,
    variations_updated: variationsUpdated,
    variations_unchanged: variations - variationsUpdated,
  };
}

const importCsv = (text: string, dryRun = false) => importProductCsv(shop.app, owner, text, { dryRun });
const exported = async () => {
  const response = await exportProductCsv(owner);
  expect(response.statusCode).toBe(200);
  return response.body;
};

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  const { read, saved } = settingsGroups(() => owner);
  await saved("inventory", { ...(await read("inventory")), low_stock_amount: 4, out_of_stock_amount: 2 });
  expect((await adminCall(owner, "POST", "/shipping/classes", { name: "Bulky", slug: "bulky" })).statusCode).toBe(201);
  const made = await importCsv(fixtureFile());
  expect(made.statusCode, made.body).toBe(200);
}, SLOW);
afterAll(() => shop.close());

describe("the shop's own export imported again", { timeout: SLOW }, () => {
  it("changes nothing, whatever its products hold: every product and variation unchanged, none written", async () => {
    const file = await exported();
    const view = readView(file);
    // Tracked stock the shop keeps back is stored out of stock, as the import's restate leaves it.
    expect(view.rows.find((cells) => cells.includes("EDIT-LAST"))?.[view.header.indexOf("In stock?")]).toBe("0");
    const dates = await datesModified(shop.db);
    const answer = await importCsv(file);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ created: 0, updated: 0, variations_created: 0, variations_updated: 0, updated_ids: [] });
    expect(answer.json().unchanged + answer.json().variations_unchanged).toBe(view.rows.length);
    expect(await datesModified(shop.db)).toEqual(dates);
    expect(await exported()).toBe(file);
  });
});

describe("one cell edited", { timeout: SLOW }, () => {
  it("of each column the import writes, on a product's row and a variation's, makes exactly that product updated and written", async () => {
    const header = readView(await exported()).header;
    // Every column but the two that name the row: a column added to the export needs an edit here.
    expect(header.filter((column) => !editOf(column))).toEqual(["ID", "Parent"]);
    const first: Pick = (items) => items[0] as (typeof items)[number];
    const covered = new Set<string>();
    for (const column of header.filter((c) => editOf(c))) {
      for (const onVariation of [false, true]) {
        // Each edit on the file as the last one left the shop, from the last rows (the fixtures) up.
        const view = readView(await exported());
        const indexes = view.rows.map((_, i) => i).filter((i) => (rowOf(view, i).kind === "variation") === onVariation);
        const change = indexes
          .reverse()
          .map((i) => edited(view, i, column, first))
          .find(Boolean);
        if (!change) continue;
        covered.add(column);
        const { product, variations } = productIds(view, change.row);
        const before = new Map(await datesModified(shop.db));
        const answer = await importCsv(change.text);
        expect(answer.statusCode, `${change.label}: ${answer.body}`).toBe(200);
        expect(answer.json(), change.label).toMatchObject({ ...expectedCounts(view, change), updated_ids: [product] });
        // Written: the product, and the variation edited (all of them for the name they carry); nothing else.
        const written = (await datesModified(shop.db)).filter(([id, at]) => before.get(id) !== at).map(([id]) => id);
        const variationId = Number(change.row.get("ID"));
        const expected = [product, ...(onVariation ? [variationId] : column === "Name" ? variations : [])];
        expect(
          written.sort((a, b) => a - b),
          change.label,
        ).toEqual(expected.sort((a, b) => a - b));
      }
    }
    expect([...covered]).toEqual(header.filter((c) => editOf(c)));
  });

  it("at random, any row and column, is counted as one updated product in a dry run (property test)", async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const random = seededRandom(seed);
    const pick: Pick = (items) => items[Math.floor(random() * items.length)] as (typeof items)[number];
    const view = readView(await exported());
    const columns = view.header.filter((column) => editOf(column));
    let tried = 0;
    while (tried < 40) {
      const change = edited(view, Math.floor(random() * view.rows.length), pick(columns), pick);
      if (!change) continue;
      tried++;
      const answer = await importCsv(change.text, true);
      const label = `seed ${seed}, ${change.label}`;
      expect(answer.statusCode, `${label}: ${answer.body}`).toBe(200);
      expect(answer.json(), label).toMatchObject(expectedCounts(view, change));
    }
  });
});
