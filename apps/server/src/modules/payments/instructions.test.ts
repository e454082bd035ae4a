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

  it("gives each method paid after the order its text from the settings", () => {
    expect(paymentInstructions(settings, "bacs")).toBe("Transfer it");
    expect(paymentInstructions(settings, "cheque")).toBe("Post a cheque");
    expect(paymentInstructions(settings, "cod")).toBe("Pay the driver");
  });

  it("gives none for a method paid at the checkout", () => {
    expect(paymentInstructions(settings, "test_card")).toBe("");
    expect(paymentInstructions(settings, "")).toBe("");
  });
});
