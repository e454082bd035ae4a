import { csvLine } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import { arrange, CSV_TABS, type CustomerRow, pageOf, shippingTaxShares, sumOf, taxLabel } from "./report-table.ts";

type Row = { id: number; name: string; sold: number };
const shape = {
  text: (row: Row) => row.name,
  sorts: { name: (row: Row) => row.name, sold: (row: Row) => row.sold },
  key: (row: Row) => String(row.id).padStart(4, "0"),
};
const rows: Row[] = [
  { id: 3, name: "beanie", sold: 5 },
  { id: 1, name: "Hoodie – Red", sold: 2 },
  { id: 2, name: "Classic T-Shirt", sold: 5 },
  { id: 4, name: "Hoodie – Blue", sold: 9 },
];

describe("arrange", () => {
  it("sorts numbers by size and names by letter, ignoring case, ties by key whichever the direction", () => {
    expect(arrange(rows, { sort: "sold", order: "desc" }, shape).map((row) => row.id)).toEqual([4, 2, 3, 1]);
    expect(arrange(rows, { sort: "sold", order: "asc" }, shape).map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(arrange(rows, { sort: "name", order: "asc" }, shape).map((row) => row.name)).toEqual([
      "beanie",
      "Classic T-Shirt",
      "Hoodie – Blue",
      "Hoodie – Red",
    ]);
  });

  it("finds rows holding every word of a search, in any case, and leaves the rows it was given as they were", () => {
    const given = [...rows];
    expect(arrange(rows, { search: "  hoodie  RED ", sort: "name", order: "asc" }, shape).map((row) => row.id)).toEqual([1]);
    expect(arrange(rows, { search: "hoodie", sort: "sold", order: "desc" }, shape).map((row) => row.id)).toEqual([4, 1]);
    expect(arrange(rows, { search: "mug", sort: "sold", order: "desc" }, shape)).toEqual([]);
    expect(rows).toEqual(given);
  });
});

describe("pageOf and sumOf", () => {
  it("cuts a page and counts the pages (an empty list has none, as X-WP-TotalPages says)", () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({ total: 5, pages: 3, page: 2, per_page: 2, rows: [3, 4] });
    expect(pageOf([1, 2], 4, 2)).toEqual({ total: 2, pages: 1, page: 4, per_page: 2, rows: [] });
    expect(pageOf([], 1, 20).pages).toBe(0);
  });

  it("sums the named figures", () => {
    expect(sumOf(rows, ["sold", "id"])).toEqual({ sold: 21, id: 10 });
    expect(sumOf([], ["sold"])).toEqual({ sold: 0 });
  });
});

describe("shippingTaxShares", () => {
  it("gives one line the whole shipping tax", () => {
    expect(shippingTaxShares([725], 36)).toEqual([36]);
    expect(shippingTaxShares([], 36)).toEqual([]);
  });

  it("shares it by the lines' amounts in whole units that add up exactly, the largest remainders taking what rounding left", () => {
    expect(shippingTaxShares([300, 100], 40)).toEqual([30, 10]);
    expect(shippingTaxShares([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(shippingTaxShares([1, 2], 1)).toEqual([0, 1]);
    for (const [amounts, tax] of [
      [[733, 101, 59], 97],
      [[1, 1, 1, 1, 1, 1, 7], 13],
      [[5000, 1], 3],
    ] as const) {
      const shares = shippingTaxShares(amounts, tax);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(tax);
      for (const [index, share] of shares.entries()) expect(share).toBeLessThanOrEqual(amounts[index] ?? 0);
    }
  });

  it("shares a negative shipping tax the same way, and nothing over lines that add up to nothing", () => {
    expect(shippingTaxShares([300, 100], -40)).toEqual([-30, -10]);
    expect(shippingTaxShares([0, 0], 10)).toEqual([0, 0]);
    expect(shippingTaxShares([300, 100], 0)).toEqual([0, 0]);
  });
});

describe("the CSV cells", () => {
  it("labels a rate with its percentage, or its name alone", () => {
    expect(taxLabel("VAT", "20%")).toBe("VAT (20%)");
    expect(taxLabel("Tax", "")).toBe("Tax");
  });

  it("writes money as decimals of the shop's currency, names its columns with it, and a customer's type and last order", () => {
    const row: CustomerRow = {
      customer_id: null,
      type: "guest",
      name: "",
      email: "@guest@example.com",
      orders: 3,
      spend: 10_050,
      average: 3350,
      last_order_at: "2026-10-04T01:00:00.000Z",
    };
    expect(CSV_TABS.customers.columns("EUR", "Europe/Paris")).toEqual(
      expect.arrayContaining(["Total spend (EUR)", "Last order (Europe/Paris)"]),
    );
    const cells = CSV_TABS.customers.cells(row, 2, (iso) => iso.slice(0, 10));
    expect(cells).toEqual(["", "@guest@example.com", "Guest", 3, "100.50", "33.50", "2026-10-04"]);
    // Formula-looking cells are neutralised by csvLine, as every export's.
    expect(csvLine(cells)).toBe(",'@guest@example.com,Guest,3,100.50,33.50,2026-10-04\r\n");
    expect(
      CSV_TABS.taxes.cells(
        { name: "VAT", rate: "20%", label: "VAT (20%)", order_tax: 1200, shipping_tax: 300, total_tax: 1500, orders: 2 },
        0,
        String,
      ),
    ).toEqual(["VAT", "20%", "1200", "300", "1500", 2]);
  });
});
