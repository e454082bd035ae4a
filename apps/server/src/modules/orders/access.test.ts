import { describe, expect, it } from "vitest";
import { sameBillingEmail, sameOrderKey } from "./access.ts";

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

describe("sameBillingEmail", () => {
  it("matches the order's address in any case of letters and with spaces around it", () => {
    expect(sameBillingEmail("gwen@example.com", "Gwen@Example.com")).toBe(true);
    expect(sameBillingEmail("  GWEN@EXAMPLE.COM ", "gwen@example.com")).toBe(true);
  });

  it("refuses another address, a missing one, and any answer for an order without one", () => {
    expect(sameBillingEmail("gwen@example.org", "gwen@example.com")).toBe(false);
    expect(sameBillingEmail("gwen@example.com.", "gwen@example.com")).toBe(false);
    expect(sameBillingEmail(undefined, "gwen@example.com")).toBe(false);
    expect(sameBillingEmail("  ", "gwen@example.com")).toBe(false);
    expect(sameBillingEmail("", "")).toBe(false);
  });
});
