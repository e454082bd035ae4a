/**
 * Password strength (spec §5 "Password strength"; DESIGN §4: reading A scored by zxcvbn, with
 * reading B's character-class rules standing in while the library loads).
 *
 * - Reading A: five levels 0–4 (`levelsA`). Without the library the spec gives a rule of its own,
 *   a minimum length and character-class diversity per level (`ruleStrength`); DESIGN chose
 *   reading B's rules as the fallback instead, so the meter does not use it.
 * - Reading B (`fallbackStrength`): four levels 0–3, whose labels are reading A's first four.
 *
 * Classes: lowercase (\p{Ll}), uppercase (\p{Lu}), number (\p{Nd}) and symbol (any other
 * character, spaces included). Length counts code points, so an emoji is one character.
 * The library itself is loaded only on use (`loadZxcvbn`, a dynamic import: its own chunk).
 */

/** Reading A's levels, by score 0–4 (the spec's exact texts). */
export const levelsA = ["Too weak", "Weak", "Medium", "Strong", "Very strong"] as const;
export type StrengthLabel = (typeof levelsA)[number];
/** A strength level: 0–4 for reading A, 0–3 for reading B. */
export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

/** The meter's texts (ours, apart from the level names). */
export const passwordMessages = {
  show: "Show password",
  hide: "Hide password",
  strength: (label: StrengthLabel) => `Password strength: ${label}`,
};

const CLASSES = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u] as const;

/** How many of the four classes (lowercase, uppercase, number, symbol) the password uses. */
export function characterClasses(password: string): number {
  let count = 0;
  let symbol = false;
  const seen = [false, false, false];
  for (const char of password) {
    const index = CLASSES.findIndex((pattern) => pattern.test(char));
    if (index === -1) symbol = true;
    else seen[index] = true;
  }
  for (const hit of seen) if (hit) count++;
  return symbol ? count + 1 : count;
}

/** The password's length in code points. */
export function passwordLength(password: string): number {
  let length = 0;
  for (const _ of password) length++;
  return length;
}

interface Threshold {
  level: StrengthLevel;
  length: number;
  classes: number;
}

/** The highest level whose minimum length and class count the password reaches; 0 if none. */
function highestLevel(password: string, thresholds: readonly Threshold[]): StrengthLevel {
  const length = passwordLength(password);
  const classes = characterClasses(password);
  for (const threshold of thresholds) {
    if (length >= threshold.length && classes >= threshold.classes) return threshold.level;
  }
  return 0;
}

/** Reading B, highest first: Strong 4 classes/10, Medium 4 classes/8, Weak 2 classes/6. */
const READING_B: readonly Threshold[] = [
  { level: 3, length: 10, classes: 4 },
  { level: 2, length: 8, classes: 4 },
  { level: 1, length: 6, classes: 2 },
];

/** Reading A without the library, highest first: 20/4, 12/4, 8/2, 4/1 (0/0 is level 0). */
const READING_A_RULE: readonly Threshold[] = [
  { level: 4, length: 20, classes: 4 },
  { level: 3, length: 12, classes: 4 },
  { level: 2, length: 8, classes: 2 },
  { level: 1, length: 4, classes: 1 },
];

/** Reading B: 0 Too weak, 1 Weak, 2 Medium, 3 Strong. The meter's rule while zxcvbn loads. */
export function fallbackStrength(password: string): StrengthLevel {
  return highestLevel(password, READING_B);
}

/** Reading A's own rule for when there is no strength library: 0–4. */
export function ruleStrength(password: string): StrengthLevel {
  return highestLevel(password, READING_A_RULE);
}

/** Scores a password 0–4 (zxcvbn's score). */
export type PasswordScorer = (password: string) => StrengthLevel;

let loading: Promise<PasswordScorer> | undefined;
let loaded: PasswordScorer | undefined;

/** The scorer if it has already loaded, so a remounted meter uses it at once. */
export function loadedZxcvbn(): PasswordScorer | undefined {
  return loaded;
}

/**
 * Loads zxcvbn-ts with the common dictionaries and keyboard graphs (not language-en: ~615 KB
 * gzip more), configured once. A failed load can be retried; the meter keeps the fallback.
 */
export function loadZxcvbn(): Promise<PasswordScorer> {
  loading ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([{ ZxcvbnFactory }, common]) => {
      const zxcvbn = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
      loaded = (password) => zxcvbn.check(password).score;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
