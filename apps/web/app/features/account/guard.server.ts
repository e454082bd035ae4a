/** Shared by the account pages' loaders: who is signed in, and which order a URL names. */
import { data, redirect } from "react-router";
import type { AccountCustomer, StorefrontAccount } from "../../context.ts";
import { ACCOUNT_PATH } from "./AccountNav.tsx";

/** The signed-in customer; a guest is sent to the sign-in form, which brings them back to the page asked for. */
export async function requireCustomer(account: StorefrontAccount, request: Request): Promise<AccountCustomer> {
  const customer = await account.current();
  if (!customer) {
    const url = new URL(request.url);
    throw redirect(signInPath(url.pathname + url.search));
  }
  return customer;
}

/** The sign-in form, set to bring the shopper back to `returnTo` (a path on this site) once signed in. */
export const signInPath = (returnTo: string) => `${ACCOUNT_PATH}?redirect=${encodeURIComponent(returnTo)}`;

/**
 * Where a sign-in goes back to: a path on this site only, never "//host" (another site to a
 * browser), and no backslash (some browsers read one as "/") or control character; else null.
 */
export function returnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000 || !value.startsWith("/") || value.startsWith("//")) return null;
  for (const char of value) if (char < " " || char === "\u007f" || char === "\\") return null;
  return value;
}

export const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** An order id from the URL (a positive integer that fits the database's column), or the 404 page. */
export function orderIdFrom(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,8}$/.test(param)) throw notFound();
  return Number(param);
}
