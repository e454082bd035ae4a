import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../settings/index.ts";
import { paymentInstructions } from "./instructions.ts";

describe("paymentInstructions", () => {
  const settings = {
    ...DEFAULT_SETTINGS,
    payments: {
      ...DEFAULT_SETTINGS.payments,
      bacs: { ...DEFAULT_SETTINGS.payments.bacs, instructions: "Transfer it" },
      chequeInstructions: "Post a cheque",
      codInstructions: "Pay the driver",
    },
  };

  it("gives each method paid after the order its text from the settings while the order waits for it", () => {
    expect(paymentInstructions(settings, "bacs", "on-hold")).toBe("Transfer it");
    expect(paymentInstructions(settings, "cheque", "on-hold")).toBe("Post a cheque");
    expect(paymentInstructions(settings, "cod", "processing")).toBe("Pay the driver");
  });

  it("gives none once the order is paid, completed, cancelled or refunded: the shopper is not asked to pay again", () => {
    for (const status of ["processing", "completed", "cancelled", "refunded", "failed"]) {
      expect(paymentInstructions(settings, "bacs", status), status).toBe("");
      expect(paymentInstructions(settings, "cheque", status), status).toBe("");
    }
    for (const status of ["completed", "cancelled", "refunded", "failed"]) {
      expect(paymentInstructions(settings, "cod", status), status).toBe("");
    }
  });

  it("gives none for a method paid at the checkout", () => {
    expect(paymentInstructions(settings, "test_card", "processing")).toBe("");
    expect(paymentInstructions(settings, "", "pending")).toBe("");
  });
});
