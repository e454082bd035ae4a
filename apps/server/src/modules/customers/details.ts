/**
 * A signed-in customer's own name and e-mail, changed on /my-account/details. A new e-mail asks
 * for the current password (a session left open must not move the account to another inbox) and
 * must not be another account's, in any case of letters.
 */
import { isValidEmail } from "@cartwright/commerce";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { RequestContext } from "../../http/context.ts";
import { findUnstorableText } from "../../http/input.ts";
import * as repo from "./customers.repo.ts";
import { countSignIn, customerErrors, normaliseCustomerEmail } from "./customers.service.ts";
import { verifyPassword } from "./password.ts";

export interface DetailsInput {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
}

export type DetailsField = "first_name" | "last_name" | "email" | "current_password";
export type DetailsErrors = Partial<Record<DetailsField, string>>;

/** As long as registration's and the owner API's names may be. */
const MAX_NAME = 200;

export const DETAILS_MESSAGES = {
  unstorable: "This field holds characters that are not allowed.",
  tooLong: `Please keep this to ${MAX_NAME} characters or fewer.`,
  invalidEmail: "Please provide a valid email address.",
  emailTaken: "Another account already uses this email address.",
  passwordNeeded: "Enter your current password to change your email address.",
  wrongPassword: "The current password is not right.",
  staffEmail: "A staff account keeps the email address the shop gave it; ask the shop's owner to change it.",
};

/** Checks the details and saves them; answers each field's message, empty when saved. */
export async function updateOwnDetails(ctx: RequestContext, input: DetailsInput): Promise<DetailsErrors> {
  const { db } = ctx;
  const row = ctx.session.uid ? await repo.findById(db, ctx.session.uid) : undefined;
  if (!row) throw customerErrors.notSignedIn();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = normaliseCustomerEmail(input.email);
  const errors: DetailsErrors = {};
  const names: [DetailsField, string][] = [
    ["first_name", firstName],
    ["last_name", lastName],
    ["email", email],
  ];
  for (const [field, value] of names) {
    if (findUnstorableText(value)) errors[field] = DETAILS_MESSAGES.unstorable;
    else if (field !== "email" && [...value].length > MAX_NAME) errors[field] = DETAILS_MESSAGES.tooLong;
  }
  if (Object.keys(errors).length) return errors;

  if (email !== row.email) {
    if (!isValidEmail(email)) return { email: DETAILS_MESSAGES.invalidEmail };
    if (row.role !== "customer") return { email: DETAILS_MESSAGES.staffEmail };
    if (!input.currentPassword) return { current_password: DETAILS_MESSAGES.passwordNeeded };
    // Guessed like a sign-in's password (its limits, which may refuse with 429); checked before anyone learns whether the e-mail is taken.
    const client = ctx.limits();
    const hits = await countSignIn(client, row.email);
    if (!(await verifyPassword(input.currentPassword, row.password_hash))) return { current_password: DETAILS_MESSAGES.wrongPassword };
    await client.giveBack(hits);
    const holder = await repo.findByEmail(db, email);
    if (holder && holder.id !== row.id) return { email: DETAILS_MESSAGES.emailTaken };
  }
  try {
    await repo.updateDetails(db, row.id, { first_name: firstName, last_name: lastName, email }, (ctx.now ?? new Date()).toISOString());
  } catch (error) {
    // Another account took the e-mail between the look and the write: the unique index refuses it.
    if (isUniqueViolation(error, "email", "customers")) return { email: DETAILS_MESSAGES.emailTaken };
    throw error;
  }
  return {};
}
