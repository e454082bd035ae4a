import { describe, expect, it } from "vitest";
import { allCountries, countryName, isCountryCode, STATES, statesOf } from "./countries.ts";

describe("countryName", () => {
  it.each([
    ["US", "United States"],
    ["us", "United States"],
    ["GB", "United Kingdom"],
    ["DE", "Germany"],
    ["CN", "China"],
    ["TW", "Taiwan"],
    ["CI", "Côte d'Ivoire"],
    ["AX", "Åland Islands"],
    ["FK", "Falkland Islands"],
  ])("%s is %s", (code, name) => {
    expect(countryName(code)).toBe(name);
  });

  it("is undefined for a code that is not a country", () => {
    expect(countryName("ZZ")).toBeUndefined();
    expect(countryName("")).toBeUndefined();
    expect(countryName("constructor")).toBeUndefined();
    expect(isCountryCode("UK")).toBe(false);
    expect(isCountryCode("GB")).toBe(true);
  });
});

describe("allCountries", () => {
  it("lists every ISO country once, sorted by English name", () => {
    const list = allCountries();
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.name.localeCompare(list[i]!.name, "en")).toBeLessThanOrEqual(0);
    expect(list).toContainEqual({ code: "US", name: "United States" });
    expect(list[0]).toEqual({ code: "AF", name: "Afghanistan" });
  });

  it("builds the list once", () => {
    expect(allCountries()).toBe(allCountries());
    expect(Object.isFrozen(allCountries())).toBe(true);
  });
});

describe("STATES", () => {
  it("has the US states with DC and the armed-forces codes", () => {
    const us = STATES.US!;
    expect(us).toHaveLength(54);
    expect(us).toContainEqual({ code: "DC", name: "District of Columbia" });
    expect(us.map((s) => s.code)).toEqual(expect.arrayContaining(["CA", "NY", "AA", "AE", "AP"]));
  });

  it.each([
    ["CA", 13, "ON", "Ontario"],
    ["AU", 8, "NSW", "New South Wales"],
    ["BR", 27, "SP", "São Paulo"],
    ["CN", 32, "CN2", "Beijing"],
    ["IN", 37, "MH", "Maharashtra"],
    ["JP", 47, "JP13", "Tokyo"],
    ["MX", 32, "DF", "Ciudad de México"],
    ["IT", 107, "RM", "Roma"],
    ["ES", 52, "M", "Madrid"],
    ["NZ", 16, "AK", "Auckland"],
    ["ZA", 9, "KZN", "KwaZulu-Natal"],
    ["TR", 81, "TR34", "İstanbul"],
    ["MY", 16, "KUL", "Kuala Lumpur"],
    ["TH", 77, "TH-10", "Bangkok"],
    ["ID", 34, "JK", "DKI Jakarta"],
    ["AR", 24, "C", "Ciudad Autónoma de Buenos Aires"],
    ["IE", 26, "D", "Dublin"],
    ["RO", 42, "B", "București"],
  ])("%s has %i entries, including %s %s", (country, count, code, name) => {
    const list = statesOf(country)!;
    expect(list).toHaveLength(count);
    expect(list).toContainEqual({ code, name });
  });

  it("has unique codes and unique names (ignoring case and accents) in every list", () => {
    const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    for (const [country, list] of Object.entries(STATES)) {
      expect(new Set(list.map((s) => s.code)).size, country).toBe(list.length);
      expect(new Set(list.map((s) => fold(s.name))).size, country).toBe(list.length);
    }
  });

  it("keys lists by real country codes", () => {
    for (const country of Object.keys(STATES)) expect(isCountryCode(country), country).toBe(true);
  });

  it("has no list for countries whose state is free text or absent", () => {
    expect(statesOf("GB")).toBeUndefined();
    expect(statesOf("DE")).toBeUndefined();
    expect(statesOf("us")).toBe(STATES.US);
  });
});
