import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageParam } from "./page-param.ts";

const read = (query: string) => pageParam(new URLSearchParams(query));

describe("pageParam", () => {
  it("reads a whole page from 1 to the owner API's last", () => {
    expect(read("page=1")).toBe(1);
    expect(read("page=7")).toBe(7);
    expect(read(`page=${MAX_PAGE}`)).toBe(MAX_PAGE);
  });

  it("takes the first page for anything the API would refuse or no page at all", () => {
    for (const query of ["", "page=", "page=0", "page=-2", "page=1.5", "page=abc", `page=${MAX_PAGE + 1}`, "page=1e9"]) {
      expect(read(query), query).toBe(1);
    }
  });
});
