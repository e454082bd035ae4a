import { describe, expect, it } from "vitest";
import { customerQuery, customersPath, guestPath, guestQuery, guestsPath, sortPath } from "./query.ts";

const query = (text: string) => customerQuery(new URLSearchParams(text));

describe("customerQuery", () => {
  it("defaults to names A to Z on page 1", () => {
    expect(query("")).toEqual({ search: "", sort: "name", order: "asc", page: 1 });
  });

  it("reads a figure's sort biggest first unless told, and refuses what the API would", () => {
    expect(query("sort=spend")).toMatchObject({ sort: "spend", order: "desc" });
    expect(query("sort=spend&order=asc")).toMatchObject({ sort: "spend", order: "asc" });
    expect(query("sort=password&order=sideways&page=0")).toEqual({ search: "", sort: "name", order: "asc", page: 1 });
    expect(query("page=100000").page).toBe(100_000);
    expect(query("page=100001").page).toBe(1);
    expect(query(`search=${"a".repeat(300)}`).search).toHaveLength(200);
  });
});

describe("customersPath and sortPath", () => {
  it("round-trips, defaults left out", () => {
    for (const text of ["", "search=ada&sort=orders&page=3", "sort=name&order=desc", "sort=last_order&order=asc"]) {
      const parsed = query(text);
      expect(query(customersPath(parsed).split("?")[1] ?? "")).toEqual(parsed);
    }
    expect(customersPath(query("sort=name&order=asc&page=1"))).toBe("/admin/customers");
  });

  it("turns the current column round and starts another at its own order, back on page 1", () => {
    expect(sortPath(query("page=4"), "name")).toBe("/admin/customers?order=desc");
    expect(sortPath(query("search=ada&page=2"), "spend")).toBe("/admin/customers?search=ada&sort=spend");
    expect(sortPath(query("sort=spend"), "spend")).toBe("/admin/customers?sort=spend&order=asc");
  });
});

describe("guests", () => {
  it("keep their search and page in the URL", () => {
    const parsed = guestQuery(new URLSearchParams("search=bob&page=2"));
    expect(guestsPath(parsed)).toBe("/admin/customers/guests?search=bob&page=2");
    expect(guestsPath(parsed, { page: 1, search: "" })).toBe("/admin/customers/guests");
    expect(guestPath("a+b@example.com")).toBe("/admin/customers/guest?email=a%2Bb%40example.com");
  });
});
