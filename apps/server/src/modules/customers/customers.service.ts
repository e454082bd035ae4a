/**
 * Shoppers' accounts: registration, authentication, and the session switch of signing in and
 * out. Signing in moves the shopper onto their saved cart (carts.customer_id) with the guest
 * cart merged into it; the caller issues the new session's token (http/session.ts switchSession).
 */
import { isValidEmail, type StoreAddress } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { StaffRole } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { type ClientLimits, emailSubject, type Hit, RATE_LIMITS, usedBefore } from "../../http/rate-limits.ts";
import type { Session } from "../../http/session.ts";
import { CART_TTL_SECONDS, newSessionId } from "../../http/tokens.ts";
import { adoptAddresses, cartExists, keepCart, lockCart, mergeCarts, savedCartOf } from "../cart/index.ts";
import * as repo from "./customers.repo.ts";
import { isStaffRole, outlivedStaffLimits, STAFF_TOUCH_MS } from "./login-sessions.ts";
import { hashPassword, needsRehash, verifyPassword } from "./password.ts";

export const MIN_PASSWORD_LENGTH = 8;
/** The owner's password is longer than a shopper's: it is set by hand, never chosen for them. */
export const MIN_OWNER_PASSWORD_LENGTH = 12;

export interface Customer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  billingAddress: Partial<StoreAddress>;
  shippingAddress: Partial<StoreAddress>;
  createdAt: string;
}

export interface NewCustomer {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export const customerErrors = {
  emailExists: () =>
    new StoreError("registration-error-email-exists", "An account is already registered with your email address. Please log in.", 400),
  invalidEmail: () => new StoreError("registration-error-invalid-email", "Please provide a valid email address.", 400),
  missingPassword: () => new StoreError("registration-error-missing-password", "Please enter an account password.", 400),
  shortPassword: () =>
    new StoreError(
      "registration-error-password-too-short",
      `Please choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
      400,
      { min_length: MIN_PASSWORD_LENGTH },
    ),
  // One message whether or not the e-mail has an account, so the reply does not tell which.
  invalidCredentials: () => new StoreError("cw_rest_invalid_credentials", "The email address or password is incorrect.", 401),
  notSignedIn: () => new StoreError("cw_rest_not_signed_in", "You are not signed in.", 401),
  incorrectPassword: () => new StoreError("cw_rest_incorrect_password", "The current password is not right.", 400),
  ownerShortPassword: () =>
    new StoreError(
      "cw_owner_password_too_short",
      `A password that opens the shop's console needs at least ${MIN_OWNER_PASSWORD_LENGTH} characters.`,
      400,
      {
        min_length: MIN_OWNER_PASSWORD_LENGTH,
      },
    ),
};

/** Trimmed and lower-cased: the one form stored and looked up. */
export const normaliseCustomerEmail = (email: string) => email.trim().toLowerCase();

/** A saved address's JSON, or an empty one when it is not an object (a row written by hand). */
export const parseAddress = (json: string): Partial<StoreAddress> => {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Partial<StoreAddress>) : {};
  } catch {
    return {};
  }
};

function toCustomer(row: repo.CustomerRow): Customer {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    billingAddress: parseAddress(row.billing_address),
    shippingAddress: parseAddress(row.shipping_address),
    createdAt: row.created_at,
  };
}

/** Throws registration-error-* StoreErrors (400) for a bad or taken e-mail and a missing or short password. */
export async function createCustomer(db: Db, input: NewCustomer, now = new Date()): Promise<{ id: number }> {
  const email = normaliseCustomerEmail(input.email);
  if (!isValidEmail(email)) throw customerErrors.invalidEmail();
  checkNewPassword(input.password, "customer");
  // A cheap look first, so a taken e-mail costs no hashing; the unique index is the real guard.
  if (await repo.findByEmail(db, email)) throw customerErrors.emailExists();
  const at = now.toISOString();
  const id = await repo.insertCustomer(db, {
    email,
    password_hash: await hashPassword(input.password),
    first_name: input.firstName?.trim() ?? "",
    last_name: input.lastName?.trim() ?? "",
    billing_address: "{}",
    shipping_address: "{}",
    created_at: at,
    updated_at: at,
  });
  if (id === undefined) throw customerErrors.emailExists();
  return { id };
}

/** Registration's rules for a password a shopper chooses; the owner's is longer (it is set by hand). */
/** The fewest characters an account's new password may have: staff passwords open the console. */
export const minPasswordLength = (role: repo.CustomerRow["role"]): number =>
  role === "customer" ? MIN_PASSWORD_LENGTH : MIN_OWNER_PASSWORD_LENGTH;

export function checkNewPassword(password: string, role: repo.CustomerRow["role"]): void {
  if (!password) throw customerErrors.missingPassword();
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) throw customerErrors.shortPassword();
  // Staff passwords open the console: the owner's length for managers too.
  if (role !== "customer" && length < MIN_OWNER_PASSWORD_LENGTH) throw customerErrors.ownerShortPassword();
}

/** A hash of nothing anyone knows, so an unknown e-mail costs the same scrypt as a known one. */
let decoyHash: Promise<string> | undefined;

/** The customer when the e-mail and password match, otherwise null (no hint which was wrong). */
export async function authenticate(db: Db, email: string, password: string, now = new Date()): Promise<{ id: number } | null> {
  const row = password ? await repo.findByEmail(db, normaliseCustomerEmail(email)) : undefined;
  if (!row) {
    decoyHash ??= hashPassword(newSessionId());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, row.password_hash))) return null;
  // Hashes made with older parameters are renewed while the password is at hand.
  if (needsRehash(row.password_hash)) await repo.updatePasswordHash(db, row.id, await hashPassword(password), now.toISOString());
  return { id: row.id };
}

export async function getCustomer(db: Db, id: number): Promise<Customer | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await repo.findById(db, id);
  return row ? toCustomer(row) : null;
}

/**
 * The shop owner's account (from OWNER_EMAIL and OWNER_PASSWORD at start, or `npm run owner`):
 * created when the e-mail has no account, otherwise that account becomes the owner's and takes
 * this password. Throws registration-error-invalid-email or cw_owner_password_too_short (at
 * least 12 characters). Calling it again with the same details changes nothing.
 */
export async function ensureOwner(db: Db, email: string, password: string, now = new Date()): Promise<{ id: number; created: boolean }> {
  const address = normaliseCustomerEmail(email);
  if (!isValidEmail(address)) throw customerErrors.invalidEmail();
  if ([...password].length < MIN_OWNER_PASSWORD_LENGTH) throw customerErrors.ownerShortPassword();
  const at = now.toISOString();
  const existing = await repo.findByEmail(db, address);
  const samePassword = existing ? await verifyPassword(password, existing.password_hash) : false;
  // Every start runs this: an owner whose password already matches is left as it is.
  if (existing?.role === "owner" && samePassword) return { id: existing.id, created: false };
  const passwordHash = await hashPassword(password);
  if (!existing) {
    const id = await repo.insertCustomer(db, {
      email: address,
      password_hash: passwordHash,
      first_name: "",
      last_name: "",
      billing_address: "{}",
      shipping_address: "{}",
      role: "owner",
      created_at: at,
      updated_at: at,
    });
    if (id !== undefined) return { id, created: true };
  }
  // An existing account, or one another process created a moment ago: it becomes the owner's.
  const row = existing ?? (await repo.findByEmail(db, address));
  if (!row) throw new Error("The owner account could not be created");
  await repo.makeOwner(db, row.id, passwordHash, at);
  // A new password ends every session signed in with the old one, as a shopper's change does.
  if (!samePassword) await repo.revokeCustomerLoginSessions(db, row.id, at);
  return { id: row.id, created: false };
}

/** True when the customer is the shop's owner; false for a guest (0), an unknown id and a shopper. */
export async function isOwner(db: Db, customerId: number): Promise<boolean> {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return false;
  return (await repo.findRole(db, customerId)) === "owner";
}

/** The staff role of the signed-in customer ("owner" or "manager"); null for a guest, an unknown id and a shopper. */
export async function staffRole(db: Db, customerId: number): Promise<StaffRole | null> {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return null;
  const role = await repo.findRole(db, customerId);
  return role === "owner" || role === "manager" ? role : null;
}

/** The customer of a signed-in session; 401 cw_rest_not_signed_in for a guest. */
export async function getSignedInCustomer(ctx: RequestContext): Promise<Customer> {
  const { db, session } = ctx;
  const customer = session.uid ? await getCustomer(db, session.uid) : null;
  if (!customer) throw customerErrors.notSignedIn();
  return customer;
}

/** The hour a login session's last use may lag behind: its row is written at most this often while it is used. */
const LOGIN_TOUCH_MS = 60 * 60 * 1000;

/** Starts a login session for the customer; its id goes into the signed-in token (decision 0017). */
async function startLoginSession(db: Db, customerId: number, now = new Date()): Promise<string> {
  const id = newSessionId();
  await repo.insertLoginSession(db, id, customerId, now.toISOString());
  return id;
}

/**
 * True while the login session stands for this customer: it exists, is theirs, has not been
 * ended and, for staff, is within its idle and absolute limits (decision 0032; a session past them
 * is ended here). One lookup by primary key; its last use is written at most hourly for shoppers
 * (for the sweep), every few minutes for staff (for the idle limit).
 */
export async function loginSessionStands(db: Db, loginSessionId: string, customerId: number, now = new Date()): Promise<boolean> {
  const row = await repo.findLoginSession(db, loginSessionId);
  if (!row || row.customer_id !== customerId || row.revoked_at !== null) return false;
  if (outlivedStaffLimits(row, now)) {
    await repo.revokeLoginSession(db, loginSessionId, now.toISOString());
    return false;
  }
  const touchEvery = isStaffRole(row.role) ? STAFF_TOUCH_MS : LOGIN_TOUCH_MS;
  if (now.getTime() - Date.parse(row.last_used_at) > touchEvery) await repo.touchLoginSession(db, loginSessionId, now.toISOString());
  return true;
}

/** Part of the sweep: login sessions no valid token can name any more (unused for a token's lifetime and the touch's lag). */
export async function deleteEndedLoginSessions(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CART_TTL_SECONDS * 1000 - LOGIN_TOUCH_MS).toISOString();
  return repo.deleteLoginSessionsUnusedSince(db, cutoff);
}

/**
 * The session a customer continues in after signing in: their saved cart's id when they have
 * one, else a new random id, with a new login session. A guest's cart is merged into it; a guest's
 * session id never becomes a customer's, so a session planted on a shopper before sign-in sees
 * nothing after. A customer already signed in on this client is signed out of that session.
 */
export async function startCustomerSession(db: Db, current: Session, customerId: number, now = new Date()): Promise<Session> {
  const at = now.toISOString();
  if (current.lid) await repo.revokeLoginSession(db, current.lid, at);
  const lid = await startLoginSession(db, customerId, now);
  // Only a guest's cart joins the account; another customer's stays theirs.
  const guestCart = current.uid === 0 && (await cartExists(db, current.sid)) ? current.sid : null;
  const saved = await savedCartOf(db, customerId, now);
  if (saved) {
    if (guestCart) await mergeCarts(db, guestCart, saved);
    await keepCart(db, saved, now);
    await adoptSavedAddresses(db, saved, customerId, now);
    return { sid: saved, uid: customerId, lid };
  }
  const sid = newSessionId();
  if (guestCart) {
    // The same empty row the cart module creates on a first write, owned by the customer.
    await lockCart(db, sid, customerId, now);
    await mergeCarts(db, guestCart, sid);
  }
  await adoptSavedAddresses(db, sid, customerId, now);
  return { sid, uid: customerId, lid };
}

/** The customer's saved addresses for their cart where it has none (billing's e-mail: the account's when none is saved). */
async function adoptSavedAddresses(db: Db, cartId: string, customerId: number, now: Date): Promise<void> {
  const customer = await getCustomer(db, customerId);
  if (!customer) return;
  const billing = { ...customer.billingAddress, email: customer.billingAddress.email || customer.email };
  await adoptAddresses(db, cartId, customerId, { billing, shipping: customer.shippingAddress }, now);
}

/** Refusals that tell nothing about accounts and cost no hashing: they do not use up the registration limit. */
const FREE_REGISTRATION_ERRORS = new Set([
  "registration-error-invalid-email",
  "registration-error-missing-password",
  "registration-error-password-too-short",
]);

/**
 * Creates the account and signs the shopper in. Counts against the client's registration limit
 * (429 cw_rest_rate_limit_exceeded), so the Store API and the /my-account form share it.
 */
export async function register(ctx: RequestContext, input: NewCustomer): Promise<{ customer: Customer; session: Session }> {
  const { db, session: current } = ctx;
  const client = ctx.limits();
  const { id } = await client.guard(
    [[RATE_LIMITS.registerPerAddress]],
    () => createCustomer(db, input),
    (error) => !(error instanceof StoreError && FREE_REGISTRATION_ERRORS.has(error.code)),
  );
  const session = await startCustomerSession(db, current, id);
  return { customer: (await getCustomer(db, id)) as Customer, session };
}

/** An address that signed into an account is remembered this long, and spared the account's shared limit. */
export const KNOWN_SIGN_IN = { name: "sign-in:known", periodSeconds: 30 * 24 * 60 * 60 };
/** Failures an unknown address may have on an account before the account's used-up shared limit refuses it too. */
const FAILURES_BEFORE_SHARED_LIMIT = 3;

/**
 * Counts a sign-in attempt against the client's limits before the password is checked (decision
 * 0016); the hits are given back if it succeeds. Strict per address and per account and address;
 * the account's shared limit spares addresses that signed into it before, and refuses the others
 * only once they have failed on it themselves, so an attacker's lockout never reaches the customer.
 */
export async function countSignIn(client: ClientLimits, email: string): Promise<(Hit | null)[]> {
  const account = emailSubject(normaliseCustomerEmail(email));
  const pair = `${account} ${client.address}`;
  const hits: (Hit | null)[] = [];
  try {
    hits.push(await client.take(RATE_LIMITS.signInPerAddress));
    const own = await client.take(RATE_LIMITS.signInPerAccountAddress, pair);
    hits.push(own);
    if (own && !(await client.remembers(KNOWN_SIGN_IN, pair))) {
      const shared = await client.count(RATE_LIMITS.signInPerAccount, account);
      if (!shared?.refused) hits.push(shared);
      else if (usedBefore(own) >= FAILURES_BEFORE_SHARED_LIMIT) throw client.refuse(shared);
    }
  } catch (error) {
    await client.giveBack(hits);
    throw error;
  }
  return hits;
}

/**
 * 401 cw_rest_invalid_credentials when the e-mail or the password does not match; 429
 * cw_rest_rate_limit_exceeded when the client has failed too often (the Store API and the
 * /my-account form count alike).
 */
export async function signIn(ctx: RequestContext, email: string, password: string): Promise<{ customer: Customer; session: Session }> {
  const { db, session: current } = ctx;
  const client = ctx.limits();
  const hits = await countSignIn(client, email);
  const found = await authenticate(db, email, password);
  const customer = found && (await getCustomer(db, found.id));
  if (!customer) throw customerErrors.invalidCredentials();
  await client.giveBack(hits);
  await client.remember(KNOWN_SIGN_IN, `${emailSubject(customer.email)} ${client.address}`);
  return { customer, session: await startCustomerSession(db, current, customer.id) };
}

/**
 * A signed-in shopper goes back to being a guest with a fresh, empty session; their login session
 * ends, so a copy of the token kept elsewhere signs no one in. Their cart stays saved. A guest
 * stays as they are.
 */
export async function signOut(ctx: RequestContext): Promise<Session> {
  const { db, session: current, now = new Date() } = ctx;
  if (current.uid === 0) return current;
  if (current.lid) await repo.revokeLoginSession(db, current.lid, now.toISOString());
  return { sid: newSessionId(), uid: 0 };
}

/** Ends every login session of the signed-in customer, this one included; 401 cw_rest_not_signed_in for a guest. */
export async function signOutEverywhere(ctx: RequestContext): Promise<Session> {
  const { db, session: current, now = new Date() } = ctx;
  if (current.uid === 0) throw customerErrors.notSignedIn();
  await repo.revokeCustomerLoginSessions(db, current.uid, now.toISOString());
  return { sid: newSessionId(), uid: 0 };
}

/**
 * Changes the signed-in customer's password after checking the current one, and ends all their
 * login sessions; the session that asked goes on, on the same cart, in a new login session.
 * 401 for a guest; registration's password errors; 400 cw_rest_incorrect_password.
 */
export async function changePassword(
  ctx: RequestContext,
  currentPassword: string,
  newPassword: string,
): Promise<{ customer: Customer; session: Session }> {
  const { db, session: current, now = new Date() } = ctx;
  const client = ctx.limits();
  const row = current.uid ? await repo.findById(db, current.uid) : undefined;
  if (!row) throw customerErrors.notSignedIn();
  checkNewPassword(newPassword, row.role);
  // The current password is guessed like a sign-in's: a stolen session must not try it freely.
  const hits = await countSignIn(client, row.email);
  if (!currentPassword || !(await verifyPassword(currentPassword, row.password_hash))) throw customerErrors.incorrectPassword();
  await client.giveBack(hits);
  const passwordHash = await hashPassword(newPassword);
  const at = now.toISOString();
  const lid = newSessionId();
  await db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, row.id, passwordHash, at);
    await repo.revokeCustomerLoginSessions(trx, row.id, at);
    await repo.insertLoginSession(trx, lid, row.id, at);
  });
  return { customer: toCustomer({ ...row, password_hash: passwordHash }), session: { sid: current.sid, uid: row.id, lid } };
}

/** Keeps the addresses of a customer's latest order, to fill in the next checkout. */
export async function saveCustomerAddresses(
  db: Db,
  id: number,
  addresses: { billing: Record<string, string>; shipping: Record<string, string> },
  now = new Date(),
): Promise<void> {
  await repo.updateAddresses(db, id, JSON.stringify(addresses.billing), JSON.stringify(addresses.shipping), now.toISOString());
}
