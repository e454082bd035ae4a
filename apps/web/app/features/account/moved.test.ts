import { describe, expect, it } from "vitest";
import { movedAccountPath } from "./moved.ts";

describe("WooCommerce's account addresses", () => {
  it("lead to our page for the same thing, with or without the trailing slash", () => {
    expect(movedAccountPath("/my-account/view-order/12/")).toBe("/my-account/orders/12");
    expect(movedAccountPath("/my-account/view-order/12")).toBe("/my-account/orders/12");
    expect(movedAccountPath("/my-account/edit-address/")).toBe("/my-account/addresses");
    expect(movedAccountPath("/my-account/edit-address/billing/")).toBe("/my-account/addresses/billing");
    expect(movedAccountPath("/my-account/edit-address/shipping")).toBe("/my-account/addresses/shipping");
    expect(movedAccountPath("/my-account/edit-account/")).toBe("/my-account/details");
  });

  it("leave anything else to the 404", () => {
    for (const path of [
      "/my-account/view-order/abc",
      "/my-account/edit-address/other",
      "/my-account/edit-accounts",
      "/my-account/view-order/",
    ]) {
      expect(movedAccountPath(path)).toBeNull();
    }
  });
});
