/**
 * The new-account email, sent once an account exists (my account's form, the Store API's register,
 * an account made at checkout). It leaves after the reply: the registration never waits for the
 * mail server, and a failure is logged, never undoes the account.
 */
import type { RequestContext } from "../../http/context.ts";
import { type Mailer, sendNewAccount } from "../emails/index.ts";
import { getCustomer } from "./customers.service.ts";

interface Log {
  error(details: object, message: string): void;
}

/** Mails the account `customerId` its welcome; without a mailer (an API-only server) nothing is sent. */
export function welcomeNewCustomer(ctx: RequestContext, mailer: Mailer | undefined, customerId: number, log: Log): void {
  if (!mailer) return;
  const send = async () => {
    const [customer, settings] = await Promise.all([getCustomer(ctx.db, customerId), ctx.shopSettings()]);
    if (!customer) return;
    const data = { customerId, siteTitle: settings.siteTitle, email: customer.email, accountUrl: `${mailer.publicUrl}/my-account` };
    await sendNewAccount(mailer, data, settings);
  };
  send().catch((error: unknown) => log.error({ err: error, customerId }, "the new-account email could not be sent"));
}
