import { describe, expect, it } from "vitest";
import { order } from "./fixtures.test-support.ts";
import { noteProblem, statusChoices, statusConfirmation, statusStep } from "./status.ts";

describe("statusChoices", () => {
  it("offers every live status but refunded, which only a refund reaches", () => {
    expect(statusChoices("processing")).toEqual(["pending", "processing", "on-hold", "completed", "cancelled", "failed"]);
    expect(statusChoices("refunded")).toContain("refunded");
    expect(statusChoices("checkout-draft")[0]).toBe("checkout-draft");
  });
});

describe("statusConfirmation", () => {
  it("asks before cancelling, saying stock and the coupons' uses go back", () => {
    expect(statusConfirmation(order(), "cancelled")).toEqual({
      title: "Cancel order #42?",
      body: "Its items go back into stock and the uses of coupon WINTER are given back. Paid money is not refunded: use Refund for that.",
    });
    const noCoupon = order({ totals: { ...order().totals, coupons: [] } });
    expect(statusConfirmation(noCoupon, "failed")?.body).toBe(
      "Its items go back into stock. Paid money is not refunded: use Refund for that.",
    );
  });
  it("does not ask for other changes, nor between two statuses that have already given stock back", () => {
    expect(statusConfirmation(order(), "completed")).toBeNull();
    expect(statusConfirmation(order({ status: "failed" }), "cancelled")).toBeNull();
    expect(statusConfirmation(order({ status: "cancelled" }), "cancelled")).toBeNull();
  });
  it("tells Save what to do", () => {
    expect(statusStep(order(), "processing")).toBe("unchanged");
    expect(statusStep(order(), "cancelled")).toBe("confirm");
    expect(statusStep(order(), "completed")).toBe("send");
  });
});

describe("noteProblem", () => {
  it("wants 1 to 2,000 characters", () => {
    expect(noteProblem("  ")).toBe("empty");
    expect(noteProblem("x".repeat(2001))).toBe("long");
    expect(noteProblem("Shipped by courier")).toBe("");
  });
});
