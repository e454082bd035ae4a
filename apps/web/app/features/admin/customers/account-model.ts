/**
 * An account as the console's "Add customer" and "Edit" forms hold it (decision 0103), and the owner
 * API's body made from it. Pure.
 */
import { ADDRESS_KEYS, type AddressKey } from "../order/format.ts";
import type { Address } from "./api.ts";

export type AddressDraft = Record<AddressKey, string>;

export interface AccountDraft {
  email: string;
  first_name: string;
  last_name: string;
  billing: AddressDraft;
  shipping: AddressDraft;
  /** Only when adding: mail the customer a link to choose their password. */
  send_password_link: boolean;
}

/** A saved address over an empty one: every key a string. */
export function addressDraft(saved: Address | undefined): AddressDraft {
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [key, typeof saved?.[key] === "string" ? String(saved[key]) : ""])) as AddressDraft;
}

export const emptyAccount = (): AccountDraft => ({
  email: "",
  first_name: "",
  last_name: "",
  billing: addressDraft(undefined),
  shipping: addressDraft(undefined),
  send_password_link: true,
});

export function accountDraft(account: {
  email: string;
  first_name: string;
  last_name: string;
  addresses: { billing: Address; shipping: Address };
}): AccountDraft {
  return {
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    billing: addressDraft(account.addresses.billing),
    shipping: addressDraft(account.addresses.shipping),
    send_password_link: false,
  };
}

/** The address as sent: trimmed, the shipping one without an e-mail. Every field blank clears the saved address. */
function addressBody(address: AddressDraft, which: "billing" | "shipping"): Address {
  return Object.fromEntries(
    ADDRESS_KEYS.filter((key) => which === "billing" || key !== "email").map((key) => [key, address[key].trim()]),
  ) as Address;
}

export interface AccountBody {
  email: string;
  first_name: string;
  last_name: string;
  billing: Address;
  shipping: Address;
  send_password_link?: boolean;
}

/** The body of POST /customers (with `send_password_link`) or PATCH /customers/:id. */
export function accountBody(draft: AccountDraft, adding: boolean): AccountBody {
  return {
    email: draft.email.trim(),
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    billing: addressBody(draft.billing, "billing"),
    shipping: addressBody(draft.shipping, "shipping"),
    ...(adding ? { send_password_link: draft.send_password_link } : {}),
  };
}
