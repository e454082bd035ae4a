import { describe, expect, it } from "vitest";
import { productsReportPath } from "../dashboard/range.ts";
import { apiParams, isReportTab, reportCsvUrl, reportPath, reportQuery, sortPath, tabPath } from "./query.ts";

const TODAY = new Date("2026-11-25T12:00:00Z");
const read = (tab: Parameters<typeof reportQuery>[0], search: string) => {
  const { invalid: _invalid, ...query } = reportQuery(tab, new URLSearchParams(search), TODAY);
  return query;
};

describe("reportQuery", () => {
  it("reads a bare URL as the last 30 days, the tab's own sort and order, page 1", () => {
    expect(reportQuery("products", new URLSearchParams(), TODAY)).toEqual({
      tab: "products",
      from: "2026-10-27",
      to: "2026-11-25",
      search: "",
      sort: "items_sold",
      order: "desc",
      page: 1,
      invalid: false,
    });
    expect(read("taxes", "").sort).toBe("total_tax");
    expect(read("customers", "sort=name")).toMatchObject({ sort: "name", order: "asc" });
  });

  it("clamps what the API would refuse: another tab's sort, a bad order or page, a refused range (said so); a search only where the tab has one", () => {
    expect(read("coupons", "sort=spend&order=up&page=0")).toMatchObject({ sort: "orders", order: "desc", page: 1 });
    expect(read("products", "page=100001").page).toBe(1);
    const refused = reportQuery("products", new URLSearchParams("from=2026-11-30&to=2026-11-01"), TODAY);
    expect(refused).toMatchObject({ from: "2026-10-27", to: "2026-11-25", invalid: true });
    expect(read("taxes", "search=vat").search).toBe("");
    expect(read("customers", `search=${"  ada  "}`).search).toBe("ada");
  });

  it("knows its tabs", () => {
    expect(["products", "coupons", "taxes", "customers", "orders", undefined].map(isReportTab)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("the reports' links", () => {
  const query = read("products", "from=2026-11-01&to=2026-11-20&search=hoodie&sort=net_sales&order=asc&page=3");

  it("write back what differs from the defaults, the days kept unless they are the last 30", () => {
    expect(reportPath(query, {}, TODAY)).toBe(
      "/admin/reports/products?from=2026-11-01&to=2026-11-20&search=hoodie&sort=net_sales&order=asc&page=3",
    );
    expect(reportPath(read("products", ""), {}, TODAY)).toBe("/admin/reports/products");
    expect(reportPath(query, { search: "", page: 1 }, TODAY)).toBe(
      "/admin/reports/products?from=2026-11-01&to=2026-11-20&sort=net_sales&order=asc",
    );
  });

  it("another tab keeps the days only; a header turns its column's order round or starts another at its default", () => {
    expect(tabPath(query, "taxes", TODAY)).toBe("/admin/reports/taxes?from=2026-11-01&to=2026-11-20");
    expect(sortPath(query, "net_sales", TODAY)).toBe("/admin/reports/products?from=2026-11-01&to=2026-11-20&search=hoodie&sort=net_sales");
    expect(sortPath(query, "name", TODAY)).toBe("/admin/reports/products?from=2026-11-01&to=2026-11-20&search=hoodie&sort=name");
    expect(sortPath(read("products", "sort=name"), "name", TODAY)).toBe("/admin/reports/products?sort=name&order=desc");
  });

  it("the dashboard's top products open the Products tab for its period", () => {
    expect(productsReportPath({ from: "2026-10-27", to: "2026-11-25" }, TODAY)).toBe("/admin/reports/products");
    expect(productsReportPath({ from: "2026-11-01", to: "2026-11-25" }, TODAY)).toBe(
      "/admin/reports/products?from=2026-11-01&to=2026-11-25",
    );
  });

  it("the CSV has the same days, search and order, every page", () => {
    expect(apiParams(query)).toEqual({ from: "2026-11-01", to: "2026-11-20", sort: "net_sales", order: "asc", search: "hoodie" });
    expect(reportCsvUrl(query)).toBe(
      "/api/admin/v1/reports/products.csv?from=2026-11-01&to=2026-11-20&sort=net_sales&order=asc&search=hoodie",
    );
  });
});
