/** Shared by the account pages' loaders: who is signed in, and which order a URL names. */
import { data, redirect } from "react-router";
import type { AccountCustomer, StorefrontAccount } from "../../context.ts";
import { ACCOUNT_PATH } from "./AccountNav.tsx";

/** The signed-in customer; a guest is sent to the sign-in form. */
export async function requireCustomer(account: StorefrontAccount): Promise<AccountCustomer> {
  const customer = await account.current();
  if (!customer) throw redirect(ACCOUNT_PATH);
  return customer;
}

export const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** An order id from the URL (a positive integer that fits the database's column), or the 404 page. */
export function orderIdFrom(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,8}$/.test(param)) throw notFound();
  return Number(param);
}
