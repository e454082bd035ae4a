import { describe, expect, it } from "vitest";
import { STATES } from "./countries.ts";
import { fieldsForCountry } from "./locale.ts";
import {
  type AddressInput,
  changedAddressFields,
  clearHiddenFields,
  hasAddressChanged,
  hasShippingAddressError,
  isAddressCompleteForRates,
  isValidEmail,
  normaliseAddress,
  normaliseState,
  validateAddress,
} from "./validate.ts";

const jane: AddressInput = {
  first_name: "Jane",
  last_name: "Doe",
  company: "",
  address_1: "1 Main Street",
  address_2: "",
  city: "Los Angeles",
  state: "CA",
  postcode: "90001",
  country: "US",
  phone: "555 0100",
  email: "jane@example.com",
};

const checkout = { kind: "billing", requireFields: true } as const;

describe("normaliseState", () => {
  it.each([
    ["US", "california", "CA"],
    ["US", "Ca", "CA"],
    ["US", "CA", "CA"],
    ["US", " New York ", "NY"],
    ["us", "district of columbia", "DC"],
    ["CA", "ontario", "ON"],
    ["CA", "QUÉBEC", "QC"],
    ["BR", "sao paulo", "SP"],
    ["TR", "istanbul", "TR34"],
    ["JP", "tokyo", "JP13"],
    ["IE", "dublin", "D"],
  ])("%s %j → %s", (country, value, code) => {
    expect(normaliseState(country, value)).toBe(code);
  });

  it("returns null when the country has a list and nothing matches", () => {
    expect(normaliseState("US", "Atlantis")).toBeNull();
    expect(normaliseState("US", "Ontario")).toBeNull();
  });

  it("finds every state of every list by its code in lower case and by its name as listed", () => {
    for (const [country, states] of Object.entries(STATES)) {
      for (const state of states) {
        expect(normaliseState(country, state.code.toLowerCase()), `${country} ${state.code}`).toBe(state.code);
        const firstOfName = states.find((other) => other.name === state.name);
        expect(normaliseState(country, ` ${state.name} `), `${country} ${state.name}`).toBe(firstOfName?.code);
      }
    }
  });

  it("keeps free text where the country has no list, and '' for nothing", () => {
    expect(normaliseState("GB", " Kent ")).toBe("Kent");
    expect(normaliseState("US", "  ")).toBe("");
  });
});

describe("validateAddress: field messages (spec §5)", () => {
  it("accepts a complete address", () => {
    expect(validateAddress(jane, checkout)).toEqual({});
    expect(validateAddress({ ...jane, state: "california", country: "us", postcode: " 90001-1234" }, checkout)).toEqual({});
  });

  it("reports every missing required field with 'Please enter a valid {label}', the label lower-cased", () => {
    expect(validateAddress({ country: "US" }, checkout)).toEqual({
      email: { code: "required", message: "Please enter a valid email address" },
      first_name: { code: "required", message: "Please enter a valid first name" },
      last_name: { code: "required", message: "Please enter a valid last name" },
      address_1: { code: "required", message: "Please enter a valid address" },
      city: { code: "required", message: "Please enter a valid city" },
      phone: { code: "required", message: "Please enter a valid phone" },
      postcode: { code: "required", message: "Please enter a valid zip code" },
      state: { code: "required", message: "Please select a state" },
    });
  });

  it("asks for a select state with 'Please select a {label}' in the country's words", () => {
    expect(validateAddress({ ...jane, country: "CA", state: "", postcode: "K1A 0B1" }, checkout).state?.message).toBe(
      "Please select a province",
    );
    expect(validateAddress({ ...jane, country: "JP", state: "", postcode: "100-0001" }, checkout).state?.message).toBe(
      "Please select a prefecture",
    );
  });

  it("asks for a free-text state like any other text field", () => {
    expect(validateAddress({ ...jane, country: "MA", state: "", postcode: "" }, checkout).state).toEqual({
      code: "required",
      message: "Please enter a valid state/county",
    });
  });

  it.each(["de", "de_DE", "de-AT", "de_CH_informal"])("keeps the label's case in the German locale %s", (locale) => {
    const errors = validateAddress({ country: "US" }, { ...checkout, locale });
    expect(errors.first_name?.message).toBe("Please enter a valid First name");
    expect(errors.postcode?.message).toBe("Please enter a valid ZIP Code");
    expect(errors.state?.message).toBe("Please select a State");
  });

  it.each(["en", "en_GB", "fr_FR", "nl_BE"])("lower-cases the label in %s", (locale) => {
    expect(validateAddress({ country: "US" }, { ...checkout, locale }).first_name?.message).toBe("Please enter a valid first name");
  });

  it("rejects a postcode that does not fit the country", () => {
    expect(validateAddress({ ...jane, postcode: "ABCDE" }, checkout).postcode).toEqual({
      code: "invalid_postcode",
      message: "Please enter a valid postcode",
    });
    expect(validateAddress({ ...jane, country: "GB", state: "", postcode: "sw1a 1aa" }, checkout)).toEqual({});
  });

  it("rejects a bad email, on billing addresses only", () => {
    expect(validateAddress({ ...jane, email: "jane@" }, checkout).email).toEqual({
      code: "invalid_email",
      message: "Please enter a valid email address",
    });
    expect(validateAddress({ ...jane, email: "jane@" }, { kind: "shipping", requireFields: true })).toEqual({});
    expect(validateAddress({ ...jane, email: "" }, { kind: "shipping", requireFields: true })).toEqual({});
  });

  it("asks for the country when city, state or postcode is given without one", () => {
    const missing = { code: "missing_country", message: "Please select your country" };
    expect(validateAddress({ city: "Paris" }, { kind: "billing" }).country).toEqual(missing);
    expect(validateAddress({ state: "CA" }, { kind: "shipping" }).country).toEqual(missing);
    expect(validateAddress({ postcode: "90001" }, { kind: "shipping" }).country).toEqual(missing);
    expect(validateAddress({ first_name: "Jane" }, { kind: "billing" })).toEqual({});
    expect(validateAddress({ ...jane, country: "" }, checkout).country).toEqual(missing);
  });

  it("rejects an unknown state where the country has a list", () => {
    expect(validateAddress({ ...jane, state: "Atlantis" }, checkout).state).toEqual({
      code: "invalid_state",
      message: "Please select a valid state",
    });
    expect(validateAddress({ country: "CA", state: "Texas" }, { kind: "shipping" }).state?.message).toBe("Please select a valid province");
    expect(validateAddress({ country: "GB", state: "Atlantis" }, { kind: "shipping" })).toEqual({});
  });
});

describe("validateAddress: what it does not require", () => {
  it("lets a half-filled address through unless requireFields is set", () => {
    expect(validateAddress({}, { kind: "billing" })).toEqual({});
    expect(validateAddress({ country: "US" }, { kind: "shipping" })).toEqual({});
    expect(validateAddress({ country: "US" }, { kind: "shipping", requireFields: true })).not.toEqual({});
  });

  it("never requires or checks a hidden field", () => {
    // DE hides the state; AE hides the postcode; company is hidden by default.
    expect(validateAddress({ ...jane, country: "DE", state: "", postcode: "10115" }, checkout)).toEqual({});
    expect(validateAddress({ ...jane, country: "DE", state: "Atlantis", postcode: "10115" }, checkout)).toEqual({});
    expect(validateAddress({ ...jane, country: "AE", state: "", postcode: "not a postcode" }, checkout)).toEqual({});
    expect(validateAddress({ ...jane, company: "" }, checkout).company).toBeUndefined();
  });

  it("requires what the shop's field settings require", () => {
    const fieldOverrides = { company: { hidden: false, required: true }, phone: { required: false } };
    const errors = validateAddress({ ...jane, company: "", phone: "" }, { ...checkout, fieldOverrides });
    expect(errors).toEqual({ company: { code: "required", message: "Please enter a valid company" } });
  });

  it("does not require an optional postcode or state", () => {
    expect(validateAddress({ ...jane, country: "IE", state: "D", postcode: "" }, checkout)).toEqual({});
    expect(validateAddress({ ...jane, country: "GB", state: "", postcode: "SW1A 1AA" }, checkout)).toEqual({});
  });
});

describe("validateAddress: country restrictions", () => {
  it("billing: only the countries the shop sells to", () => {
    const options = { kind: "billing", allowedCountries: ["US", "ca"] } as const;
    expect(validateAddress({ country: "DE" }, options).country).toEqual({
      code: "invalid_country",
      message: "Sorry, we do not allow orders from the selected country",
    });
    expect(validateAddress({ country: "US" }, options)).toEqual({});
    expect(validateAddress({ country: "CA" }, options)).toEqual({});
    // The shipping list does not restrict a billing address.
    expect(validateAddress({ country: "DE" }, { kind: "billing", shipToCountries: ["US"] })).toEqual({});
  });

  it("shipping: only the countries the shop ships to", () => {
    const options = { kind: "shipping", shipToCountries: ["US"] } as const;
    expect(validateAddress({ country: "DE" }, options).country).toEqual({
      code: "invalid_country",
      message: "Sorry, we do not ship orders to the selected country",
    });
    expect(validateAddress({ country: "us" }, options)).toEqual({});
    expect(validateAddress({ country: "DE" }, { kind: "shipping", allowedCountries: ["US"] })).toEqual({});
  });

  it("rejects a code that is not a country", () => {
    expect(validateAddress({ country: "XX" }, { kind: "shipping" }).country?.code).toBe("invalid_country");
    expect(validateAddress({ country: "UK" }, { kind: "billing" }).country?.message).toBe(
      "Sorry, we do not allow orders from the selected country",
    );
  });
});

describe("isValidEmail", () => {
  it.each(["jane@example.com", " jane.doe+shop@mail.example.co.uk ", "J@EXAMPLE.COM"])("accepts %j", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(["", "jane", "jane@", "@example.com", "jane@example", "jane doe@example.com", "jane@-example.com", `${"a".repeat(250)}@e.com`])(
    "rejects %j",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe("normaliseAddress", () => {
  it("trims everything, upper-cases country and postcode, lower-cases the email's domain, codes the state", () => {
    expect(
      normaliseAddress({
        first_name: " Jane ",
        postcode: " sw1a 1aa ",
        country: "gb",
        state: " Kent ",
        email: " Jane.Doe@Example.COM ",
      }),
    ).toEqual({ first_name: "Jane", postcode: "SW1A 1AA", country: "GB", state: "Kent", email: "Jane.Doe@example.com" });
    expect(normaliseAddress({ country: "us", state: "california" })).toEqual({ country: "US", state: "CA" });
    expect(normaliseAddress({ country: "US", state: "Atlantis" })).toEqual({ country: "US", state: "Atlantis" });
    expect(normaliseAddress({ city: null, phone: undefined })).toEqual({ city: "", phone: "" });
  });
});

describe("clearHiddenFields", () => {
  it("blanks the fields the country hides", () => {
    const address = { ...jane, country: "DE", state: "BY", company: "Acme" };
    expect(clearHiddenFields(address, fieldsForCountry("DE"))).toEqual({ ...address, state: "", company: "" });
    expect(clearHiddenFields({ country: "US", state: "CA" }, fieldsForCountry("US"))).toEqual({ country: "US", state: "CA" });
  });
});

describe("isAddressCompleteForRates (spec §5 Address rules)", () => {
  it.each([
    [{ country: "US", state: "CA", postcode: "90001", city: "Los Angeles" }, true],
    [{ country: "US", state: "", postcode: "90001", city: "Los Angeles" }, false],
    [{ country: "US", state: "CA", postcode: "", city: "Los Angeles" }, false],
    [{ country: "US", state: "CA", postcode: "90001", city: " " }, false],
    [{ country: "DE", postcode: "10115", city: "Berlin" }, true],
    [{ country: "GB", postcode: "SW1A 1AA", city: "London" }, true],
    [{ country: "HK", state: "Kowloon", city: "Kowloon" }, true],
    [{ country: "", state: "CA", postcode: "90001", city: "Los Angeles" }, false],
    [{}, false],
  ])("%j → %s", (address, complete) => {
    expect(isAddressCompleteForRates(address)).toBe(complete);
  });

  it("follows the shop's field settings", () => {
    expect(isAddressCompleteForRates({ country: "US", state: "CA", city: "LA" }, { postcode: { required: false } })).toBe(true);
  });
});

describe("hasAddressChanged and changedAddressFields (spec §5 Address rules)", () => {
  it("ignores differences that normalise away", () => {
    expect(hasAddressChanged({ postcode: "sw1a1aa", first_name: " Jane" }, { postcode: "SW1A 1AA", first_name: "Jane" })).toBe(false);
    expect(hasAddressChanged({ email: "not an email" }, { email: "" })).toBe(false);
    expect(hasAddressChanged({ email: " jane@example.com " }, { email: "jane@example.com" })).toBe(false);
    expect(hasAddressChanged({ country: "us" }, { country: "US" })).toBe(false);
    expect(hasAddressChanged({ city: "" }, {})).toBe(false);
  });

  it("lists what really changed", () => {
    expect(changedAddressFields(jane, { ...jane, city: "Pasadena", postcode: "91101" })).toEqual(["city", "postcode"]);
    expect(hasAddressChanged({ email: "jane@example.com" }, { email: "john@example.com" })).toBe(true);
    expect(changedAddressFields({ country: "US", city: "LA" }, { city: "NY", country: "CA", state: "ON" })).toEqual([
      "country",
      "city",
      "state",
    ]);
  });
});

describe("hasShippingAddressError", () => {
  it("counts city, state, address_1, country and postcode errors only", () => {
    const error = { code: "required", message: "x" } as const;
    for (const key of ["city", "state", "address_1", "country", "postcode"] as const)
      expect(hasShippingAddressError({ [key]: error })).toBe(true);
    expect(hasShippingAddressError({ first_name: error, phone: error, email: error })).toBe(false);
    expect(hasShippingAddressError({})).toBe(false);
  });
});
