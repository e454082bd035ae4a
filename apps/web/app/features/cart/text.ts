/** Small text helpers of the cart page: plain text from the API's HTML, the 15-word clamp, error messages. */
import { StoreApiFailure, shownMessage } from "../../api/store-client.ts";
import { cartMessages } from "../../stores/messages.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML to plain text: tags stripped, the common entities decoded, white space collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A tax line as the cart lists it (spec §5, displayItemizedTaxes): its name, then its rate as the shop writes numbers
 * ("VAT 20,5%"). The Store API keeps the rate with a point ("20.5%"), as the modelled system's does.
 */
export function taxLineLabel(line: { name: string; rate: string }, decimalSeparator: string): string {
  return [line.name, line.rate.replace(".", decimalSeparator)].filter(Boolean).join(" ");
}

/** Spec §9: the short description is clamped to 15 words, ending in '…' when cut. */
export const DESCRIPTION_WORDS = 15;

export function clampWords(html: string, words = DESCRIPTION_WORDS): string {
  const text = plainText(html);
  if (!text) return "";
  const list = text.split(" ");
  return list.length > words ? `${list.slice(0, words).join(" ")}…` : text;
}

/**
 * Spec §8 "coupon apply error": details.checkout (when an order exists), else details.cart,
 * else the message; anything that is not a Store API failure gets the generic text.
 */
export function couponErrorMessage(failure: unknown): string {
  if (!(failure instanceof StoreApiFailure)) return cartMessages.genericError;
  const details = failure.error.data?.details as { checkout?: unknown; cart?: unknown } | undefined;
  const pick = [details?.checkout, details?.cart, shownMessage(failure)].find((m) => typeof m === "string" && m.trim() !== "");
  return plainText(String(pick ?? cartMessages.genericError));
}

/** A failed write's message for a notice. */
export function failureMessage(failure: unknown): string {
  return failure instanceof StoreApiFailure ? plainText(shownMessage(failure)) : cartMessages.genericError;
}
