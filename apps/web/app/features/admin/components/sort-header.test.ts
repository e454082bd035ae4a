import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SortHeader, type Sorting } from "./SortHeader.tsx";

type Column = "name" | "spend";

const sorting = (column: Column, order: "asc" | "desc"): Sorting<Column> => ({
  column,
  order,
  path: (to) => `/list?sort=${to}`,
  first: (to) => (to === "name" ? "asc" : "desc"),
  sortBy: (label, next) => `Sort by ${label}, ${next}`,
});

const header = (of: Sorting<Column>, column: Column, label: string, numeric = false) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(
        "table",
        null,
        createElement("thead", null, createElement("tr", null, createElement(SortHeader<Column>, { sorting: of, column, label, numeric }))),
      ),
    ),
  );

describe("SortHeader", () => {
  it("gives the sorted column aria-sort and its arrow, and turns it around on a press", () => {
    const html = header(sorting("spend", "desc"), "spend", "Spend", true);
    expect(html).toContain('aria-sort="descending"');
    expect(html).toContain('class="admin-num admin-table__sort"');
    expect(html).toContain('href="/list?sort=spend"');
    expect(html).toContain('aria-label="Sort by Spend, ascending"');
    expect(html).toContain('<span aria-hidden="true" class="admin-sort__arrow"> ↓</span>');
    expect(header(sorting("spend", "asc"), "spend", "Spend")).toContain('aria-label="Sort by Spend, descending"');
  });

  it("starts another column the way its table says, with no aria-sort", () => {
    const name = header(sorting("spend", "desc"), "name", "Name");
    expect(name).not.toContain("aria-sort");
    expect(name).toContain('aria-label="Sort by Name, ascending"');
    expect(header(sorting("name", "asc"), "spend", "Spend")).toContain('aria-label="Sort by Spend, descending"');
  });

  it("gives an unsorted column the arrow of its first press as a hint, shown only on hover or focus (admin.css)", () => {
    expect(header(sorting("spend", "desc"), "name", "Name")).toContain(
      '<span aria-hidden="true" class="admin-sort__arrow admin-sort__arrow--hint"> ↑</span>',
    );
    expect(header(sorting("name", "asc"), "spend", "Spend")).toContain(
      '<span aria-hidden="true" class="admin-sort__arrow admin-sort__arrow--hint"> ↓</span>',
    );
    // The sorted column's is no hint.
    expect(header(sorting("name", "asc"), "name", "Name")).toContain('<span aria-hidden="true" class="admin-sort__arrow"> ↑</span>');
  });
});
