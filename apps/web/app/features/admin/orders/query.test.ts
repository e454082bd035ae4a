import { describe, expect, it } from "vitest";
import { clearedPath, DEFAULT_QUERY, filterParams, isFiltered, listParams, orderQuery, ordersPath, sortPath, tabPath } from "./query.ts";

const read = (text: string) => orderQuery(new URLSearchParams(text));

describe("orderQuery", () => {
  it("reads the tab, every filter, the sorting and the page from the URL", () => {
    expect(
      read(
        "status=on-hold&search=%20ada%40example.com%20&from=2026-03-01&to=2026-03-31&payment_method=bacs&source_type=utm&source=google&orderby=total&order=asc&page=3",
      ),
    ).toEqual({
      status: "on-hold",
      search: "ada@example.com",
      from: "2026-03-01",
      to: "2026-03-31",
      payment_method: "bacs",
      source_type: "utm",
      source: "google",
      orderby: "total",
      order: "asc",
      page: 3,
    });
  });

  it("falls back to the defaults for what the API would refuse", () => {
    expect(read("status=checkout-draft&from=yesterday&to=2026-02-30&source_type=ads&orderby=name&order=up&page=-2")).toEqual(DEFAULT_QUERY);
    expect(read("")).toEqual(DEFAULT_QUERY);
    expect(read(`search=${"a".repeat(300)}`).search).toHaveLength(200);
    expect(read("page=100001").page).toBe(1);
  });

  it("turns a backwards date range around and drops a source the unknown origin cannot have", () => {
    expect(read("from=2026-03-31&to=2026-03-01")).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
    expect(read("source_type=unknown&source=google")).toMatchObject({ source_type: "unknown", source: "" });
  });

  it("keeps the Web admin origin of orders made in the console", () => {
    expect(read("source_type=admin&source=(none)")).toMatchObject({ source_type: "admin", source: "(none)" });
  });
});

describe("the API's parameters", () => {
  it("sends only the filters that are set, under the API's names", () => {
    const query = read("status=completed&payment_method=cod&source=google&orderby=total&page=2");
    expect(filterParams(query)).toEqual({ payment_method: "cod", source: "google" });
    expect(listParams(query)).toEqual({ status: "completed", payment_method: "cod", source: "google", orderby: "total" });
    expect(isFiltered(read("status=completed&orderby=total&order=asc&page=4"))).toBe(false);
    expect(isFiltered(read("from=2026-01-01"))).toBe(true);
  });
});

describe("the page's links", () => {
  const query = read("status=processing&search=blue mug&payment_method=cod&page=2");

  it("keeps the filters, leaves the defaults out and reads back to the same query", () => {
    expect(ordersPath(query)).toBe("/admin/orders?status=processing&search=blue+mug&payment_method=cod&page=2");
    expect(orderQuery(new URL(ordersPath(query), "http://shop.test").searchParams)).toEqual(query);
    expect(ordersPath(DEFAULT_QUERY)).toBe("/admin/orders");
  });

  it("a tab keeps the filters and starts at its first page; All leaves the status out", () => {
    expect(tabPath(query, "refunded")).toBe("/admin/orders?status=refunded&search=blue+mug&payment_method=cod");
    expect(tabPath(query, "all")).toBe("/admin/orders?search=blue+mug&payment_method=cod");
  });

  it("clearing the filters keeps the tab and the sorting", () => {
    expect(clearedPath(read("status=failed&search=x&from=2026-01-01&source_type=referral&orderby=total&page=3"))).toBe(
      "/admin/orders?status=failed&orderby=total",
    );
  });

  it("a sorted header turns its direction around, another header starts largest first", () => {
    expect(sortPath(DEFAULT_QUERY, "date")).toBe("/admin/orders?order=asc");
    expect(sortPath(read("order=asc"), "date")).toBe("/admin/orders");
    expect(sortPath(DEFAULT_QUERY, "total")).toBe("/admin/orders?orderby=total");
    expect(sortPath(read("orderby=total&page=5"), "total")).toBe("/admin/orders?orderby=total&order=asc");
    expect(sortPath(read("orderby=total&order=asc"), "date")).toBe("/admin/orders");
  });
});
