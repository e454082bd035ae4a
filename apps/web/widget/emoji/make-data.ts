/**
 * Writes data.json, the picker's trimmed copy of emojibase-data (MIT). Run after changing the
 * emojibase-data version: `node apps/web/widget/emoji/make-data.ts` (a unit test checks it is current).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { trimEmojiData } from "./trim.ts";

const require = createRequire(import.meta.url);
const compact = JSON.parse(readFileSync(require.resolve("emojibase-data/en/compact.json"), "utf8"));
const rows = trimEmojiData(compact).map((row) => `  [${row.map((text) => JSON.stringify(text)).join(", ")}]`);
// One row a line, as Biome formats it (`npx biome format --write` settles any long row).
writeFileSync(new URL("./data.json", import.meta.url), `[\n${rows.join(",\n")}\n]\n`);
