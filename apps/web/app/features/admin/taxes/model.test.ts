import { describe, expect, it } from "vitest";
import { cellErrors, emptyRow, fromRow, moved, toRow } from "./model.ts";

const pointDecimals = { decimalSeparator: ".", thousandSeparator: "," };
const commaDecimals = { decimalSeparator: ",", thousandSeparator: "." };

const rate = {
  id: 7,
  class: "standard",
  country: "US",
  state: "CA",
  postcodes: ["90210", "902*"],
  cities: ["Los Angeles"],
  rate: "7.2500",
  name: "CA Tax",
  priority: 1,
  compound: false,
  shipping: true,
  order: 0,
  version: "version-of-rate-7",
};

describe("rate rows", () => {
  it("shows the percent without stored zeros and lists as text, and sends them back as the API takes them", () => {
    const row = toRow(rate, pointDecimals);
    expect(row).toMatchObject({ key: "7", label: "CA Tax", rate: "7.25", postcodes: "90210, 902*", cities: "Los Angeles", priority: "1" });
    // The row keeps the version its save sends back; the body itself never carries it.
    expect(row.version).toBe("version-of-rate-7");
    const result = fromRow({ ...row, country: " us ", postcodes: "90210, ,902* ,", cities: "" }, "reduced-rate", pointDecimals);
    expect(result).toEqual({
      ok: true,
      input: {
        class: "reduced-rate",
        country: "US",
        state: "CA",
        postcodes: ["90210", "902*"],
        cities: [],
        rate: "7.25",
        name: "CA Tax",
        priority: 1,
        compound: false,
        shipping: true,
      },
    });
  });

  it.each([
    ["20.0000", "20", "20"],
    ["9.9750", "9.975", "9,975"],
    ["0.0000", "0", "0"],
    ["100.0000", "100", "100"],
  ])("shows the stored %s as %s, or %s where the shop writes a decimal comma", (stored, point, comma) => {
    expect(toRow({ ...rate, rate: stored }, pointDecimals).rate).toBe(point);
    expect(toRow({ ...rate, rate: stored }, commaDecimals).rate).toBe(comma);
  });

  it("reads the rate in the shop's decimal separator and sends the stored form", () => {
    const row = { ...toRow(rate, commaDecimals), rate: "20,5" };
    expect(fromRow(row, "standard", commaDecimals)).toMatchObject({ ok: true, input: { rate: "20.5" } });
    expect(fromRow(toRow(rate, commaDecimals), "standard", commaDecimals)).toMatchObject({ ok: true, input: { rate: "7.25" } });
  });

  it("refuses a rate in the other separator, with a thousand separator or empty, naming the shop's format", () => {
    const refusal =
      'Enter a percentage as the shop writes numbers, such as 20 or 7,25: digits, "," before at most 4 decimal places, no "." between thousands.';
    for (const typed of ["20.5", "1.000", "", "-5", "7,25%", "1,23456"]) {
      expect(fromRow({ ...toRow(rate, commaDecimals), rate: typed }, "standard", commaDecimals), typed).toEqual({
        ok: false,
        errors: { rate: refusal },
      });
    }
    // Both cells at once: the owner fixes them in one go.
    expect(fromRow({ ...emptyRow(1), rate: "x", priority: "0" }, "standard", pointDecimals)).toMatchObject({
      ok: false,
      errors: { rate: expect.stringContaining('"." before'), priority: "Enter a whole number, 1 or more." },
    });
  });

  it("refuses a priority that is not a whole number of 1 or more, before any call", () => {
    for (const priority of ["0", "", "1.5", "x"]) {
      expect(fromRow({ ...emptyRow(1), rate: "5", priority }, "standard")).toEqual({
        ok: false,
        errors: { priority: "Enter a whole number, 1 or more." },
      });
    }
  });

  it("puts the server's messages beside their cells, a list's items together", () => {
    expect(cellErrors({ "postcodes.0": "A.", "postcodes.2": "B.", rate: "C.", class: "D." })).toEqual({
      postcodes: "A. B.",
      rate: "C.",
      name: "D.",
    });
  });

  it("moves a row", () => {
    expect(moved([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
  });
});
