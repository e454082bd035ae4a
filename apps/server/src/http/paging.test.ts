import { describe, expect, it } from "vitest";
import { pageLinks, pagingOf } from "./paging.ts";

describe("pagingOf", () => {
  it("counts whole pages, none when nothing matches", () => {
    expect(pagingOf(41, 2, 20)).toEqual({ total: 41, page: 2, per_page: 20, pages: 3 });
    expect(pagingOf(40, 1, 20).pages).toBe(2);
    expect(pagingOf(0, 1, 20).pages).toBe(0);
  });
});

describe("pageLinks", () => {
  const url = "/api/admin/v1/orders?status=processing&page=2&per_page=10";

  it("links the Store API's previous and next pages, keeping the other parameters", () => {
    expect(pageLinks(url, 2, 3, false)).toBe(
      '</api/admin/v1/orders?status=processing&page=1&per_page=10>; rel="prev", ' +
        '</api/admin/v1/orders?status=processing&page=3&per_page=10>; rel="next"',
    );
  });

  it("adds the first and the last page for the owner API", () => {
    expect(pageLinks("/l?per_page=1", 1, 3, true)).toBe(
      '</l?per_page=1&page=1>; rel="first", </l?per_page=1&page=2>; rel="next", </l?per_page=1&page=3>; rel="last"',
    );
    expect(pageLinks("/l?page=3", 3, 3, true)).toBe('</l?page=1>; rel="first", </l?page=2>; rel="prev", </l?page=3>; rel="last"');
  });

  it("links no previous page past the last, only the way back by last; nothing when nothing matches", () => {
    expect(pageLinks("/l?page=9", 9, 3, true)).toBe('</l?page=1>; rel="first", </l?page=3>; rel="last"');
    expect(pageLinks("/l?page=9", 9, 3, false)).toBe("");
    expect(pageLinks("/l", 1, 0, true)).toBe("");
    expect(pageLinks("/l", 1, 1, false)).toBe("");
  });
});
