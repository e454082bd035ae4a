/** Postcode rules as shops write them for tax rates and shipping zones. Pure and shared. */

/** Postcodes compare without case, spaces or hyphens ('sw1a 1aa' = 'SW1A1AA'). */
export function normalizePostcode(postcode: string): string {
  return postcode.trim().toUpperCase().replace(/[\s-]/g, "");
}

/** One postcode rule: exact, prefix with a trailing '*', or a numeric range 'A...B'. */
export function postcodeMatches(rule: string, postcode: string): boolean {
  const code = normalizePostcode(postcode);
  const range = rule.split("...");
  if (range.length === 2) {
    const [low, high] = range.map(normalizePostcode) as [string, string];
    const numeric = /^\d+$/;
    if (!numeric.test(low) || !numeric.test(high) || !numeric.test(code)) return false;
    const value = Number(code);
    return Number(low) <= value && value <= Number(high);
  }
  const pattern = normalizePostcode(rule);
  if (pattern.endsWith("*")) return code.startsWith(pattern.slice(0, -1));
  return pattern === code;
}

/**
 * Why a rule is not one postcodeMatches understands (null when it is), in words for the owner:
 * letters and digits, one trailing '*', or a range of two numbers, low first.
 */
export function postcodeRuleProblem(rule: string): string | null {
  const trimmed = rule.trim();
  if (!trimmed) return "Enter a postcode, a prefix with * (SW1*) or a range (90000...90999).";
  const range = trimmed.split("...");
  if (range.length === 2) {
    const [low, high] = range.map(normalizePostcode) as [string, string];
    if (!/^\d+$/.test(low) || !/^\d+$/.test(high)) return `"${trimmed}": a range is two numbers with ... between them (90000...90999).`;
    if (Number(low) > Number(high)) return `"${trimmed}": a range starts with its lower number.`;
    return null;
  }
  // The matcher reads '*' only at the end and '...' only once; anything else would never match as meant.
  if (!/^[A-Z0-9]+\*?$/.test(normalizePostcode(trimmed))) {
    return `"${trimmed}" is not a postcode rule: use letters and digits, one * at the end (SW1*), or a range (90000...90999).`;
  }
  return null;
}
