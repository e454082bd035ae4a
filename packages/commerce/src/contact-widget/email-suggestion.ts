/**
 * "Did you mean …?" for mistyped e-mail domains (spec §5.3, §5.4), behaving as mailcheck 1.1.2
 * does in WPForms (reference §2): sift4 distance, thresholds 2, mailcheck's default domain lists.
 * Our own TypeScript; the lists are the facts it must match.
 */

/** Whole domains a typo is compared with first. */
export const SUGGESTION_DOMAINS: readonly string[] = [
  "msn.com",
  "bellsouth.net",
  "telus.net",
  "comcast.net",
  "optusnet.com.au",
  "earthlink.net",
  "qq.com",
  "sky.com",
  "icloud.com",
  "mac.com",
  "sympatico.ca",
  "googlemail.com",
  "att.net",
  "xtra.co.nz",
  "web.de",
  "cox.net",
  "gmail.com",
  "ymail.com",
  "aim.com",
  "rogers.com",
  "verizon.net",
  "rocketmail.com",
  "google.com",
  "optonline.net",
  "sbcglobal.net",
  "aol.com",
  "me.com",
  "btinternet.com",
  "charter.net",
  "shaw.ca",
];

/** Providers known under many top-level domains ("yahoo" in yahoo.fr, yahoo.co.uk…). */
export const SUGGESTION_SECOND_LEVEL_DOMAINS: readonly string[] = ["yahoo", "hotmail", "mail", "live", "outlook", "gmx"];

/** In mailcheck's order, which decides ties ("cm" is as near "com" as "ca"; "com" comes first). */
export const SUGGESTION_TOP_LEVEL_DOMAINS: readonly string[] = [
  "com",
  "com.au",
  "com.tw",
  "ca",
  "co.nz",
  "co.uk",
  "de",
  "fr",
  "it",
  "ru",
  "net",
  "org",
  "edu",
  "gov",
  "jp",
  "nl",
  "kr",
  "se",
  "eu",
  "ie",
  "co.il",
  "us",
  "at",
  "be",
  "dk",
  "hk",
  "es",
  "gr",
  "ch",
  "no",
  "cz",
  "in",
  "net",
  "net.au",
  "info",
  "biz",
  "mil",
  "co.jp",
  "sg",
  "hu",
  "uk",
];

/** The greatest distance still taken for a typo, for whole, second-level and top-level domains alike. */
export const SUGGESTION_THRESHOLD = 2;

interface Match {
  i: number;
  j: number;
  transposed: boolean;
}

/**
 * Siderite's sift4 string distance, common variant: cursors look ahead up to `maxOffset` characters
 * for the next match, crossed matches count as transpositions; the result is rounded.
 */
export function sift4Distance(a: string, b: string, maxOffset = 5): number {
  if (!a) return b ? b.length : 0;
  if (!b) return a.length;
  let i = 0;
  let j = 0;
  let common = 0; // longest common subsequence found so far
  let run = 0; // length of the current common stretch
  let transpositions = 0;
  const matches: Match[] = [];

  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      run++;
      let transposed = false;
      let n = 0;
      while (n < matches.length) {
        const earlier = matches[n] as Match;
        if (i <= earlier.i || j <= earlier.j) {
          // Of two crossing matches, the one further off its diagonal is the transposition.
          transposed = Math.abs(j - i) >= Math.abs(earlier.j - earlier.i);
          if (transposed) transpositions++;
          else if (!earlier.transposed) {
            earlier.transposed = true;
            transpositions++;
          }
          break;
        }
        if (i > earlier.j && j > earlier.i) matches.splice(n, 1);
        else n++;
      }
      matches.push({ i, j, transposed });
    } else {
      common += run;
      run = 0;
      if (i !== j) i = j = Math.min(i, j);
      // Look ahead in either string for the other's character; step back one as the loop steps on.
      for (let k = 0; k < maxOffset && (i + k < a.length || j + k < b.length); k++) {
        if (i + k < a.length && a[i + k] === b[j]) {
          i += k - 1;
          j--;
          break;
        }
        if (j + k < b.length && a[i] === b[j + k]) {
          i--;
          j += k - 1;
          break;
        }
      }
    }
    i++;
    j++;
    if (i >= a.length || j >= b.length) {
      common += run;
      run = 0;
      i = j = Math.min(i, j);
    }
  }
  common += run;
  return Math.round(Math.max(a.length, b.length) - common + transpositions);
}

/** The candidate nearest `text` within the threshold (the first on ties; `text` itself when listed), else null. */
function closest(text: string, candidates: readonly string[]): string | null {
  if (!text) return null;
  if (candidates.includes(text)) return text;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = sift4Distance(text, candidate);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  return bestDistance <= SUGGESTION_THRESHOLD ? best : null;
}

/**
 * The address with its domain's likely typo mended ("jane@gmial.com" → "jane@gmail.com"), or null
 * when it looks right, is unknown or is no address. The local part stays as typed.
 */
export function suggestEmail(address: string, ownDomains: readonly string[] = []): string | null {
  const text = (address ?? "").trim();
  const at = text.lastIndexOf("@");
  if (at < 0) return null;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  if (!domain || local.split("@").some((part) => part === "")) return null;
  const dot = domain.indexOf(".");
  // "b" alone is a top-level domain with no second level, as mailcheck reads it.
  const secondLevel = dot < 0 ? "" : domain.slice(0, dot);
  const topLevel = dot < 0 ? domain : domain.slice(dot + 1);

  if (SUGGESTION_SECOND_LEVEL_DOMAINS.includes(secondLevel) && SUGGESTION_TOP_LEVEL_DOMAINS.includes(topLevel)) return null;

  // The owner's own domains first: on a tie, theirs is the likelier meant.
  const whole = closest(domain, ownDomains.length ? [...ownDomains, ...SUGGESTION_DOMAINS] : SUGGESTION_DOMAINS);
  if (whole) return whole === domain ? null : `${local}@${whole}`;

  if (!secondLevel) return null;
  const nextSecond = closest(secondLevel, SUGGESTION_SECOND_LEVEL_DOMAINS) ?? secondLevel;
  const nextTop = closest(topLevel, SUGGESTION_TOP_LEVEL_DOMAINS) ?? topLevel;
  const suggested = `${nextSecond}.${nextTop}`;
  return suggested === domain ? null : `${local}@${suggested}`;
}
