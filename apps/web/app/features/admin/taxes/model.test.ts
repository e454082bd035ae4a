import { describe, expect, it } from "vitest";
import { cellErrors, emptyRow, fromRow, moved, shortRate, toRow } from "./model.ts";

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
    const row = toRow(rate);
    expect(row).toMatchObject({ key: "7", label: "CA Tax", rate: "7.25", postcodes: "90210, 902*", cities: "Los Angeles", priority: "1" });
    // The row keeps the version its save sends back; the body itself never carries it.
    expect(row.version).toBe("version-of-rate-7");
    const result = fromRow({ ...row, country: " us ", postcodes: "90210, ,902* ,", cities: "" }, "reduced-rate");
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
    ["20.0000", "20"],
    ["9.9750", "9.975"],
    ["0.0000", "0"],
    ["100.0000", "100"],
  ])("shortRate(%s) = %s", (stored, shown) => {
    expect(shortRate(stored)).toBe(shown);
  });

  it("refuses a priority that is not a whole number of 1 or more, before any call", () => {
    for (const priority of ["0", "", "1.5", "x"]) {
      expect(fromRow({ ...emptyRow(1), priority }, "standard")).toEqual({
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
