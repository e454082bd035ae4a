import { describe, expect, it } from "vitest";
import { addressLines, formatPhone } from "./lines.ts";

describe("formatPhone", () => {
  it("groups a ten-digit North American number", () => {
    expect(formatPhone("5550100100", "US")).toBe("(555) 010-0100");
    expect(formatPhone("555.010.0100", "ca")).toBe("(555) 010-0100");
    expect(formatPhone("+1 555 010 0100", "US")).toBe("+1 (555) 010-0100");
    expect(formatPhone("15550100100", "US")).toBe("(555) 010-0100");
  });

  it("keeps other numbers as the shopper wrote them, spaces tidied", () => {
    expect(formatPhone("  030  1234 5678 ", "DE")).toBe("030 1234 5678");
    expect(formatPhone("555 0100", "US")).toBe("555 0100");
    expect(formatPhone("call 5550100100", "US")).toBe("call 5550100100");
    expect(formatPhone("", "US")).toBe("");
    expect(formatPhone(undefined, undefined)).toBe("");
  });
});

describe("addressLines", () => {
  const erin = {
    first_name: "Erin",
    last_name: "Tester",
    address_1: "123 Test Street",
    city: "Los Angeles",
    state: "CA",
    postcode: "90001",
    country: "US",
    phone: "5550100100",
  };

  it("writes one line per part, with the names the caller knows", () => {
    expect(addressLines(erin, { country: "United States (US)", state: "California" }, { phone: true })).toEqual([
      "Erin Tester",
      "123 Test Street",
      "Los Angeles, California 90001",
      "United States (US)",
      "(555) 010-0100",
    ]);
  });

  it("leaves out empty parts and the phone unless asked, and shows codes when names are unknown", () => {
    expect(addressLines({ ...erin, address_2: " ", company: "Acme" })).toEqual([
      "Erin Tester",
      "Acme",
      "123 Test Street",
      "Los Angeles, CA 90001",
      "US",
    ]);
    expect(addressLines(undefined)).toEqual([]);
    expect(addressLines({ city: "Berlin" })).toEqual(["Berlin"]);
  });
});
