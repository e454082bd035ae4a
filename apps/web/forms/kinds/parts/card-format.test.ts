import { describe, expect, it } from "vitest";
import { cardState, formatExpiry, isValidExpiry } from "./card-format.ts";

describe("the card field", () => {
  it("groups a Visa number in fours and checks Luhn as the validator does", () => {
    const visa = cardState("4111111111111111");
    expect(visa).toMatchObject({ brand: "Visa", formatted: "4111 1111 1111 1111", valid: true, code: { name: "CVV", size: 3 } });
    expect(cardState("4111 1111 1111 1112").valid).toBe(false);
  });

  it("groups American Express 4-6-5 and asks for a 4-digit CID", () => {
    expect(cardState("378282246310005")).toMatchObject({
      brand: "American Express",
      formatted: "3782 822463 10005",
      valid: true,
      code: { name: "CID", size: 4 },
      maxDigits: 15,
    });
  });

  it("names Mastercard early and cuts the number at the brand's longest length", () => {
    expect(cardState("5555").brand).toBe("Mastercard");
    expect(cardState("55554444333311119999").formatted).toBe("5555 4444 3333 1111");
    expect(cardState("").brand).toBe("");
  });

  it("writes the expiry as MM / YY while typing", () => {
    expect(formatExpiry("1", true)).toBe("1");
    expect(formatExpiry("4", true)).toBe("04 / ");
    expect(formatExpiry("12", true)).toBe("12 / ");
    expect(formatExpiry("12", false)).toBe("12");
    expect(formatExpiry("12 / 29", true)).toBe("12 / 29");
    expect(formatExpiry("122999", true)).toBe("12 / 29");
    expect(isValidExpiry("12 / 29", 2026)).toBe(true);
    expect(isValidExpiry("13 / 29", 2026)).toBe(false);
  });
});
