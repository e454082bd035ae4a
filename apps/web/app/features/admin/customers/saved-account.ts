/**
 * The account an add or an edit answered, handed to the account's page the save opens: the answer is the account as
 * its read shows it (decision 0173's amendments), so the page shows it without asking the server again. Taken once.
 */
import type { CustomerDetail } from "./api.ts";

let handed: CustomerDetail | undefined;

export function handSavedAccount(account: CustomerDetail): void {
  handed = account;
}

/** The account handed for this id, once; undefined when none was (the page reads it), and any other is dropped. */
export function takeSavedAccount(id: number): CustomerDetail | undefined {
  const account = handed;
  handed = undefined;
  return account?.id === id ? account : undefined;
}
