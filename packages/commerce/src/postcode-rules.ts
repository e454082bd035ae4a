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
