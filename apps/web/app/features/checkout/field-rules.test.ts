import { fieldsForCountry } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import { type CheckFieldContext, checkedValue, checkField, FIELD_MESSAGES, fieldId } from "./field-rules.ts";

const billing = (country: string, more: Partial<CheckFieldContext> = {}): CheckFieldContext => ({ country, kind: "billing", ...more });
const shipping = (country: string, more: Partial<CheckFieldContext> = {}): CheckFieldContext => ({ country, kind: "shipping", ...more });

describe("checkField: required fields", () => {
  it("asks for a valid {label}, lower-cased", () => {
    const us = fieldsForCountry("US");
    expect(checkField(us.first_name, "", billing("US"))).toBe("Please enter a valid first name");
    expect(checkField(us.last_name, "   ", billing("US"))).toBe("Please enter a valid last name");
    expect(checkField(us.address_1, "", billing("US"))).toBe("Please enter a valid address");
    expect(checkField(us.city, "", billing("US"))).toBe("Please enter a valid city");
    expect(checkField(us.postcode, "", billing("US"))).toBe("Please enter a valid zip code");
    expect(checkField(us.phone, "", shipping("US"))).toBe("Please enter a valid phone");
    expect(checkField(fieldsForCountry("GB").state, "", billing("GB"))).toBeNull(); // optional County
    expect(checkField(fieldsForCountry("FR").postcode, "", billing("FR"))).toBe("Please enter a valid postal code");
  });

  it("keeps the label's case in German locales", () => {
    const de = fieldsForCountry("DE");
    expect(checkField(de.first_name, "", billing("DE", { locale: "de_DE" }))).toBe("Please enter a valid First name");
    expect(checkField(de.city, "", billing("DE", { locale: "de" }))).toBe("Please enter a valid City");
    expect(checkField(de.city, "", billing("DE", { locale: "de-AT" }))).toBe("Please enter a valid City");
    expect(checkField(de.city, "", billing("DE", { locale: "en_GB" }))).toBe("Please enter a valid city");
    expect(checkField(fieldsForCountry("US").state, "", billing("US", { locale: "de_DE" }))).toBe("Please select a State");
  });

  it("passes filled and optional fields", () => {
    const us = fieldsForCountry("US");
    expect(checkField(us.first_name, " Ada ", billing("US"))).toBeNull();
    expect(checkField(us.address_2, "", billing("US"))).toBeNull();
    expect(checkField({ ...us.phone, required: false }, "", billing("US"))).toBeNull();
  });

  it("never requires a hidden field", () => {
    expect(checkField(fieldsForCountry("US").company, "", billing("US"))).toBeNull();
    expect(checkField(fieldsForCountry("DE").state, "", billing("DE"))).toBeNull();
    expect(checkField(fieldsForCountry("HK").postcode, "", billing("HK"))).toBeNull();
    // Even a definition that claims both.
    expect(checkField({ ...fieldsForCountry("US").city, hidden: true, required: true }, "", billing("US"))).toBeNull();
    expect(checkField({ ...fieldsForCountry("US").postcode, hidden: true }, "nonsense", billing("US"))).toBeNull();
  });

  it("uses the definition's label and required flag (shop overrides)", () => {
    const company = { ...fieldsForCountry("US").company, hidden: false, required: true, label: "Business" };
    expect(checkField(company, "", billing("US"))).toBe("Please enter a valid business");
  });
});

describe("checkField: selects", () => {
  it("asks for a valid option when the required country select is empty", () => {
    expect(checkField(fieldsForCountry("").country, "", billing(""))).toBe(FIELD_MESSAGES.selectOption);
    expect(FIELD_MESSAGES.selectOption).toBe("Please select a valid option");
    expect(checkField({ ...fieldsForCountry("").country, required: false }, "", billing(""))).toBeNull();
  });

  it("asks for a {label} when the required state select is empty", () => {
    expect(checkField(fieldsForCountry("US").state, "", billing("US"))).toBe("Please select a state");
    expect(checkField(fieldsForCountry("CA").state, "", shipping("CA"))).toBe("Please select a province");
    expect(checkField(fieldsForCountry("JP").state, "", shipping("JP"))).toBe("Please select a prefecture");
  });

  it("asks for a valid state text where the country has no list", () => {
    expect(checkField(fieldsForCountry("BD").state, "", billing("BD"))).toBe("Please enter a valid district");
  });

  it("matches state text to a code case-insensitively", () => {
    const us = fieldsForCountry("US");
    expect(checkField(us.state, "ca", billing("US"))).toBeNull();
    expect(checkField(us.state, "california", billing("US"))).toBeNull();
    expect(checkField(us.state, "Atlantis", billing("US"))).toBe("Please select a valid state");
  });

  it("builds the placeholder from the label", () => {
    expect(FIELD_MESSAGES.selectPlaceholder("Country/Region")).toBe("Select a Country/Region");
  });
});

describe("checkField: postcode", () => {
  const us = fieldsForCountry("US");
  it("checks the postcode against the country's pattern", () => {
    expect(checkField(us.postcode, "90210", billing("US"))).toBeNull();
    expect(checkField(us.postcode, "90210-1234", billing("US"))).toBeNull();
    expect(checkField(us.postcode, "9021", billing("US"))).toBe("Please enter a valid postcode");
    expect(checkField(fieldsForCountry("NL").postcode, "1234 SA", shipping("NL"))).toBe("Please enter a valid postcode");
    expect(checkField(fieldsForCountry("GB").postcode, "BFPO 801", shipping("GB"))).toBe(null);
  });

  it("trims it and upper-cases it first", () => {
    expect(checkedValue("postcode", "  sw1a 1aa ")).toBe("SW1A 1AA");
    expect(checkField(fieldsForCountry("GB").postcode, "  sw1a 1aa", shipping("gb"))).toBeNull();
    expect(checkField(fieldsForCountry("CA").postcode, " k1a 0b1 ", shipping("CA"))).toBeNull();
  });

  it("passes any postcode in a country without a pattern", () => {
    expect(checkField(fieldsForCountry("AE").postcode, "whatever", billing("AE"))).toBeNull(); // hidden there
    expect(checkField(fieldsForCountry("GH").postcode, "anything", billing("GH"))).toBeNull();
  });
});

describe("checkField: email", () => {
  const email = fieldsForCountry("").email;
  it("asks for a valid email address", () => {
    expect(checkField(email, "ada@example", billing(""))).toBe("Please enter a valid email address");
    expect(checkField(email, "not an email", billing(""))).toBe(FIELD_MESSAGES.invalidEmail);
    expect(checkField(email, " ada@example.com ", billing(""))).toBeNull();
  });
  it("asks for it when empty", () => {
    expect(checkField(email, "", billing(""))).toBe("Please enter a valid email address");
  });
});

describe("checkField: country", () => {
  it("asks for a country before city, state or postcode", () => {
    const none = fieldsForCountry("");
    expect(checkField(none.city, "Paris", billing(""))).toBe("Please select your country");
    expect(checkField(none.state, "Texas", shipping(""))).toBe("Please select your country");
    expect(checkField(none.postcode, "75001", shipping(" "))).toBe("Please select your country");
    expect(checkField(none.first_name, "Ada", shipping(""))).toBeNull();
  });

  it("refuses a billing country the shop does not sell to", () => {
    const country = fieldsForCountry("FR").country;
    expect(checkField(country, "FR", billing("FR", { allowedCountries: ["US", "GB"] }))).toBe(
      "Sorry, we do not allow orders from the selected country",
    );
    expect(checkField(country, "gb", billing("", { allowedCountries: ["US", "GB"] }))).toBeNull();
    expect(checkField(country, "FR", billing("FR", { shipToCountries: ["US"] }))).toBeNull();
  });

  it("refuses a shipping country the shop does not ship to", () => {
    const country = fieldsForCountry("FR").country;
    expect(checkField(country, "FR", shipping("FR", { shipToCountries: ["US"] }))).toBe(
      "Sorry, we do not ship orders to the selected country",
    );
    expect(checkField(country, "FR", shipping("FR", { allowedCountries: ["US"] }))).toBeNull();
    expect(checkField(country, "XX", shipping("XX"))).toBe(FIELD_MESSAGES.shippingCountryNotAllowed);
  });

  it("follows the country's rules for the other fields", () => {
    // The US needs a state, Germany hides it; the label changes with the country.
    expect(checkField(fieldsForCountry("US").state, "", billing("US"))).not.toBeNull();
    expect(checkField(fieldsForCountry("DE").state, "", billing("DE"))).toBeNull();
    expect(checkField(fieldsForCountry("AU").city, "", billing("AU"))).toBe("Please enter a valid suburb");
    // A postcode valid in one country is not in another.
    expect(checkField(fieldsForCountry("DE").postcode, "10115", billing("DE"))).toBeNull();
    expect(checkField(fieldsForCountry("NL").postcode, "10115", billing("NL"))).toBe(FIELD_MESSAGES.invalidPostcode);
  });
});

describe("fieldId", () => {
  it("prefixes the key with the address kind", () => {
    expect(fieldId("billing", "first_name")).toBe("billing_first_name");
    expect(fieldId("shipping", "postcode")).toBe("shipping_postcode");
  });
});
