/** One order as a row of the owner's CSV export (decision 0033): cells, money, addresses and formula-safe text. */
import { describe, expect, it } from "vitest";
import { decimalAmount, EXPORT_COLUMNS, type ExportOrder, exportCells, exportFileName, exportLine, minorUnitOf } from "./export-rows.ts";

const order: ExportOrder = {
  id: 1042,
  created_at: "2026-11-25T09:30:05.123Z",
  status: "processing",
  billing_email: "ada@example.com",
  billing_address: JSON.stringify({
    first_name: "Ada",
    last_name: "Lovelace",
    company: "Engines, Ltd",
    address_1: "1 Test Street",
    city: "Los Angeles",
    state: "CA",
    postcode: "90001",
    country: "US",
    phone: "+1 555 0100",
    email: "ada@example.com",
  }),
  shipping_address: JSON.stringify({
    first_name: "Bea",
    last_name: "Zed",
    address_1: "2 Quay",
    city: "Berlin",
    postcode: "10115",
    country: "DE",
  }),
  customer_note: 'Ring twice, say "hi"\nthen wait',
  payment_method: "cod",
  payment_method_title: "Cash on delivery",
  transaction_id: "",
  currency: "USD",
  total: 12345,
  total_tax: 905,
  total_shipping: 500,
  total_discount: 1000,
  total_refunded: 0,
  fee_lines: "[]",
  source_type: "utm",
  utm_source: "google",
};
const items = [
  { name: "Classic T-Shirt", quantity: 2, subtotal: 4000 },
  { name: "Limited Print", quantity: 1, subtotal: 7940 },
];

describe("exportCells", () => {
  it("writes every documented column, money as decimals in the order's currency", () => {
    const cells = exportCells(order, items, 2);
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    expect(Object.fromEntries(EXPORT_COLUMNS.map((name, i) => [name, cells[i]]))).toEqual({
      Number: 1042,
      Date: "2026-11-25 09:30:05",
      Status: "processing",
      "Customer name": "Ada Lovelace",
      Email: "ada@example.com",
      Phone: "+1 555 0100",
      "Billing address": "Ada Lovelace, Engines, Ltd, 1 Test Street, Los Angeles, California 90001, United States",
      "Shipping address": "Bea Zed, 2 Quay, Berlin, 10115, Germany",
      Items: "Classic T-Shirt × 2; Limited Print × 1",
      "Item count": 3,
      Subtotal: "119.40",
      Discount: "10.00",
      Shipping: "5.00",
      Fees: "0.00",
      Tax: "9.05",
      Total: "123.45",
      Refunded: "0.00",
      Currency: "USD",
      "Payment method": "Cash on delivery",
      "Transaction id": "",
      Origin: "Source: Google",
      "Customer note": 'Ring twice, say "hi"\nthen wait',
    });
  });

  it("sums the fees before tax, a discount fee below 0, so the money columns add up to the total", () => {
    const fees = JSON.stringify([
      { name: "Handling", total: "333", total_tax: "24" },
      { name: "Loyalty", total: "-250", total_tax: "-18" },
    ]);
    const cells = exportCells({ ...order, fee_lines: fees, total: 12345 + 83 + 6, total_tax: 905 + 6 }, items, 2);
    expect(cells[EXPORT_COLUMNS.indexOf("Fees")]).toBe("0.83");
    expect(cells[EXPORT_COLUMNS.indexOf("Total")]).toBe("124.34");
    expect(exportCells({ ...order, fee_lines: "not json" }, items, 2)[EXPORT_COLUMNS.indexOf("Fees")]).toBe("0.00");
  });

  it("leaves empty cells for an order without lines, shipping address or origin", () => {
    const cells = exportCells({ ...order, shipping_address: "{}", source_type: null, utm_source: null, payment_method_title: "" }, [], 0);
    expect(cells[EXPORT_COLUMNS.indexOf("Shipping address")]).toBe("");
    expect(cells[EXPORT_COLUMNS.indexOf("Items")]).toBe("");
    expect(cells[EXPORT_COLUMNS.indexOf("Item count")]).toBe(0);
    expect(cells[EXPORT_COLUMNS.indexOf("Total")]).toBe("12345");
    expect(cells[EXPORT_COLUMNS.indexOf("Origin")]).toBe("Unknown");
    expect(cells[EXPORT_COLUMNS.indexOf("Payment method")]).toBe("cod");
  });
});

describe("exportLine", () => {
  it("quotes commas, quotes and line breaks, and neutralises formula-like text", () => {
    const line = exportLine(
      {
        ...order,
        billing_address: JSON.stringify({ first_name: '=HYPERLINK("http://x","y")', last_name: "" }),
        billing_email: "@SUM(A1)",
        shipping_address: "{}",
      },
      [{ name: "+Plus", quantity: 1, subtotal: 100 }],
      2,
    );
    expect(line.endsWith("\r\n")).toBe(true);
    expect(line).toContain(
      `,processing,"'=HYPERLINK(""http://x"",""y"")",'@SUM(A1),,"'=HYPERLINK(""http://x"",""y"")",,'+Plus × 1,1,1.00,`,
    );
    expect(line).toContain(`"Ring twice, say ""hi""\nthen wait"\r\n`);
    expect(line).not.toMatch(/,=|,@|,\+/);
    expect(exportLine({ ...order, shipping_address: "{}" }, [], 2)).toContain(",'+1 555 0100,");
  });
});

describe("money and names", () => {
  it.each([
    [0, 2, "0.00"],
    [5, 2, "0.05"],
    [123456, 2, "1234.56"],
    [-250, 2, "-2.50"],
    [1500, 0, "1500"],
    [1, 3, "0.001"],
  ])("decimalAmount(%d, %d) = %s", (minor, unit, text) => {
    expect(decimalAmount(minor, unit)).toBe(text);
  });

  it("takes the shop's minor unit for its currency, ISO 4217's for others", () => {
    expect(minorUnitOf("USD", { code: "USD", minorUnit: 3 })).toBe(3);
    expect(minorUnitOf("JPY", { code: "USD", minorUnit: 2 })).toBe(0);
    expect(minorUnitOf("EUR", { code: "USD", minorUnit: 2 })).toBe(2);
    expect(minorUnitOf("??", { code: "USD", minorUnit: 2 })).toBe(2);
  });

  it("names the file by the UTC day", () => {
    expect(exportFileName(new Date("2026-11-25T23:59:59Z"))).toBe("orders-2026-11-25.csv");
    expect(exportFileName(new Date("2026-11-25T23:59:59Z"), "Europe/Paris")).toBe("orders-2026-11-26.csv");
  });
});
