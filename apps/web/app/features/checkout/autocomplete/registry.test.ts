import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AddressAutocompleteProvider,
  addressAutocompleteProviderIds,
  clearAddressAutocompleteProviders,
  getAddressAutocompleteProviders,
  providerFor,
  registerAddressAutocompleteProvider,
  unregisterAddressAutocompleteProvider,
} from "./registry.ts";

const provider = (
  id: string,
  countries: string[] = ["US"],
  more: Partial<AddressAutocompleteProvider> = {},
): AddressAutocompleteProvider => ({
  id,
  canSearch: (country) => countries.includes(country),
  search: async () => [],
  select: async () => ({}),
  ...more,
});

// The worker's other files may have imported the built-in offline provider: it is put back.
const registeredBefore = getAddressAutocompleteProviders();
beforeEach(() => clearAddressAutocompleteProviders());
afterAll(() => {
  clearAddressAutocompleteProviders();
  for (const provider of registeredBefore) registerAddressAutocompleteProvider(provider);
});

describe("registerAddressAutocompleteProvider", () => {
  it("keeps providers in registration order", () => {
    registerAddressAutocompleteProvider(provider("a"));
    registerAddressAutocompleteProvider(provider("b"));
    expect(addressAutocompleteProviderIds()).toEqual(["a", "b"]);
    expect(getAddressAutocompleteProviders().map((p) => p.id)).toEqual(["a", "b"]);
  });

  it.each([
    [null, "must be an object"],
    ["x", "must be an object"],
    [{ ...provider("a"), id: undefined }, "must have an id"],
    [{ ...provider("a"), id: "  " }, "must have an id"],
    [{ ...provider("a"), id: 3 }, "must have an id"],
    [{ ...provider("a"), canSearch: undefined }, "'a' must have a canSearch function"],
    [{ ...provider("a"), search: "nope" }, "'a' must have a search function"],
    [{ ...provider("a"), select: undefined }, "'a' must have a select function"],
    [{ ...provider("a"), name: 5 }, "name of the address autocomplete provider 'a' must be a string"],
  ])("rejects an invalid provider (%#)", (config, message) => {
    expect(() => registerAddressAutocompleteProvider(config as unknown as AddressAutocompleteProvider)).toThrow(message);
    expect(addressAutocompleteProviderIds()).toEqual([]);
  });

  it("refuses a second provider with the same id; the same object again is a no-op", () => {
    const first = provider("a");
    registerAddressAutocompleteProvider(first);
    registerAddressAutocompleteProvider(first);
    expect(() => registerAddressAutocompleteProvider(provider("a", ["GB"]))).toThrow(
      "An address autocomplete provider with the id 'a' is already registered.",
    );
    expect(addressAutocompleteProviderIds()).toEqual(["a"]);
    expect(getAddressAutocompleteProviders()[0]).toBe(first);
  });

  it("unregisters by id", () => {
    registerAddressAutocompleteProvider(provider("a"));
    expect(unregisterAddressAutocompleteProvider("a")).toBe(true);
    expect(unregisterAddressAutocompleteProvider("a")).toBe(false);
    expect(addressAutocompleteProviderIds()).toEqual([]);
  });
});

describe("providerFor", () => {
  it("is the first registered provider that can search the country (upper-cased, trimmed)", () => {
    const gb = provider("gb", ["GB"]);
    const us1 = provider("us1", ["US"]);
    const us2 = provider("us2", ["US", "DE"]);
    [gb, us1, us2].forEach(registerAddressAutocompleteProvider);
    expect(providerFor("US")).toBe(us1);
    expect(providerFor(" us ")).toBe(us1);
    expect(providerFor("GB")).toBe(gb);
    expect(providerFor("DE")).toBe(us2);
    expect(providerFor("FR")).toBeUndefined();
  });

  it("is undefined without a country; a throwing canSearch counts as no", () => {
    const broken = provider("broken", [], {
      canSearch: () => {
        throw new Error("boom");
      },
    });
    const us = provider("us");
    registerAddressAutocompleteProvider(broken);
    registerAddressAutocompleteProvider(us);
    expect(providerFor("")).toBeUndefined();
    expect(providerFor(undefined)).toBeUndefined();
    expect(providerFor("US")).toBe(us);
  });
});

describe("the built-in offline provider", () => {
  it("is the fallback: an extension's provider for the same country comes first", async () => {
    const { clearAddressAutocompleteProviders, providerFor, registerAddressAutocompleteProvider } = await import("./registry.ts");
    clearAddressAutocompleteProviders();
    const make = (id: string) => ({ id, canSearch: (c: string) => c === "US", search: async () => [], select: async () => ({}) });
    registerAddressAutocompleteProvider(make("cartwright/offline"));
    registerAddressAutocompleteProvider(make("acme/places"));
    expect(providerFor("US")?.id).toBe("acme/places");
    clearAddressAutocompleteProviders();
    registerAddressAutocompleteProvider(make("cartwright/offline"));
    expect(providerFor("us")?.id).toBe("cartwright/offline");
  });
});
