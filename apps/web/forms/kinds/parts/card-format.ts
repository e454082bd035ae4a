/**
 * The card field's pure parts: the brand, the number in its brand's groups, the Luhn and length
 * check with the same library the server's validator uses (card-validator), and the expiry's MM / YY.
 */
import cardValidator from "card-validator";

export interface CardState {
  /** "Visa", "Mastercard", "American Express"…; empty while unknown. */
  brand: string;
  /** The digits in groups ("4111 1111 1111 1111"), cut at the brand's longest length. */
  formatted: string;
  /** Whether the server's check (Luhn and length) passes. */
  valid: boolean;
  /** Whether the digits can still become a valid number. */
  potentiallyValid: boolean;
  /** The security code's name and length ("CVV", 3; "CID", 4). */
  code: { name: string; size: number };
  /** The longest number the brand takes, in digits. */
  maxDigits: number;
}

export function cardState(input: string): CardState {
  const digits = input.replace(/\D/g, "").slice(0, 19);
  const result = cardValidator.number(digits);
  const card = result.card;
  const maxDigits = card ? Math.max(...card.lengths) : 19;
  const kept = digits.slice(0, maxDigits);
  const gaps = card ? card.gaps : [4, 8, 12, 16];
  let formatted = "";
  [...kept].forEach((digit, index) => {
    if (index > 0 && gaps.includes(index)) formatted += " ";
    formatted += digit;
  });
  return {
    brand: card?.niceType ?? "",
    formatted,
    valid: cardValidator.number(kept).isValid,
    potentiallyValid: result.isPotentiallyValid,
    code: card ? { name: card.code.name, size: card.code.size } : { name: "CVC", size: 3 },
    maxDigits,
  };
}

/** Expiry typing help: "1" → "1", "12" → "12 / ", "4" → "04 / ", "1229" → "12 / 29". */
export function formatExpiry(input: string, inserting: boolean): string {
  let digits = input.replace(/\D/g, "").slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return inserting ? `${digits} / ` : digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Whether an expiry (MM / YY) is a valid month not in the past, as the validator reads it. */
export function isValidExpiry(value: string, year = new Date().getUTCFullYear()): boolean {
  return cardValidator.expirationDate(value, year).isValid;
}
