/** The customer export's row (decision 0103): the billing fields, money as decimals, dates on the shop's clock. */
import { csvLine } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import { CUSTOMER_EXPORT_COLUMNS, customerExportCells, shopDateCell } from "./export-rows.ts";

const account = {
  id: 7,
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Lovelace",
  role: "customer",
  billing_address: JSON.stringify({
    address_1: "1 Main St",
    city: "Leeds",
    postcode: "LS1 1AA",
    country: "GB",
    phone: "0113",
    "cw/gift": true,
  }),
  created_at: "2026-01-31T23:30:00.000Z",
  orders: 3,
  spend: 123456,
  last_order_at: "2026-06-30T23:15:00.000Z",
};

describe("customerExportCells", () => {
  it("writes one cell per column, in order", () => {
    const cells = customerExportCells(account, { code: "GBP", minorUnit: 2 }, "UTC");
    expect(cells).toHaveLength(CUSTOMER_EXPORT_COLUMNS.length);
    expect(cells).toEqual([
      7,
      "ada@example.com",
      "Ada",
      "Lovelace",
      "customer",
      "",
      "1 Main St",
      "",
      "Leeds",
      "",
      "LS1 1AA",
      "GB",
      "0113",
      3,
      "1234.56",
      "GBP",
      "2026-06-30 23:15",
      "2026-01-31 23:30",
    ]);
  });

  it("writes the dates on the shop's clock and money in the currency's decimals", () => {
    const cells = customerExportCells({ ...account, spend: 1200 }, { code: "JPY", minorUnit: 0 }, "Europe/London");
    expect(cells[14]).toBe("1200");
    // British Summer Time in June: an hour ahead of UTC, the next day.
    expect(cells[16]).toBe("2026-07-01 00:15");
    expect(cells[17]).toBe("2026-01-31 23:30");
  });

  it("leaves the cells of a missing or unreadable address and a missing order date empty", () => {
    const cells = customerExportCells(
      { ...account, billing_address: "not json", last_order_at: null },
      { code: "USD", minorUnit: 2 },
      "UTC",
    );
    expect(cells.slice(5, 13)).toEqual(["", "", "", "", "", "", "", ""]);
    expect(cells[16]).toBe("");
    expect(shopDateCell("not a date", "UTC")).toBe("");
  });

  it("is neutralised by the CSV writer where a cell could start a formula", () => {
    const line = csvLine(customerExportCells({ ...account, first_name: "=1+1", last_name: "@x" }, { code: "USD", minorUnit: 2 }, "UTC"));
    expect(line).toContain(",'=1+1,'@x,");
  });
});
