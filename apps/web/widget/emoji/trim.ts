/**
 * Trims emojibase-data's English compact set to what the picker needs: one row per emoji,
 * [emoji, label, extra search words], in emojibase's order; no skin-tone variants, no components.
 */
export type EmojiRow = [emoji: string, label: string, tags: string];

interface CompactEmoji {
  unicode: string;
  label: string;
  group?: number;
  order?: number;
  tags?: string[];
}

/** emojibase's "component" group (skin tones and hair styles): not emojis anyone picks alone. */
const COMPONENT_GROUP = 2;

export function trimEmojiData(compact: readonly CompactEmoji[]): EmojiRow[] {
  return compact
    .filter((emoji) => emoji.group !== undefined && emoji.group !== COMPONENT_GROUP)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((emoji) => {
      const labelWords = new Set(emoji.label.toLowerCase().split(/[^a-z0-9]+/));
      const tags = (emoji.tags ?? []).filter((tag) => !labelWords.has(tag));
      return [emoji.unicode, emoji.label, tags.join(" ")];
    });
}
