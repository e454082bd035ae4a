import { describe, expect, it } from "vitest";
import { canonicalPath } from "./batch.ts";

describe("canonicalPath: a batch sub-request's path as the router matches it", () => {
  it("drops the query and fragment, decodes escapes once, folds repeated and trailing slashes", () => {
    expect(canonicalPath("/api/store/v1/batch/")).toBe("/api/store/v1/batch");
    expect(canonicalPath("/api//store/v1///batch//?x=1#y")).toBe("/api/store/v1/batch");
    expect(canonicalPath("/api/store/v1/%62atc%68")).toBe("/api/store/v1/batch");
    expect(canonicalPath("/api/store/v1/cart/add-item")).toBe("/api/store/v1/cart/add-item");
    // A decoded character that means something in a URL is escaped again, so it stays part of its segment.
    expect(canonicalPath("/api/store/v1/cart/a%3Fb")).toBe("/api/store/v1/cart/a%3Fb");
  });

  it("refuses what it cannot read the router's way: dot segments, encoded slashes, bad escapes, relative or scheme-relative paths", () => {
    for (const path of [
      "/api/store/v1/./batch",
      "/api/store/v1/cart/../batch",
      "/api/store/v1/cart/%2e%2e/batch",
      "/api/store/v1%2Fbatch",
      "/api/store/v1/%5Cbatch",
      "/api/store/v1/%E0%A4%A",
      "api/store/v1/batch",
      "//evil.example/api/store/v1/cart",
    ]) {
      expect(canonicalPath(path), path).toBeNull();
    }
  });
});
