import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import data from "./data.json" with { type: "json" };
import { RECENT_KEY, RECENT_LIMIT, type RecentStore, readRecents, recentStore, rememberRecent, searchEmojis, toEmojis } from "./search.ts";
import { type EmojiRow, trimEmojiData } from "./trim.ts";

const emojis = toEmojis(data as EmojiRow[]);

function memory(initial: string | null = null): RecentStore & { value: string | null } {
  const store = { value: initial, get: () => store.value, set: (v: string) => (store.value = v) };
  return store;
}

describe("the trimmed emoji data", () => {
  it("is emojibase-data's English set without components or skin tones, as make-data.ts writes it", () => {
    const require = createRequire(import.meta.url);
    const compact = JSON.parse(readFileSync(require.resolve("emojibase-data/en/compact.json"), "utf8"));
    expect(data).toEqual(trimEmojiData(compact));
    expect(data.length).toBeGreaterThan(1800);
    expect(data[0]).toEqual(["😀", "grinning face", expect.stringContaining("smile")]);
    expect(data.some(([emoji]) => emoji === "🏻")).toBe(false); // a skin-tone component
    expect(data.some(([emoji]) => emoji === "👋🏽")).toBe(false); // a skin variant
  });
});

describe("searchEmojis", () => {
  it("finds by the start of label words and of tags", () => {
    expect(searchEmojis(emojis, "grinning").map((e) => e.emoji)).toContain("😀");
    expect(searchEmojis(emojis, "hello").map((e) => e.emoji)).toContain("👋"); // a tag of waving hand
  });
  it("needs every word of the query, in any order", () => {
    const found = searchEmojis(emojis, "face grin").map((e) => e.emoji);
    expect(found).toContain("😀");
    expect(found).not.toContain("👋");
  });
  it("ranks labels starting with the query first, then label matches, then tag matches", () => {
    const found = searchEmojis(emojis, "heart");
    expect(found[0]?.label.startsWith("heart")).toBe(true);
    const firstTagOnly = found.findIndex(
      (e) =>
        !e.label
          .toLowerCase()
          .split(/\W+/)
          .some((w) => w.startsWith("heart")),
    );
    const lastLabel = found.findLastIndex((e) =>
      e.label
        .toLowerCase()
        .split(/\W+/)
        .some((w) => w.startsWith("heart")),
    );
    expect(firstTagOnly === -1 || firstTagOnly > lastLabel).toBe(true);
  });
  it("is case-blind and finds nothing for blank or unknown queries", () => {
    expect(searchEmojis(emojis, "PIZZA").map((e) => e.emoji)).toContain("🍕");
    expect(searchEmojis(emojis, "   ")).toEqual([]);
    expect(searchEmojis(emojis, "zzqxv")).toEqual([]);
  });
});

describe("recent picks", () => {
  it("puts the newest first without repeats", () => {
    const store = memory();
    rememberRecent(store, "😀");
    rememberRecent(store, "🍕");
    expect(rememberRecent(store, "😀")).toEqual(["😀", "🍕"]);
    expect(readRecents(store)).toEqual(["😀", "🍕"]);
  });
  it(`keeps at most ${RECENT_LIMIT}`, () => {
    const store = memory();
    const picks = emojis.slice(0, 60).map((e) => e.emoji);
    for (const emoji of picks) rememberRecent(store, emoji);
    const recents = readRecents(store);
    expect(recents).toHaveLength(50);
    expect(recents[0]).toBe(picks[59]);
    expect(recents.at(-1)).toBe(picks[10]);
  });
  it("reads a broken memory as empty", () => {
    expect(readRecents(memory("{not json"))).toEqual([]);
    expect(readRecents(memory('{"a":1}'))).toEqual([]);
    expect(readRecents(memory('["😀",3]'))).toEqual(["😀"]);
  });
  it("uses localStorage only when the shop's consent rule allows it", () => {
    const storage = new Map<string, string>();
    const local = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    } as unknown as Storage;
    rememberRecent(recentStore("required", "", local), "😀");
    expect(storage.has(RECENT_KEY)).toBe(false);
    rememberRecent(recentStore("not-required", "cw_consent_marketing=deny", local), "😀");
    expect(storage.has(RECENT_KEY)).toBe(false);
    rememberRecent(recentStore("required", "a=1; cw_consent_marketing=allow", local), "🍕");
    expect(JSON.parse(storage.get(RECENT_KEY) ?? "[]")).toEqual(["🍕"]);
    rememberRecent(recentStore("not-required", "", local), "😀");
    expect(JSON.parse(storage.get(RECENT_KEY) ?? "[]")).toEqual(["😀", "🍕"]);
  });
  it("without consent keeps the picks for the page", () => {
    rememberRecent(recentStore("required", "", null), "🎉");
    expect(readRecents(recentStore("required", "", null))[0]).toBe("🎉");
  });
});
