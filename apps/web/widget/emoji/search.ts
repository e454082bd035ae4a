/** The emoji picker's pure parts: searching the trimmed data and remembering recent picks (spec §9). */
import type { EmojiRow } from "./trim.ts";

export interface Emoji {
  emoji: string;
  label: string;
  /** The label's and tags' words, lower case, for prefix search. */
  words: string[];
}

export const RECENT_LIMIT = 50;
export const RECENT_KEY = "contactWidget_emojiRecent";

export function toEmojis(rows: readonly EmojiRow[]): Emoji[] {
  return rows.map(([emoji, label, tags]) => ({
    emoji,
    label,
    words: `${label} ${tags}`
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  }));
}

/**
 * Emojis whose words start with every term of the query: those whose label starts with the
 * query first, then those whose label alone matches, then tag matches; otherwise data order.
 */
export function searchEmojis(emojis: readonly Emoji[], query: string): Emoji[] {
  const phrase = query.trim().toLowerCase();
  const terms = phrase.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (terms.length === 0) return [];
  const ranked: { emoji: Emoji; rank: number }[] = [];
  for (const emoji of emojis) {
    if (!terms.every((term) => emoji.words.some((word) => word.startsWith(term)))) continue;
    const label = emoji.label.toLowerCase();
    const labelWords = label.split(/[^\p{L}\p{N}]+/u);
    const rank = label.startsWith(phrase) ? 0 : terms.every((term) => labelWords.some((word) => word.startsWith(term))) ? 1 : 2;
    ranked.push({ emoji, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.emoji);
}

/** Where recent picks are kept: localStorage when the visitor's consent allows, else the page's memory. */
export interface RecentStore {
  get(): string | null;
  set(value: string): void;
}

export function readRecents(store: RecentStore): string[] {
  try {
    const value: unknown = JSON.parse(store.get() ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string").slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts the emoji first, without repeats, keeping at most RECENT_LIMIT; returns the new list. */
export function rememberRecent(store: RecentStore, emoji: string): string[] {
  const recents = [emoji, ...readRecents(store).filter((item) => item !== emoji)].slice(0, RECENT_LIMIT);
  try {
    store.set(JSON.stringify(recents));
  } catch {
    // A full or blocked storage only loses the memory of recent picks.
  }
  return recents;
}

/** The shop's consent rule (decision 0014): the cw_consent_marketing cookie's allow/deny. */
export function recentStore(consent: "required" | "not-required", cookie: string, storage: Storage | null): RecentStore {
  const choice = /(?:^|;\s*)cw_consent_marketing=([^;]*)/.exec(cookie)?.[1];
  const allowed = consent === "required" ? choice === "allow" : choice !== "deny";
  if (allowed && storage) return { get: () => storage.getItem(RECENT_KEY), set: (value) => storage.setItem(RECENT_KEY, value) };
  return {
    get: () => keptForThePage,
    set: (value) => {
      keptForThePage = value;
    },
  };
}

/** Recent picks without consent: kept while the page lives, across the popup's openings. */
let keptForThePage: string | null = null;
