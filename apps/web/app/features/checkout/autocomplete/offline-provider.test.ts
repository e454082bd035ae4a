import { isValidPostcode } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import {
  fold,
  loadOfflineAddresses,
  matchAddress,
  OFFLINE_PROVIDER_ID,
  offlineAddressProvider,
  searchOfflineAddresses,
} from "./offline-provider.ts";

const labels = async (text: string, country: string) => (await offlineAddressProvider.search(text, country)).map((s) => s.label);

describe("the offline address book", () => {
  it("has 100–200 addresses in US, GB and DE, with unique ids and valid postcodes", async () => {
    const rows = await loadOfflineAddresses();
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(rows.length).toBeLessThanOrEqual(200);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(["US", "GB", "DE"]));
    for (const row of rows) expect(isValidPostcode(row.postcode, row.country), `${row.postcode} ${row.country}`).toBe(true);
    expect(rows.filter((r) => r.country === "US" && r.state === "CA").map((r) => r.postcode)).toEqual(
      expect.arrayContaining(["90001", "94105"]),
    );
  });
});

describe("offlineAddressProvider", () => {
  it("searches US, GB and DE only", () => {
    expect(OFFLINE_PROVIDER_ID).toBe(offlineAddressProvider.id);
    expect(["US", "GB", "DE", "us"].map(offlineAddressProvider.canSearch)).toEqual([true, true, true, true]);
    expect(offlineAddressProvider.canSearch("FR")).toBe(false);
  });

  it("matches the start of words of the street and the city, case-insensitively", async () => {
    expect(await labels("juniper", "US")).toEqual(["1842 Juniper Street, Los Angeles, CA 90001"]);
    expect(await labels("JUNI los", "US")).toEqual(["1842 Juniper Street, Los Angeles, CA 90001"]);
    expect(await labels("uniper", "US")).toEqual([]); // not the start of a word
    expect(await labels("juniper seattle", "US")).toEqual([]); // every word must match
    expect(await labels("1842 jun", "US")).toEqual(["1842 Juniper Street, Los Angeles, CA 90001"]);
    expect(await labels("foundry", "US")).toEqual(["640 Foundry Lane, San Francisco, CA 94105"]);
    expect(await labels("goswell", "GB")).toEqual(["14 Goswell Yard, London EC1V 2NX"]);
  });

  it("ignores accents and splits hyphenated names", async () => {
    expect(await labels("monckeberg", "DE")).toEqual(["Mönckebergweg 4, Hamburg 20095"]);
    expect(await labels("lincke", "DE")).toEqual(["Paul-Lincke-Ufer 27, Berlin 10999"]);
    expect(fold("Köln Straße")).toBe("koln straße");
  });

  it("only returns addresses in the country", async () => {
    expect(await labels("juniper", "GB")).toEqual([]);
    expect(await labels("juniper", "FR")).toEqual([]);
  });

  it("returns at most 5 suggestions, leading matches first", async () => {
    const all = await searchOfflineAddresses("berlin", "DE", 50);
    expect(all).toHaveLength(5);
    const london = await offlineAddressProvider.search("london", "GB");
    expect(london).toHaveLength(5);
    // Streets starting with K come before the (earlier) Köln addresses.
    expect(await labels("k", "DE")).toEqual([
      "Kanalstraße 42, Berlin 10999",
      "Karl-Marx-Hof 30, Berlin 12043",
      "Königsallee 9, Stuttgart 70173",
      "Kröpckeplatz 5, Hannover 30159",
      "Domhof 5, Köln 50667",
    ]);
  });

  it("reports the matched parts of the label", async () => {
    const [suggestion] = await offlineAddressProvider.search("jun los", "US");
    expect(suggestion?.matchedSubstrings).toEqual([
      { offset: 5, length: 3 },
      { offset: 21, length: 3 },
    ]);
    expect(matchAddress({ folded: "main street, main", wordStarts: [0, 5, 13] }, ["main", "main"])).toEqual([
      { offset: 0, length: 4 },
      { offset: 13, length: 4 },
    ]);
    expect(matchAddress({ folded: "main street", wordStarts: [0, 5] }, ["main", "main"])).toBeNull();
  });

  it("selects a suggestion's address", async () => {
    const [suggestion] = await offlineAddressProvider.search("foundry", "US");
    expect(await offlineAddressProvider.select(suggestion?.id ?? "", "US")).toEqual({
      address_1: "640 Foundry Lane",
      city: "San Francisco",
      state: "CA",
      postcode: "94105",
      country: "US",
    });
    const [de] = await offlineAddressProvider.search("domhof", "DE");
    expect(await offlineAddressProvider.select(de?.id ?? "", "DE")).toEqual({
      address_1: "Domhof 5",
      city: "Köln",
      state: "",
      postcode: "50667",
      country: "DE",
    });
    await expect(offlineAddressProvider.select("nope", "US")).rejects.toThrow("Unknown address suggestion 'nope'.");
  });
});
