/**
 * The test card form's pure parts: input formatting, format checks with card-validator (the
 * same library the server checks with, so both agree), and the payment_data it produces.
 */
import cardValidator from "card-validator";
import { paymentMessages as t } from "./messages.ts";
import type { PaymentDataEntry } from "./registry.ts";

/** payment_data keys of the test card gateway (server: modules/payments/built-in.ts). */
export const TEST_CARD_FIELDS = { number: "cw-test-card-number", expiry: "cw-test-card-expiry", cvc: "cw-test-card-cvc" } as const;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

const digitsOnly = (text: string) => text.replace(/\D/g, "");

/** Groups the digits as the card's brand prints them (4-4-4-4 by default), at most 19 digits. */
export function formatCardNumber(text: string): string {
  const digits = digitsOnly(text).slice(0, 19);
  const gaps = cardValidator.number(digits).card?.gaps ?? [4, 8, 12, 16];
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && gaps.includes(i)) out += " ";
    out += digits[i];
  }
  return out;
}

/** MM/YY: a slash goes in once a third digit is typed. */
export function formatExpiry(text: string): string {
  const digits = digitsOnly(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (text: string) => digitsOnly(text).slice(0, 4);

/** The error of each field that is filled in and wrong (or, with `all`, also empty). */
export function validateCard(input: CardInput, { all = false }: { all?: boolean } = {}): CardErrors {
  const errors: CardErrors = {};
  const number = cardValidator.number(digitsOnly(input.number));
  if ((all || input.number.trim()) && !number.isValid) errors.number = t.invalidNumber;
  if ((all || input.expiry.trim()) && !cardValidator.expirationDate(input.expiry.trim()).isValid) errors.expiry = t.invalidExpiry;
  if ((all || input.cvc.trim()) && !cardValidator.cvv(input.cvc.trim(), number.card?.code.size ?? 3).isValid) errors.cvc = t.invalidCvc;
  return errors;
}

/** The payment_data entries the test card gateway reads. */
export const testCardPaymentData = (input: CardInput): PaymentDataEntry[] => [
  { key: TEST_CARD_FIELDS.number, value: digitsOnly(input.number) },
  { key: TEST_CARD_FIELDS.expiry, value: input.expiry.trim() },
  { key: TEST_CARD_FIELDS.cvc, value: input.cvc.trim() },
];

/** payment_data keys for saved methods (spec §7, DESIGN §4). */
export const tokenKey = (gatewayId: string) => `cw-${gatewayId}-payment-token`;
export const saveKey = (gatewayId: string) => `cw-${gatewayId}-new-payment-method`;

/** The entries for paying with a saved token. */
export const savedTokenPaymentData = (gatewayId: string, tokenId: number): PaymentDataEntry[] => [
  { key: tokenKey(gatewayId), value: String(tokenId) },
];

/** The save flag entry sent with a new method's data. */
export const saveFlagEntry = (gatewayId: string, save: boolean): PaymentDataEntry => ({ key: saveKey(gatewayId), value: save });

/**
 * The place-order body's payment part (spec §7 "Place order"): a saved token sends its gateway
 * and the token entries; a new method sends its entries plus the save flag.
 */
export function paymentPayload(
  active: { kind: "saved"; tokenId: number; gateway: string } | { kind: "method"; id: string },
  entries: PaymentDataEntry[],
  save: boolean,
): { payment_method: string; payment_data: PaymentDataEntry[] } {
  if (active.kind === "saved") {
    return {
      payment_method: active.gateway,
      payment_data: [
        ...savedTokenPaymentData(active.gateway, active.tokenId),
        { key: "token", value: String(active.tokenId) },
        { key: "payment_method", value: active.gateway },
        { key: "isSavedToken", value: true },
      ],
    };
  }
  const own = entries.filter((entry) => entry.key !== saveKey(active.id));
  return { payment_method: active.id, payment_data: [...own, saveFlagEntry(active.id, save)] };
}
