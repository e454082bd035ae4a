/** The stock page's address and units (decision 0099). */
import { describe, expect, it } from "vitest";
import { stockLink, stockQuery, unitsText } from "./model.ts";

describe("stockQuery and stockLink", () => {
  it("reads a tab, search, order and page, anything else as the defaults", () => {
    expect(stockQuery(new URLSearchParams("status=low&search=%20print%20&order=desc&page=3"))).toEqual({
      status: "low",
      search: "print",
      order: "desc",
      page: 3,
    });
    expect(stockQuery(new URLSearchParams("status=sold&order=up&page=-2"))).toEqual({ status: "all", search: "", order: "asc", page: 1 });
  });

  it("writes the address back without defaults, a change going back to the first page", () => {
    const query = stockQuery(new URLSearchParams("status=out&search=mug&page=4"));
    expect(stockLink(query)).toBe("/admin/stock?status=out&search=mug");
    expect(stockLink(query, { page: 5 })).toBe("/admin/stock?status=out&search=mug&page=5");
    expect(stockLink(query, { status: "all", search: "" })).toBe("/admin/stock");
    expect(stockLink(query, { order: "desc" })).toBe("/admin/stock?status=out&search=mug&order=desc");
  });
});

describe("unitsText", () => {
  it("says units, one in the singular, owed units with a minus sign", () => {
    expect(unitsText(1)).toBe("1 unit");
    expect(unitsText(0)).toBe("0 units");
    expect(unitsText(1200)).toBe("1,200 units");
    expect(unitsText(-1)).toBe("\u22121 unit");
  });
});
