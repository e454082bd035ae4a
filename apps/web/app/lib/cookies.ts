/** Reads one cookie from a Cookie header (no dependency; names and values are URI-decoded). */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    if (safeDecode(key) !== name) continue;
    return safeDecode(part.slice(index + 1).trim());
  }
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The cookie that remembers a dismissed store notice (spec §4 "Store notice"). */
export const storeNoticeCookie = (noticeId: string) => `store_notice${noticeId}`;
