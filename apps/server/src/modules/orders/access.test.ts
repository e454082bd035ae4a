import { describe, expect, it } from "vitest";
import { sameOrderKey } from "./access.ts";

describe("sameOrderKey", () => {
  const key = "cw_order_ab3de6f79c2d41b8";

  it("matches the order's own key only", () => {
    expect(sameOrderKey(key, key)).toBe(true);
    expect(sameOrderKey(`${key.slice(0, -1)}x`, key)).toBe(false);
    expect(sameOrderKey(key.toUpperCase(), key)).toBe(false);
  });

  it("refuses a missing key, and one of another length", () => {
    expect(sameOrderKey(undefined, key)).toBe(false);
    expect(sameOrderKey(null, key)).toBe(false);
    expect(sameOrderKey("", key)).toBe(false);
    expect(sameOrderKey(`${key}x`, key)).toBe(false);
    expect(sameOrderKey(key.slice(1), key)).toBe(false);
  });
});
