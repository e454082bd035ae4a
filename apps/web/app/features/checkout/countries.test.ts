import { describe, expect, it } from "vitest";
import { countryOptions } from "./countries.ts";

describe("countryOptions", () => {
  it("lists every country by name with its states when the shop allows all", () => {
    const all = countryOptions(null);
    expect(all.length).toBeGreaterThan(240);
    const names = all.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(all.find((c) => c.code === "US")?.states).toContainEqual({ code: "CA", name: "California" });
    expect(all.find((c) => c.code === "GB")?.states).toEqual([]);
  });

  it("keeps only the allowed countries, sorted by name", () => {
    expect(countryOptions(["US", "DE", "GB"]).map((c) => c.code)).toEqual(["DE", "GB", "US"]);
  });
});
