import { describe, expect, it } from "vitest";
import { dayOrEmpty, entriesPath, entryQuery, filterParams, isFiltered } from "./query.ts";

const read = (text: string) => entryQuery(new URLSearchParams(text));

describe("entryQuery", () => {
  it("reads every filter from the URL", () => {
    expect(read("search=%20parcel%20&status=spam&payment=paid&from=2026-03-01&to=2026-03-31&order=oldest&page=3")).toEqual({
      search: "parcel",
      status: "spam",
      payment: "paid",
      from: "2026-03-01",
      to: "2026-03-31",
      order: "oldest",
      page: 3,
    });
  });

  it("drops what the API would refuse", () => {
    expect(read("status=deleted&payment=refunded&from=yesterday&to=2026-02-30&order=random&page=-2")).toEqual({
      search: "",
      status: "",
      payment: "",
      from: "",
      to: "",
      order: "newest",
      page: 1,
    });
    expect(read(`search=${"a".repeat(300)}`).search).toHaveLength(200);
    // From after To: the days between them, not an empty list.
    expect(read("from=2026-03-31&to=2026-03-01")).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
  });
});

describe("dayOrEmpty", () => {
  it.each([
    ["2026-02-28", "2026-02-28"],
    ["2028-02-29", "2028-02-29"],
    ["2026-02-29", ""],
    ["2026-3-1", ""],
    [null, ""],
  ])("%s → %s", (value, expected) => expect(dayOrEmpty(value)).toBe(expected));
});

describe("filterParams and entriesPath", () => {
  it("sends the API's names, only for filters that are set", () => {
    expect(filterParams(read("payment=none&from=2026-03-01"))).toEqual({ payment_status: "none", from: "2026-03-01" });
    expect(isFiltered(read("page=2&order=oldest"))).toBe(false);
    expect(isFiltered(read("status=complete"))).toBe(true);
  });

  it("writes the page's links with the filters kept and the defaults left out", () => {
    const query = read("search=late parcel&payment=paid&page=2");
    expect(entriesPath(7, query)).toBe("/admin/forms/7/entries?search=late+parcel&payment=paid&page=2");
    expect(entriesPath(7, query, { order: "oldest", page: 1 })).toBe("/admin/forms/7/entries?search=late+parcel&payment=paid&order=oldest");
    expect(entriesPath(7, read(""))).toBe("/admin/forms/7/entries");
  });
});
