/** The print page's query and the links other order pages build to it and to the CSV. */
import { describe, expect, it } from "vitest";
import { ordersCsvUrl, printPath, printQuery } from "./api.ts";
import { formatMoney } from "./format.ts";

describe("printQuery", () => {
  it("reads the order numbers once each, in order, and the document", () => {
    expect(printQuery(new URLSearchParams("ids=3,1,3&document=packing-slip"))).toEqual({ ids: [3, 1], document: "packing-slip" });
    expect(printQuery(new URLSearchParams("ids=7"))).toEqual({ ids: [7], document: "invoice" });
  });

  it("names nothing for no orders, more than 50, or another document", () => {
    expect(printQuery(new URLSearchParams("document=invoice"))).toBeNull();
    expect(printQuery(new URLSearchParams("ids=0,-1,x"))).toBeNull();
    expect(printQuery(new URLSearchParams(`ids=${Array.from({ length: 51 }, (_, n) => n + 1).join(",")}`))).toBeNull();
    expect(printQuery(new URLSearchParams("ids=1&document=receipt"))).toBeNull();
  });

  it("round-trips the path other pages link to", () => {
    const path = printPath([12, 9], "packing-slip");
    expect(path).toBe("/admin/orders/print?ids=12%2C9&document=packing-slip");
    expect(printQuery(new URL(path, "http://shop.test").searchParams)).toEqual({ ids: [12, 9], document: "packing-slip" });
  });
});

describe("ordersCsvUrl", () => {
  it("carries the list's filters, leaving out empty ones", () => {
    expect(ordersCsvUrl({ status: "processing", search: "", from: "2026-11-01" })).toBe(
      "/api/admin/v1/orders/export.csv?status=processing&from=2026-11-01",
    );
    expect(ordersCsvUrl({})).toBe("/api/admin/v1/orders/export.csv");
  });
});

describe("format", () => {
  it("writes money with the currency's own decimals", () => {
    expect(formatMoney(12345, "USD", undefined, "en-US")).toBe("$123.45");
    expect(formatMoney(1500, "JPY", undefined, "en-US")).toBe("¥1,500");
    expect(formatMoney(2681, "JPY", 2, "en-US")).toBe("¥26.81");
  });
});
