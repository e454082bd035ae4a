import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AddressAutocompleteProvider, AddressSuggestion } from "./registry.ts";
import {
  AddressAutocompleteController,
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_SELECT_LOCK_MS,
  addressFields,
} from "./use-address-autocomplete.ts";

const suggestions = (n: number, prefix = "s"): AddressSuggestion[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, label: `${prefix} ${i}` }));

function setup(results: (text: string) => AddressSuggestion[] | Promise<AddressSuggestion[]> = () => suggestions(3)) {
  const provider = {
    id: "test",
    canSearch: (country: string) => country === "US",
    search: vi.fn(async (text: string, _country: string) => results(text)),
    select: vi.fn(
      async (id: string, country: string): Promise<Record<string, unknown>> => ({
        address_1: `street of ${id}`,
        city: "Town",
        country,
        bogus: 1,
      }),
    ),
  } satisfies AddressAutocompleteProvider;
  const controller = new AddressAutocompleteController({ providerFor: (c) => (provider.canSearch(c) ? provider : undefined) });
  return { provider, controller };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("AddressAutocompleteController", () => {
  it("searches only at 3 or more characters, after the debounce", async () => {
    const { provider, controller } = setup();
    controller.input("12", "US");
    controller.input("  12  ", "US");
    await vi.advanceTimersByTimeAsync(1000);
    expect(provider.search).not.toHaveBeenCalled();

    controller.input("123", "us");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS - 1);
    expect(provider.search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(provider.search).toHaveBeenCalledWith("123", "US");
    expect(controller.getState()).toMatchObject({ open: true, activeIndex: -1 });
    expect(controller.getState().suggestions).toHaveLength(3);
  });

  it("debounces: only the last text of a burst is searched", async () => {
    const { provider, controller } = setup();
    for (const text of ["123", "123 M", "123 Ma", "123 Mai"]) {
      controller.input(text, "US");
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    expect(provider.search.mock.calls).toEqual([["123 Mai", "US"]]);
  });

  it("shows at most 5 suggestions", async () => {
    const { controller } = setup(() => suggestions(9));
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    expect(controller.getState().suggestions.map((s) => s.id)).toEqual(["s0", "s1", "s2", "s3", "s4"]);
  });

  it("does nothing for a country no provider can search", async () => {
    const { provider, controller } = setup();
    expect(controller.canSearch("FR")).toBe(false);
    expect(controller.canSearch("US")).toBe(true);
    controller.input("main", "FR");
    controller.input("main", "");
    await vi.advanceTimersByTimeAsync(1000);
    expect(provider.search).not.toHaveBeenCalled();
  });

  it("ignores stale replies", async () => {
    const { controller } = setup(
      (text) => new Promise((resolve) => setTimeout(() => resolve(suggestions(2, text)), text === "slow" ? 500 : 50)),
    );
    controller.input("slow", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS); // "slow" in flight
    controller.input("fast", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS + 50);
    expect(controller.getState().suggestions[0]?.id).toBe("fast0");
    await vi.advanceTimersByTimeAsync(1000); // "slow" arrives late
    expect(controller.getState().suggestions[0]?.id).toBe("fast0");
  });

  it("closes below 3 characters and drops a reply in flight", async () => {
    const { controller } = setup((text) => new Promise((resolve) => setTimeout(() => resolve(suggestions(2, text)), 100)));
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    controller.input("ma", "US");
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getState()).toMatchObject({ open: false, suggestions: [] });
  });

  it("moves the highlight with wrap-around, and Escape-style close", async () => {
    const { controller } = setup();
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    const listener = vi.fn();
    controller.subscribe(listener);
    controller.move(1);
    expect(controller.getState().activeIndex).toBe(0);
    controller.move(1);
    controller.move(1);
    controller.move(1);
    expect(controller.getState().activeIndex).toBe(0);
    controller.move(-1);
    expect(controller.getState().activeIndex).toBe(2);
    controller.close();
    expect(controller.getState()).toMatchObject({ open: false, activeIndex: -1 });
    controller.move(-1); // reopens at the last one
    expect(controller.getState()).toMatchObject({ open: true, activeIndex: 2 });
    expect(listener).toHaveBeenCalledTimes(7);
  });

  it("selects: returns the provider's address fields, closes, and locks typing for 1 s", async () => {
    const { provider, controller } = setup();
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    controller.move(1);
    controller.move(1);
    const address = await controller.select();
    expect(provider.select).toHaveBeenCalledWith("s1", "US");
    expect(address).toEqual({ address_1: "street of s1", city: "Town", country: "US" });
    expect(controller.getState().open).toBe(false);

    expect(controller.isLocked()).toBe(true);
    controller.input("street of s1", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_SELECT_LOCK_MS - 1);
    expect(provider.search).toHaveBeenCalledTimes(1);
    // A change typed during the lock is not searched even once the lock ends…
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    expect(provider.search).toHaveBeenCalledTimes(1);
    // …but typing after it is.
    expect(controller.isLocked()).toBe(false);
    controller.input("street of s1 x", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    expect(provider.search).toHaveBeenCalledTimes(2);
  });

  it("cancels a pending search on selection; the lock counts from when the address arrives", async () => {
    const { provider, controller } = setup();
    provider.select.mockImplementation(
      (id, country) => new Promise((resolve) => setTimeout(() => resolve({ address_1: id, city: "T", country, bogus: 1 }), 300)),
    );
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    const pending = controller.select(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(await pending).toEqual({ address_1: "s0", city: "T", country: "US" });
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_SELECT_LOCK_MS - 1);
    expect(controller.isLocked()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.isLocked()).toBe(false);
  });

  it("select resolves to null with nothing highlighted, on provider failure, or when superseded", async () => {
    const { provider, controller } = setup();
    expect(await controller.select()).toBeNull();
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    expect(await controller.select()).toBeNull(); // nothing highlighted
    provider.select.mockRejectedValueOnce(new Error("down"));
    expect(await controller.select(0)).toBeNull();

    provider.select.mockImplementationOnce(
      (id, country) => new Promise((resolve) => setTimeout(() => resolve({ address_1: id, country }), 100)),
    );
    const first = controller.select(0);
    const second = controller.select(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(await first).toBeNull();
    expect(await second).toEqual({ address_1: "street of s1", city: "Town", country: "US" });
  });

  it("a closed list keeps a pending selection; reset drops it", async () => {
    const { provider, controller } = setup();
    provider.select.mockImplementation(
      (id, country) => new Promise((resolve) => setTimeout(() => resolve({ address_1: id, country }), 100)),
    );
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    const kept = controller.select(0);
    controller.close(); // e.g. the input blurred right after Enter
    await vi.advanceTimersByTimeAsync(100);
    expect(await kept).toEqual({ address_1: "s0", country: "US" });

    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_SELECT_LOCK_MS);
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    const dropped = controller.select(0);
    controller.reset(); // e.g. the country changed
    await vi.advanceTimersByTimeAsync(100);
    expect(await dropped).toBeNull();
    expect(controller.getState()).toMatchObject({ open: false, suggestions: [] });
  });

  it("treats a failing search as no suggestions", async () => {
    const { controller } = setup(() => {
      throw new Error("offline");
    });
    controller.input("main", "US");
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS);
    expect(controller.getState()).toMatchObject({ open: false, suggestions: [] });
  });
});

describe("addressFields", () => {
  it("keeps the known address fields with string values (not the email)", () => {
    expect(addressFields({ address_1: "1 Main St", city: 3, email: "a@b.c", nope: "x", postcode: "90001" })).toEqual({
      address_1: "1 Main St",
      postcode: "90001",
    });
    expect(addressFields(null)).toEqual({});
  });
});
