import { describe, expect, it } from "vitest";
import { isValidPostcode, normaliseAddress, normaliseState, validateAddress } from "./address.ts";

describe("isValidPostcode (spec §5 Postcode patterns)", () => {
  it.each([
    ["90001", "US", true],
    ["90001-1234", "US", true],
    ["9000", "US", false],
    ["K1A 0B1", "CA", true],
    ["K1A0B1", "CA", true],
    ["123456", "CA", false],
    ["SW1A 1AA", "GB", true],
    ["BFPO 801", "GB", true],
    ["12345", "GB", false],
    ["10115", "DE", true],
    ["1011", "DE", false],
    ["100-0001", "JP", true],
    ["00-950", "PL", true],
    ["1234 AB", "NL", true],
    ["", "NG", true],
    ["", "US", false],
    ["anything", "ZZ", true],
  ])("%s in %s is %s", (postcode, country, valid) => {
    expect(isValidPostcode(postcode, country)).toBe(valid);
  });
});

describe("normaliseState", () => {
  it("matches codes and names in any case", () => {
    expect(normaliseState("US", "california")).toBe("CA");
    expect(normaliseState("US", "Ca")).toBe("CA");
    expect(normaliseState("CA", "ontario")).toBe("ON");
    expect(normaliseState("US", "Atlantis")).toBeNull();
    expect(normaliseState("GB", "Kent")).toBe("Kent");
  });
});

describe("validateAddress (spec §5 Field messages)", () => {
  it("accepts a good or a half-filled address", () => {
    expect(validateAddress({ country: "US", state: "CA", postcode: "90001", email: "jane@example.com" }, { kind: "billing" })).toEqual({});
    expect(validateAddress({ first_name: "Jane" }, { kind: "billing" })).toEqual({});
  });

  it("uses the spec's messages", () => {
    expect(validateAddress({ email: "nope" }, { kind: "billing" }).email?.message).toBe("Please enter a valid email address");
    expect(validateAddress({ postcode: "90001" }, { kind: "billing" }).country?.message).toBe("Please select your country");
    expect(validateAddress({ country: "US", postcode: "ABCDE" }, { kind: "billing" }).postcode?.message).toBe(
      "Please enter a valid postcode",
    );
    expect(validateAddress({ country: "DE" }, { kind: "billing", allowedCountries: ["US"] }).country?.message).toBe(
      "Sorry, we do not allow orders from the selected country",
    );
    expect(validateAddress({ country: "DE" }, { kind: "shipping", shipToCountries: ["US"] }).country?.message).toBe(
      "Sorry, we do not ship orders to the selected country",
    );
    expect(validateAddress({ country: "XX" }, { kind: "shipping" }).country?.code).toBe("invalid_country");
    expect(validateAddress({ country: "US", state: "Atlantis" }, { kind: "shipping" }).state?.code).toBe("invalid_state");
  });
});

describe("normaliseAddress", () => {
  it("trims, and upper-cases postcodes and countries", () => {
    expect(normaliseAddress({ first_name: " Jane ", postcode: " sw1a 1aa", country: "gb", email: " Jane@Example.COM " })).toEqual({
      first_name: "Jane",
      postcode: "SW1A 1AA",
      country: "GB",
      email: "jane@example.com",
    });
  });
});
