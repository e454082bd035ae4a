/**
 * The owner's writes on shoppers' accounts (decision 0103): add an account (no password typed by
 * the owner: the customer is mailed a link to choose one, or nothing), edit its names, e-mail and
 * saved addresses (the account pages' rules), delete it (its orders stay as guest orders). Staff
 * accounts are the staff page's. Each write and its change_log row (never a password hash) share
 * one transaction; an add or an edit answers the account as its read does (`readCustomer`, read in
 * that transaction) with the write's own fact beside it, a delete the account's id.
 */
import { randomBytes } from "node:crypto";
import { isValidEmail } from "@cartwright/commerce";
import { type Db, isPostgres } from "../../db/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { queueWebhookEvent } from "../../db/webhook-events.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion } from "../../http/edit-version.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { findUnstorableText } from "../../http/input.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { type Mailer, sendNewAccount } from "../emails/index.ts";
import { checkSavedAddress, replacedAddress, type SavedAddressKind, type SentAddress } from "./addresses.ts";
import { accountVersion, type CustomerRead, customerChanged, customerNotFound, readCustomer } from "./customers.admin.ts";
import * as repo from "./customers.repo.ts";
import { normaliseCustomerEmail, parseAddress } from "./customers.service.ts";
import { hashPassword } from "./password.ts";
import { issueReset, resetErrors, resetLink } from "./password-reset.ts";

/** How long the first-password link of an account the owner made works: longer than a reset's hour, as the customer did not ask for it. */
export const SET_PASSWORD_HOURS = 72;
const MAX_NAME = 200;

export const MANAGE_MESSAGES = {
  emailRequired: "Enter the customer's email address.",
  invalidEmail: "Enter a valid email address.",
  emailTaken: "Another account already uses this email address.",
  tooLong: `Keep this to ${MAX_NAME} characters or fewer.`,
  unstorable: "This field holds characters that are not allowed.",
};

export const manageErrors = {
  staffAccount: () =>
    new StoreError(
      "cw_rest_customer_is_staff",
      "This is a staff account (the owner or a manager): its details are changed on the Staff page, and it cannot be deleted here.",
      409,
    ),
  ownAccount: () => new StoreError("cw_rest_customer_is_you", "You cannot delete the account you are signed in with.", 409),
};

export interface AccountInput {
  email?: string;
  first_name?: string;
  last_name?: string;
  /** An address with every field blank clears the saved one; left out, the saved one stays. */
  billing?: SentAddress;
  shipping?: SentAddress;
}

export interface AccountChange extends AccountInput {
  /** The account's version as read; an account changed since is refused, 409 (decision 0158). */
  version?: string;
}

export interface NewAccountInput extends AccountInput {
  email: string;
  /** Mail the customer a link to choose their password (the default); false: no e-mail, they use "Lost your password?" when they want to sign in. */
  send_password_link?: boolean;
}

/** What the change log keeps of an account: never its password hash. */
interface AccountFacts {
  email: string;
  first_name: string;
  last_name: string;
  billing: Record<string, unknown>;
  shipping: Record<string, unknown>;
}

const factsOf = (row: repo.CustomerRow): AccountFacts => ({
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  billing: parseAddress(row.billing_address),
  shipping: parseAddress(row.shipping_address),
});

const filled = (address: SentAddress | undefined) =>
  Object.values(address ?? {}).some((value) => typeof value === "string" && value.trim());

interface Checked {
  errors: Record<string, string>;
  email?: string;
  names: { first_name?: string; last_name?: string };
  /** Per kind: the address to save (null: clear it); absent: keep the saved one. */
  addresses: Partial<Record<SavedAddressKind, SentAddress | null>>;
}

/** Every field the owner sent, checked: the e-mail's form, the names' length, each address's given fields by the account pages' rules (keyed `billing.postcode`). */
export async function checkAccountInput(ctx: RequestContext, input: AccountInput, accountEmail?: string): Promise<Checked> {
  const errors: Record<string, string> = {};
  const checked: Checked = { errors, names: {}, addresses: {} };
  if (input.email !== undefined) {
    const email = normaliseCustomerEmail(input.email);
    if (!email) errors.email = MANAGE_MESSAGES.emailRequired;
    else if (findUnstorableText(email)) errors.email = MANAGE_MESSAGES.unstorable;
    else if (!isValidEmail(email)) errors.email = MANAGE_MESSAGES.invalidEmail;
    else checked.email = email;
  }
  for (const field of ["first_name", "last_name"] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const trimmed = value.trim();
    if (findUnstorableText(trimmed)) errors[field] = MANAGE_MESSAGES.unstorable;
    else if ([...trimmed].length > MAX_NAME) errors[field] = MANAGE_MESSAGES.tooLong;
    else checked.names[field] = trimmed;
  }
  const settings = await ctx.shopSettings();
  for (const kind of ["billing", "shipping"] as const) {
    const sent = input[kind];
    if (sent === undefined) continue;
    if (!filled(sent)) {
      checked.addresses[kind] = null;
      continue;
    }
    // A billing address without its own e-mail takes the account's, as the checkout fills it for a signed-in shopper.
    const withEmail = kind === "billing" && !sent.email?.trim() ? { ...sent, email: checked.email ?? accountEmail ?? "" } : sent;
    // The owner may know only part of an address (a phone order): what is given is checked, nothing is required; the
    // checkout asks the shopper for the rest, as for an order made by hand.
    const { address, errors: problems } = checkSavedAddress(settings, kind, withEmail, { requireFields: false });
    for (const [field, message] of Object.entries(problems)) errors[`${kind}.${field}`] = message ?? "";
    checked.addresses[kind] = address;
  }
  return checked;
}

const emailTaken = () => fieldsInvalid({ email: MANAGE_MESSAGES.emailTaken });

/**
 * Makes a shopper's account. Its password is a random secret nobody is told: the customer chooses
 * theirs through the link mailed (`send_password_link`, the default) or "Lost your password?".
 * The e-mail leaves after the account is kept; a failure is the reply's `email_sent: false`, never undoes the account.
 */
export async function createAccount(
  ctx: RequestContext,
  mailer: Mailer | undefined,
  input: NewAccountInput,
): Promise<CustomerRead & { email_sent: boolean }> {
  const sendLink = input.send_password_link ?? true;
  const checked = await checkAccountInput(ctx, input);
  if (sendLink && !mailer) throw resetErrors.mailUnavailable();
  if (checked.email && (await repo.findByEmail(ctx.db, checked.email))) checked.errors.email = MANAGE_MESSAGES.emailTaken;
  if (Object.keys(checked.errors).length || !checked.email) throw fieldsInvalid(checked.errors);
  const email = checked.email;
  const at = (ctx.now ?? new Date()).toISOString();
  const row = {
    email,
    password_hash: await hashPassword(randomBytes(32).toString("base64url")),
    first_name: checked.names.first_name ?? "",
    last_name: checked.names.last_name ?? "",
    billing_address: JSON.stringify(checked.addresses.billing ?? {}),
    shipping_address: JSON.stringify(checked.addresses.shipping ?? {}),
    created_at: at,
    updated_at: at,
  };
  const account = await ctx.db.transaction().execute(async (trx) => {
    const made = await repo.insertCustomer(trx, row);
    // Another account took the e-mail between the look and the write.
    if (made === undefined) throw emailTaken();
    await logOwnerChange(trx, ctx, "customer", made, null, {
      email,
      first_name: row.first_name,
      last_name: row.last_name,
      billing: checked.addresses.billing ?? {},
      shipping: checked.addresses.shipping ?? {},
    });
    return readCustomer({ ...ctx, db: trx }, made);
  });
  const id = account.id;
  if (!sendLink || !mailer) return { ...account, email_sent: false };
  try {
    const issued = await issueReset(ctx, id, SET_PASSWORD_HOURS * 60);
    const settings = await ctx.shopSettings();
    const data = {
      customerId: id,
      siteTitle: settings.siteTitle,
      email,
      accountUrl: `${mailer.publicUrl}/my-account`,
      setPassword: { link: resetLink(mailer, issued.token), validHours: SET_PASSWORD_HOURS },
    };
    await sendNewAccount(mailer, data, settings);
    return { ...account, email_sent: true };
  } catch {
    return { ...account, email_sent: false };
  }
}

/** A shopper's account; `lock`ed for a change on PostgreSQL (SQLite serialises write transactions), so racing saves take turns. */
async function shopperAccount(db: Db, id: number, lock = false): Promise<repo.CustomerRow> {
  let query = db.selectFrom("customers").selectAll().where("id", "=", id);
  if (lock && isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw customerNotFound();
  if (row.role !== "customer") throw manageErrors.staffAccount();
  return row;
}

/**
 * Changes what the owner sent of a shopper's account; what is left out stays. A new e-mail ends
 * every session of the account and withdraws a waiting password link (it was mailed to the old
 * address): whoever signs in next proves the new one (decision 0103). Answers the account as saved
 * and how many sessions ended.
 */
export async function updateAccount(
  ctx: RequestContext,
  id: number,
  input: AccountChange,
): Promise<CustomerRead & { sessions_ended: number }> {
  const current = await shopperAccount(ctx.db, id);
  const checked = await checkAccountInput(ctx, input, current.email);
  if (checked.email && checked.email !== current.email) {
    const holder = await repo.findByEmail(ctx.db, checked.email);
    if (holder && holder.id !== id) checked.errors.email = MANAGE_MESSAGES.emailTaken;
  }
  if (Object.keys(checked.errors).length) throw fieldsInvalid(checked.errors);
  const at = (ctx.now ?? new Date()).toISOString();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const db = trx as unknown as Db;
      const row = await shopperAccount(db, id, true);
      checkVersion(input.version, accountVersion(row), customerChanged);
      const changes: Partial<repo.CustomerRow> = { ...checked.names };
      if (checked.email) changes.email = checked.email;
      for (const kind of ["billing", "shipping"] as const) {
        const next = checked.addresses[kind];
        if (next === undefined) continue;
        const column = kind === "billing" ? "billing_address" : "shipping_address";
        changes[column] = next === null ? "{}" : replacedAddress(row[column], next);
      }
      await db
        .updateTable("customers")
        .set({ ...changes, updated_at: at })
        .where("id", "=", id)
        .execute();
      let ended = 0;
      if (changes.email && changes.email !== row.email) {
        ended = await repo.revokeCustomerLoginSessions(db, id, at);
        await db.deleteFrom("password_resets").where("customer_id", "=", id).where("used_at", "is", null).execute();
      }
      const after = { ...row, ...changes };
      await logOwnerChange(db, ctx, "customer", id, factsOf(row), factsOf(after));
      await queueWebhookEvent(db, "customer", "updated", id, at);
      return { ...(await readCustomer({ ...ctx, db }, id)), sessions_ended: ended };
    });
  } catch (error) {
    if (isUniqueViolation(error, "email", "customers")) throw emailTaken();
    throw error;
  }
}

/**
 * Deletes a shopper's account. Its orders stay, as guest orders under their own billing e-mail (a
 * blank one takes the account's, so the guest list still finds them); its download permissions and
 * reviews stay without the account. Its sessions, saved cards, password links and saved cart end.
 */
export async function deleteAccount(ctx: RequestContext, id: number): Promise<{ id: number; orders_kept: number }> {
  if (ctx.owner?.id === id) throw manageErrors.ownAccount();
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const row = await shopperAccount(db, id);
    await db
      .updateTable("orders")
      .set({ billing_email: row.email })
      .where("customer_id", "=", id)
      .where("billing_email", "=", "")
      .execute();
    const orders = await db.updateTable("orders").set({ customer_id: null }).where("customer_id", "=", id).executeTakeFirst();
    await db.updateTable("download_permissions").set({ customer_id: null }).where("customer_id", "=", id).execute();
    await db.updateTable("product_reviews").set({ customer_id: null }).where("customer_id", "=", id).execute();
    await db.deleteFrom("carts").where("customer_id", "=", id).execute();
    await db.deleteFrom("customer_sessions").where("customer_id", "=", id).execute();
    await db.deleteFrom("payment_tokens").where("customer_id", "=", id).execute();
    await db.deleteFrom("password_resets").where("customer_id", "=", id).execute();
    await db.deleteFrom("customers").where("id", "=", id).execute();
    const kept = Number(orders.numUpdatedRows);
    await logOwnerChange(db, ctx, "customer", id, { ...factsOf(row), orders: kept }, null);
    await queueWebhookEvent(db, "customer", "deleted", id, (ctx.now ?? new Date()).toISOString());
    return { id, orders_kept: kept };
  });
}
