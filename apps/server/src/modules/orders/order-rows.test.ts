/** The taxes an order shows (decision 0152): by rate while the shop itemises them, whether the order kept its rates or not. */
import { describe, expect, it } from "vitest";
import { readTaxRates, shownTaxLines } from "./order-rows.ts";

const byRate = [
  { rate_id: 1, name: "CA Tax", rate: "7.25%", tax_total: 290, shipping_tax_total: 36 },
  { rate_id: 9, name: "US Tax", rate: "1.5%", tax_total: 60, shipping_tax_total: 8 },
];

describe("shownTaxLines", () => {
  it("an order that kept its rates shows each, its tax and shipping tax together, while the shop itemises taxes", () => {
    expect(shownTaxLines({ taxes_by_rate: byRate, tax_lines: [] }, true)).toEqual([
      { name: "CA Tax", rate: "7.25%", amount: 326 },
      { name: "US Tax", rate: "1.5%", amount: 68 },
    ]);
  });

  it("shows no line by rate while the shop does not itemise taxes, whatever the order kept", () => {
    expect(shownTaxLines({ taxes_by_rate: byRate, tax_lines: [] }, false)).toEqual([]);
    expect(shownTaxLines({ tax_lines: [{ name: "CA Tax", rate: "7.25%", price: "326" }] }, false)).toEqual([]);
  });

  it("an order kept before its rates shows the lines it kept, none when the shop did not itemise them then", () => {
    expect(shownTaxLines({ tax_lines: [{ name: "CA Tax", rate: "7.25%", price: "326" }] }, true)).toEqual([
      { name: "CA Tax", rate: "7.25%", amount: 326 },
    ]);
    expect(shownTaxLines({ tax_lines: [] }, true)).toEqual([]);
  });

  it("a rate whose tax came to nothing is not shown", () => {
    const zero = { rate_id: 2, name: "NY Tax", rate: "4%", tax_total: -8, shipping_tax_total: 8 };
    expect(shownTaxLines({ taxes_by_rate: [zero] }, true)).toEqual([]);
  });
});

describe("readTaxRates", () => {
  it("reads the kept rates, and undefined for an order kept before them", () => {
    expect(readTaxRates({ taxes_by_rate: byRate })).toEqual(byRate);
    expect(readTaxRates({ taxes_by_rate: [] })).toEqual([]);
    expect(readTaxRates({})).toBeUndefined();
  });
});
