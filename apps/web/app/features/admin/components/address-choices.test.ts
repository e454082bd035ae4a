import { describe, expect, it } from "vitest";
import { countryChoices, countryOptions, stateChoices, stateForCountry, stateOptions } from "./address-choices.ts";
import * as list from "./country-list.ts";

describe("the console's country and state selects", () => {
  it("offer every country by name, its code the value, after an empty choice", () => {
    const choices = countryChoices(list, "US", "Select a Country/Region");
    expect(choices[0]).toEqual({ value: "", label: "Select a Country/Region" });
    expect(choices).toContainEqual({ value: "US", label: "United States" });
    expect(choices).toContainEqual({ value: "GB", label: "United Kingdom" });
    expect(choices).toHaveLength(list.allCountries().length + 1);
    expect(choices.filter((c) => c.value === "US")).toHaveLength(1);
  });

  it("keep a stored code the list does not know as a choice of its own", () => {
    const choices = countryChoices(list, "ZZ", "");
    expect(choices.slice(0, 2)).toEqual([
      { value: "", label: "" },
      { value: "ZZ", label: "ZZ" },
    ]);
    expect(choices).toHaveLength(list.allCountries().length + 2);
  });

  it("show the current code alone until the list arrives", () => {
    expect(countryChoices(null, "US", "")).toEqual([
      { value: "", label: "" },
      { value: "US", label: "US" },
    ]);
    expect(countryChoices(null, "", "")).toEqual([{ value: "", label: "" }]);
    expect(stateChoices(null, "US", "CA", "")).toBeUndefined();
  });

  it("offer the country's states by name, and a text field where it has none", () => {
    const states = stateChoices(list, "US", "CA", "Select a State/County");
    expect(states?.[0]).toEqual({ value: "", label: "Select a State/County" });
    expect(states).toContainEqual({ value: "CA", label: "California" });
    expect(states).toHaveLength((list.statesOf("US")?.length ?? 0) + 1);
    expect(stateChoices(list, "GB", "Kent", "")).toBeUndefined();
    expect(stateChoices(list, "", "", "")).toBeUndefined();
  });

  it("keep a stored state the country's list does not know", () => {
    expect(stateChoices(list, "US", "Calif.", "")?.slice(0, 2)).toEqual([
      { value: "", label: "" },
      { value: "Calif.", label: "Calif." },
    ]);
  });

  it("clear the state when the country changes, unless it is one of the new country's states", () => {
    expect(stateForCountry(list, "CA", "CA")).toBe("");
    expect(stateForCountry(list, "GB", "CA")).toBe("");
    expect(stateForCountry(list, "CA", "ON")).toBe("ON");
    expect(stateForCountry(list, "US", "NV")).toBe("NV");
    expect(stateForCountry(list, "US", "")).toBe("");
  });
});

describe("the console's country and state pickers", () => {
  it("offer every country by name, its code the value and hint", () => {
    const options = countryOptions(list);
    expect(options).toHaveLength(list.allCountries().length);
    expect(options).toContainEqual({ value: "CA", label: "Canada", hint: "CA" });
  });

  it("offer every state named with its country, valued country:state", () => {
    const options = stateOptions(list);
    expect(options).toContainEqual({ value: "US:NV", label: "Nevada, United States", hint: "US:NV" });
    expect(options).toContainEqual({ value: "CA:BC", label: "British Columbia, Canada", hint: "CA:BC" });
    // Countries without states add none.
    expect(options.some((o) => o.value.startsWith("DE:"))).toBe(false);
  });
});
