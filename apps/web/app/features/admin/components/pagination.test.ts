import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "./Pagination.tsx";

const pathFor = (page: number) => (page > 1 ? `/admin/things?search=a&page=${page}` : "/admin/things?search=a");

// React Router marks its links for route discovery: not what the owner reads.
const shown = (page: number, pages: number) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Pagination, { page, pages, pathFor }))).replaceAll(
    ' data-discover="true"',
    "",
  );

const pager = (previous: string, page: string, next: string) =>
  `<nav class="admin-pagination" aria-label="Pages"><ul class="admin-pagination__list"><li>${previous}</li><li><span aria-current="page" tabindex="-1">${page}</span></li><li>${next}</li></ul></nav>`;

describe("Pagination", () => {
  it("shows the first page with Previous page as text and Next page linked, the list's search kept", () => {
    expect(shown(1, 3)).toBe(
      pager(
        '<span class="admin-pagination__end">Previous page</span>',
        "Page 1 of 3",
        '<a rel="next" href="/admin/things?search=a&amp;page=2">Next page</a>',
      ),
    );
  });

  it("links both ways from a middle page, page 1 by the list's own address", () => {
    expect(shown(2, 3)).toBe(
      pager(
        '<a rel="prev" href="/admin/things?search=a">Previous page</a>',
        "Page 2 of 3",
        '<a rel="next" href="/admin/things?search=a&amp;page=3">Next page</a>',
      ),
    );
  });

  it("shows the last page with Next page as text", () => {
    expect(shown(3, 3)).toBe(
      pager(
        '<a rel="prev" href="/admin/things?search=a&amp;page=2">Previous page</a>',
        "Page 3 of 3",
        '<span class="admin-pagination__end">Next page</span>',
      ),
    );
  });

  it("shows nothing for a list of one page or none, nor past the last page", () => {
    expect(shown(1, 1)).toBe("");
    expect(shown(1, 0)).toBe("");
    expect(shown(4, 3)).toBe("");
  });
});
