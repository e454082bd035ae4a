/** The product CSV's reading (quotes, line breaks in cells, BOM, separators, each row's line) and each column's cell rules. */
import { describe, expect, it } from "vitest";
import {
  CellProblem,
  readBackorders,
  readDecimal,
  readDownloadNumber,
  readFlag,
  readInteger,
  readKilograms,
  readList,
  readMediaReference,
  readPath,
  readProductReference,
  readPublished,
  readStockStatus,
  readType,
  readVisibility,
  writeDecimal,
  writeList,
  writePath,
  writeType,
} from "./products.csv-format.ts";
import { detectDelimiter, readCsv } from "./products.csv-read.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const problemOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof CellProblem) return error.message;
    throw error;
  }
  return null;
};

describe("readCsv", () => {
  it("reads quoted cells, doubled quotes, line breaks inside cells and a BOM, each row at the line it starts on", () => {
    const file = readCsv(bytes('\uFEFFName,Description\r\n"Mug, blue","Say ""hi""\r\nto it"\r\n\r\nPlate,"one\ntwo\nthree"\nBowl,plain\n'));
    expect(file).toEqual({
      ok: true,
      header: ["Name", "Description"],
      rows: [
        { line: 2, cells: ["Mug, blue", 'Say "hi"\r\nto it'] },
        { line: 5, cells: ["Plate", "one\ntwo\nthree"] },
        { line: 8, cells: ["Bowl", "plain"] },
      ],
    });
  });

  it("takes the separator the header uses: ; or a tab as well as ,", () => {
    expect(detectDelimiter('Name;"Regular, price";SKU\n')).toBe(";");
    expect(detectDelimiter("Name\tSKU\n")).toBe("\t");
    expect(detectDelimiter("Name\n")).toBe(",");
    expect(readCsv(bytes("Name;Regular price\nMug;12,50\n"))).toMatchObject({ ok: true, rows: [{ line: 2, cells: ["Mug", "12,50"] }] });
  });

  it("takes off the quote our export puts before a formula character, and keeps a hand-written one", () => {
    expect(readCsv(bytes("Name,Stock\n'=Mug,'-3\n-Plate,-4\n"))).toMatchObject({
      rows: [{ cells: ["=Mug", "-3"] }, { cells: ["-Plate", "-4"] }],
    });
  });

  it("says at which line a file cannot be read", () => {
    expect(readCsv(bytes('Name\nA\n"B\n'))).toEqual({
      ok: false,
      problem: { line: 3, column: null, message: expect.stringContaining("never closed") },
    });
    expect(readCsv(bytes('Name,SKU\nA,"B"x\n'))).toEqual({
      ok: false,
      problem: { line: 2, column: null, message: expect.stringContaining("misplaced") },
    });
    expect(readCsv(new Uint8Array([0x4e, 0x0a, 0x41, 0x0a, 0xff, 0xfe, 0x0a]))).toEqual({
      ok: false,
      problem: { line: 3, column: null, message: expect.stringContaining("not UTF-8") },
    });
    expect(readCsv(bytes("\uFEFF \r\n"))).toMatchObject({ ok: false, problem: { line: 1, message: expect.stringContaining("empty") } });
    expect(readCsv(bytes("Name\nA\0B\n"))).toMatchObject({ ok: false, problem: { line: 2, message: expect.stringContaining("NUL") } });
  });
});

describe("prices", () => {
  it.each([
    ["12.50", 2, 1250],
    ["12,5", 2, 1250],
    ["12", 2, 1200],
    [" 0.99 ", 2, 99],
    ["1200", 0, 1200],
    ["1.234", 3, 1234],
    ["", 2, null],
  ])("%j in a currency of %i decimals is %j minor units", (text, minorUnit, minor) => {
    expect(readDecimal(text, minorUnit, 1_000_000_000)).toBe(minor);
  });

  it.each([
    ["1,234", "ambiguous"],
    ["1.234", "more decimals"],
    ["1,234.50", "not a price"],
    ["€12", "not a price"],
    ["-5", "not a price"],
    ["1e3", "not a price"],
    ["12 000", "not a price"],
    ["99999999999", "largest price"],
  ])("refuses %j (%s)", (text, reason) => {
    expect(problemOf(() => readDecimal(text, 2, 1_000_000_000))).toContain(reason);
  });

  it("writes minor units back as the import reads them", () => {
    for (const [minor, unit] of [
      [1250, 2],
      [5, 2],
      [0, 2],
      [1200, 0],
      [7, 3],
    ] as const) {
      expect(readDecimal(writeDecimal(minor, unit), unit, 1_000_000_000)).toBe(minor);
    }
    expect(writeDecimal(5, 2)).toBe("0.05");
    expect(writeDecimal(null, 2)).toBe("");
  });
});

describe("each column's cells", () => {
  it("whole numbers and weights", () => {
    expect(readInteger("-3", -10, 10)).toBe(-3);
    expect(readInteger("", 0, 10)).toBeNull();
    expect(problemOf(() => readInteger("2.5", 0, 10))).toBe('"2.5" is not a whole number.');
    expect(problemOf(() => readInteger("11", 0, 10))).toBe("11 is outside 0 to 10.");
    expect(readKilograms("0.25")).toBe(250);
    expect(readKilograms("2")).toBe(2000);
    expect(problemOf(() => readKilograms("0.2505"))).toContain("three decimals");
  });

  it("flags, published, stock status, backorders and visibility", () => {
    expect([readFlag("1"), readFlag("yes"), readFlag("TRUE"), readFlag("0"), readFlag("")]).toEqual([true, true, true, false, false]);
    expect(problemOf(() => readFlag("maybe"))).toBe('"maybe" is not 1 or 0.');
    expect([readPublished("1"), readPublished("0"), readPublished("")]).toEqual(["publish", "draft", "publish"]);
    expect(problemOf(() => readPublished("-1"))).toContain("Private");
    expect([readStockStatus("1"), readStockStatus("0"), readStockStatus("backorder"), readStockStatus("onbackorder")]).toEqual([
      "instock",
      "outofstock",
      "onbackorder",
      "onbackorder",
    ]);
    expect(problemOf(() => readStockStatus("lots"))).toContain("backorder");
    expect([readBackorders("1"), readBackorders("0"), readBackorders("notify"), readBackorders("")]).toEqual(["yes", "no", "notify", "no"]);
    expect(problemOf(() => readBackorders("sometimes"))).toContain("notify");
    expect([readVisibility(""), readVisibility("Hidden")]).toEqual(["visible", "hidden"]);
    expect(problemOf(() => readVisibility("shop"))).toContain("visible, catalog, search, hidden");
  });

  it("types, with WooCommerce's virtual and downloadable flags", () => {
    expect(readType("simple, virtual")).toEqual({ type: "simple", virtual: true, downloadable: false });
    expect(readType("Variable")).toEqual({ type: "variable", virtual: false, downloadable: false });
    expect(readType("")).toEqual({ type: "simple", virtual: false, downloadable: false });
    expect(problemOf(() => readType("external"))).toContain('"external" products');
    expect(readType("simple, downloadable, virtual")).toEqual({ type: "simple", virtual: true, downloadable: true });
    expect(readType("variation, downloadable")).toEqual({ type: "variation", virtual: false, downloadable: true });
    expect(problemOf(() => readType("variable, downloadable"))).toContain("mark its variations");
    expect(writeType("simple", true, true)).toBe("simple, downloadable, virtual");
    expect(readDownloadNumber("", 100)).toBeNull();
    expect(readDownloadNumber("-1", 100)).toBeNull();
    expect(readDownloadNumber("5", 100)).toBe(5);
    expect(problemOf(() => readDownloadNumber("0", 100))).toContain("from 1 to 100");
    expect(problemOf(() => readDownloadNumber("2.5", 100))).toContain("not a whole number");
    expect(problemOf(() => readType("simple, variable"))).toContain("more than one type");
  });

  it("lists and category paths, with backslash escapes both ways", () => {
    expect(readList(" Red , Blue,, Green ")).toEqual(["Red", "Blue", "Green"]);
    expect(readList("Salt\\, pepper, Oil")).toEqual(["Salt, pepper", "Oil"]);
    expect(readList(writeList(["a, b", "c"]))).toEqual(["a, b", "c"]);
    expect(readList("Clothing > Hoodies, Gifts").map(readPath)).toEqual([["Clothing", "Hoodies"], ["Gifts"]]);
    const path = writePath(["A > B, C", "D"]);
    expect(readList(path).map(readPath)).toEqual([["A > B, C", "D"]]);
  });

  it("product and media references", () => {
    expect(readProductReference("id:12")).toEqual({ id: 12 });
    expect(readProductReference("CW-001")).toEqual({ sku: "CW-001" });
    expect(readMediaReference("7")).toEqual({ id: 7 });
    expect(readMediaReference("/media/7/mug.webp")).toEqual({ id: 7 });
    expect(readMediaReference("https://old-shop.example/media/7/mug%20blue.webp")).toEqual({ id: 7 });
    expect(readMediaReference("mug.webp")).toEqual({ filename: "mug.webp" });
    expect(readMediaReference("https://old-shop.example/wp-content/uploads/2024/01/blue%20mug.jpg?v=2")).toEqual({
      filename: "blue mug.jpg",
    });
  });
});
