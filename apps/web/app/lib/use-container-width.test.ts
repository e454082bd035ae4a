import { describe, expect, it } from "vitest";
import { widthClass } from "./use-container-width.ts";

describe("widthClass (spec §9: above 700 large, above 520 medium, above 400 small, else mobile)", () => {
  it.each([
    [1280, "is-large"],
    [701, "is-large"],
    [700.5, "is-large"],
    [700, "is-medium"],
    [521, "is-medium"],
    [520, "is-small"],
    [401, "is-small"],
    [400, "is-mobile"],
    [320, "is-mobile"],
    [0, "is-mobile"],
  ])("%s px is %s", (px, expected) => {
    expect(widthClass(px)).toBe(expected);
  });
});
