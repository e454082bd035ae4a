import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { EmptyList } from "./EmptyList.tsx";

const pathFor = (page: number) => (page > 1 ? `/admin/things?search=a&page=${page}` : "/admin/things?search=a");

// React Router marks its links for route discovery: not what the owner reads.
const shown = (total: number, page: number, pages: number, kind?: "list" | "report") =>
  renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(EmptyList, { total, page, pages, pathFor, kind, children: "No things yet." })),
  ).replaceAll(' data-discover="true"', "");

describe("EmptyList", () => {
  it("says a list with nothing in it is empty, with no link on its first page", () => {
    expect(shown(0, 1, 0)).toBe('<p class="admin-empty">No things yet.</p>');
  });

  it("links page 1 of a list with nothing in it from a page past it, never 'of 0'", () => {
    expect(shown(0, 3, 0)).toBe('<p class="admin-empty">No things yet. <a href="/admin/things?search=a">Page 1 of 1</a></p>');
  });

  it("says where a list that has rows ends, past its last page, and links the last page", () => {
    expect(shown(41, 9, 3)).toBe(
      '<p class="admin-empty">Nothing on page 9: the list ends at page 3. <a href="/admin/things?search=a&amp;page=3">Page 3 of 3</a></p>',
    );
    expect(shown(5, 2, 1)).toBe(
      '<p class="admin-empty">Nothing on page 2: the list ends at page 1. <a href="/admin/things?search=a">Page 1 of 1</a></p>',
    );
  });

  it("names a report's rows where a report tab ends", () => {
    expect(shown(25, 4, 2, "report")).toBe(
      '<p class="admin-empty">Nothing on page 4: the report&#x27;s rows end at page 2. <a href="/admin/things?search=a&amp;page=2">Page 2 of 2</a></p>',
    );
  });

  it("keeps the empty words on a page within the list", () => {
    expect(shown(5, 1, 1)).toBe('<p class="admin-empty">No things yet.</p>');
  });
});
