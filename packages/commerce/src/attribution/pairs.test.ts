import { describe, expect, it } from "vitest";
import { formatPairs, parsePairs } from "./pairs.ts";

describe("attribution pairs", () => {
  it("join key=value pairs with |||, and read them back", () => {
    const text = formatPairs({ typ: "utm", src: "google", mdm: "cpc" });
    expect(text).toBe("typ=utm|||src=google|||mdm=cpc");
    expect(parsePairs(text)).toEqual({ typ: "utm", src: "google", mdm: "cpc" });
    expect(parsePairs(undefined)).toBeUndefined();
  });

  it("keep a value's | and % as sent, never letting it end its pair or add one", () => {
    const sent = { typ: "utm", src: "a|||typ=organic", mdm: "b=c", cmp: "50%|off|", trm: "%7C" };
    const text = formatPairs(sent);
    expect(text.split("|||")).toHaveLength(5);
    expect(parsePairs(text)).toEqual(sent);
  });
});
