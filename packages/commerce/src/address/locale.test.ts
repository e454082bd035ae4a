import { describe, expect, it } from "vitest";
import { STATES } from "./countries.ts";
import { ADDRESS_FIELD_KEYS, COUNTRY_LOCALE, DEFAULT_ADDRESS_FIELDS, fieldsForCountry, orderedFields } from "./locale.ts";
import { isValidPostcode } from "./postcode.ts";

describe("default checkout fields (spec §5)", () => {
  it.each([
    ["email", true, false, 0, "email"],
    ["country", true, false, 1, "select"],
    ["first_name", true, false, 10, "text"],
    ["last_name", true, false, 20, "text"],
    ["company", false, true, 30, "text"],
    ["address_1", true, false, 40, "text"],
    ["address_2", false, false, 50, "text"],
    ["city", true, false, 70, "text"],
    ["state", true, false, 80, "text"],
    ["postcode", true, false, 90, "text"],
    ["phone", true, false, 100, "tel"],
  ] as const)("%s: required %s, hidden %s, index %i, type %s", (key, required, hidden, index, type) => {
    const field = DEFAULT_ADDRESS_FIELDS[key];
    expect({ key: field.key, required: field.required, hidden: field.hidden, index: field.index, type: field.type }).toEqual({
      key,
      required,
      hidden,
      index,
      type,
    });
  });

  it("has the spec's labels and optional labels", () => {
    expect(DEFAULT_ADDRESS_FIELDS.address_2.label).toBe("Apartment, suite, etc.");
    expect(DEFAULT_ADDRESS_FIELDS.state.label).toBe("State/County");
    expect(DEFAULT_ADDRESS_FIELDS.postcode.label).toBe("Postal code");
    expect(DEFAULT_ADDRESS_FIELDS.address_2.optionalLabel).toBe("Apartment, suite, etc. (optional)");
    expect(DEFAULT_ADDRESS_FIELDS.company.optionalLabel).toBe("Company (optional)");
  });

  it("has autocomplete tokens", () => {
    expect(DEFAULT_ADDRESS_FIELDS.address_1.autocomplete).toBe("address-line1");
    expect(DEFAULT_ADDRESS_FIELDS.postcode.autocomplete).toBe("postal-code");
    expect(DEFAULT_ADDRESS_FIELDS.state.autocomplete).toBe("address-level1");
  });
});

describe("fieldsForCountry", () => {
  it("GB: the state is an optional 'County', the postcode a 'Postcode'", () => {
    const gb = fieldsForCountry("GB");
    expect(gb.state).toMatchObject({ label: "County", optionalLabel: "County (optional)", required: false, hidden: false, type: "text" });
    expect(gb.postcode.label).toBe("Postcode");
  });

  it("US: a required 'State' select with the US states, and a 'ZIP Code'", () => {
    const us = fieldsForCountry("us");
    expect(us.state).toMatchObject({ label: "State", required: true, type: "select" });
    expect(us.state.options).toBe(STATES.US);
    expect(us.postcode.label).toBe("ZIP Code");
  });

  it("CA: 'Province' and 'Postal code'", () => {
    const ca = fieldsForCountry("CA");
    expect(ca.state.label).toBe("Province");
    expect(ca.postcode.label).toBe("Postal code");
  });

  it.each(["DE", "FR", "NL", "AT", "BE", "SE", "PL"])(
    "%s: the state is hidden and not required, the postcode comes before the city",
    (country) => {
      const fields = fieldsForCountry(country);
      expect(fields.state.hidden).toBe(true);
      expect(fields.state.required).toBe(false);
      expect(fields.postcode.index).toBeLessThan(fields.city.index);
    },
  );

  it("IE: an optional 'Eircode' and a 'County' select", () => {
    const ie = fieldsForCountry("IE");
    expect(ie.postcode).toMatchObject({ label: "Eircode", optionalLabel: "Eircode (optional)", required: false, hidden: false });
    expect(ie.state).toMatchObject({ label: "County", type: "select", required: true });
  });

  it("JP: family name first, then postcode, prefecture, city, street", () => {
    expect(orderedFields(fieldsForCountry("JP")).map((f) => f.key)).toEqual([
      "email",
      "country",
      "last_name",
      "first_name",
      "company",
      "postcode",
      "state",
      "city",
      "address_1",
      "address_2",
      "phone",
    ]);
    expect(fieldsForCountry("JP").state.label).toBe("Prefecture");
  });

  it("keeps the default order for a country without overrides", () => {
    expect(orderedFields(fieldsForCountry("MA")).map((f) => f.key)).toEqual(ADDRESS_FIELD_KEYS);
    expect(fieldsForCountry("")).toEqual(DEFAULT_ADDRESS_FIELDS);
  });

  it("never makes a hidden field required, whatever the country or the shop says", () => {
    const countries = [...Object.keys(COUNTRY_LOCALE), "US", "MA", ""];
    for (const country of countries) {
      for (const overrides of [undefined, { company: { required: true }, postcode: { required: true }, state: { required: true } }]) {
        const fields = fieldsForCountry(country, overrides);
        for (const key of ADDRESS_FIELD_KEYS) {
          if (fields[key].hidden) expect(fields[key].required, `${country} ${key}`).toBe(false);
        }
      }
    }
  });

  it("applies the shop's overrides after the country's", () => {
    const fields = fieldsForCountry("DE", { company: { hidden: false, required: true }, phone: { required: false } });
    expect(fields.company).toMatchObject({ hidden: false, required: true });
    expect(fields.phone.required).toBe(false);
    expect(fields.state.hidden).toBe(true);
    expect(fieldsForCountry("DE").company.hidden).toBe(true);
  });

  it("does not require a postcode where the country's pattern accepts an empty one", () => {
    for (const country of ["BH", "BB", "EC", "HN", "LB", "MU", "NI", "NG"]) {
      expect(isValidPostcode("", country), country).toBe(true);
      expect(fieldsForCountry(country).postcode.required, country).toBe(false);
    }
  });

  it("shows the state of every country that has a state list", () => {
    for (const country of Object.keys(STATES)) expect(fieldsForCountry(country).state.hidden, country).toBe(false);
  });

  it("caches and freezes the result for a country", () => {
    expect(fieldsForCountry("US")).toBe(fieldsForCountry("us"));
    expect(Object.isFrozen(fieldsForCountry("US").state)).toBe(true);
  });
});
