/**
 * The owner's other order writes (issue 18): notes (private, or mailed to the shopper), address
 * edits checked by the checkout's own address rules, and sending an order e-mail again. Each write
 * is one transaction with its order event and change_log row; e-mails go out after the commit.
 */
import { ADDRESS_FIELD_KEYS, type AddressFieldKey, normaliseAddress, normaliseState, validateAddress } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { paramDetail, StoreError } from "../../http/errors.ts";
import { type ShopSettings, type SwitchableEmail, shopLocale } from "../settings/index.ts";
import { recordOrderEvent } from "./events.ts";
import { type OrderEmailName, orderMailSender } from "./order-mail.ts";
import { orderNotFound } from "./orders.admin.ts";
import * as repo from "./orders.repo.ts";
import { logOrderChange, nowOf, staffActor } from "./staff-writes.ts";

export const actionErrors = {
  mailUnavailable: () => new StoreError("cw_rest_email_unavailable", "This shop has no mailer set up: no email can be sent.", 503),
  noEmail: () => new StoreError("cw_rest_order_no_email", "The order has no billing email address to send to.", 409),
  switchedOff: () =>
    new StoreError("cw_rest_email_switched_off", "This email is switched off in the email settings: switch it on there to send it.", 409),
};

/** The sender of order e-mails, or 503 when the shop was built without a mailer. */
function senderFor(ctx: RequestContext) {
  const sender = orderMailSender(ctx.db);
  if (!sender) throw actionErrors.mailUnavailable();
  return sender;
}

/** Adds a note to the order's history; `toCustomer` also mails it to the shopper (its `email` event recorded when sent). */
export async function addOrderNote(ctx: RequestContext, id: number, note: string, toCustomer: boolean): Promise<void> {
  const now = nowOf(ctx);
  const actor = staffActor(ctx);
  const text = note.trim();
  // Checked first: a note meant for the shopper is not kept when it cannot reach them.
  const sender = toCustomer ? senderFor(ctx) : null;
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const order = await repo.findOrderForUpdate(db, id);
    if (!order) throw orderNotFound();
    if (toCustomer && !order.billing_email.trim()) throw actionErrors.noEmail();
    await recordOrderEvent(db, id, actor, { type: "note", note: text, to_customer: toCustomer }, now);
    await logOrderChange(db, ctx, "order_note", id, null, { note: text, to_customer: toCustomer });
  });
  // The note stands whatever happens to the e-mail: a failure is logged, and no `email` event shows it went.
  if (sender) await sender.send(id, "customer_note", { actor, note: text }).catch(() => {});
}

const STANDARD_KEYS: readonly AddressFieldKey[] = ADDRESS_FIELD_KEYS;
export type AddressBody = Partial<Record<AddressFieldKey, string>>;

/** An address error per field, in the owner API's rest_invalid_param shape (data.details keyed by field). */
function invalidAddress(errors: [string, { code: string; message: string }][]): StoreError {
  const params = Object.fromEntries(errors.map(([field, error]) => [field, error.message]));
  const details = Object.fromEntries(errors.map(([field, error]) => [field, paramDetail(error.code, error.message)]));
  return new StoreError("rest_invalid_param", `Invalid parameter(s): ${Object.keys(params).join(", ")}`, 400, { params, details });
}

/**
 * Changes the order's billing or shipping address to the fields sent (a field not sent keeps its value, as
 * WooCommerce's REST API merges; an empty string clears it), checked by the checkout's rules: required fields
 * (none for an order made by hand), the country's postcode and states, the shop's selling and shipping
 * countries. The shop's own address fields the order kept (namespaced keys) stay. A billing e-mail change
 * moves the order's billing e-mail.
 */
export async function updateOrderAddress(ctx: RequestContext, id: number, which: "billing" | "shipping", body: AddressBody) {
  const settings = await ctx.shopSettings();
  const now = nowOf(ctx);
  const actor = staffActor(ctx);
  const sent = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const order = await repo.findOrderForUpdate(db, id);
    if (!order) throw orderNotFound();
    // An order made by hand is checked as it was made, only what is typed: a phone order may never have a street (decision 0145).
    const madeByHand = order.cart_id.startsWith(repo.BY_HAND_CART_PREFIX);
    const before = JSON.parse(which === "billing" ? order.billing_address : order.shipping_address) as Record<string, unknown>;
    // Only what is sent changes, merged into the address as stored under the lock: a body with the e-mail alone
    // must not blank the name and phone, nor two edits at once undo each other.
    const { address, problems } = checkedAddress(settings, which, { ...(before as AddressBody), ...sent }, { requireFields: !madeByHand });
    if (problems.length) throw invalidAddress(problems);
    const kept = Object.fromEntries(Object.entries(before).filter(([key]) => key.includes("/")));
    const after = { ...address, ...kept };
    await repo.updateOrder(db, id, {
      ...(which === "billing" ? { billing_address: JSON.stringify(after), billing_email: address.email ?? "" } : {}),
      ...(which === "shipping" ? { shipping_address: JSON.stringify(after) } : {}),
      updated_at: now,
    });
    await repo.markStaffEdited(db, id);
    await recordOrderEvent(db, id, actor, { type: "address", which, before, after }, now);
    await logOrderChange(db, ctx, "order", id, { [`${which}_address`]: before }, { [`${which}_address`]: after });
  });
}

/**
 * An address as the owner sent it (a field not sent is blank), normalised and checked by the
 * checkout's rules: required fields (unless `requireFields` is false: an order made by hand checks
 * only what was typed), the country's postcode and states, the shop's selling and shipping
 * countries. Answers the address and each field's problem.
 */
export function checkedAddress(
  settings: ShopSettings,
  which: "billing" | "shipping",
  body: AddressBody,
  { requireFields = true }: { requireFields?: boolean } = {},
) {
  const sent = Object.fromEntries(
    STANDARD_KEYS.filter((key) => which === "billing" || key !== "email").map((key) => [key, body[key] ?? ""]),
  ) as AddressBody;
  const address = normaliseAddress(sent) as Record<string, string>;
  if (address.state && address.country) address.state = normaliseState(address.country, address.state) ?? address.state;
  const errors = validateAddress(address, {
    kind: which,
    requireFields,
    allowedCountries: settings.sellToCountries.length ? settings.sellToCountries : undefined,
    shipToCountries: settings.shipToCountries.length ? settings.shipToCountries : undefined,
    locale: shopLocale(settings),
  });
  const problems = Object.entries(errors).flatMap(([field, error]) =>
    error ? [[field, error] as [string, { code: string; message: string }]] : [],
  );
  return { address, problems };
}

/** Sends one of the order's e-mails now (a resend); its `email` event is recorded by the sender. */
export async function sendOrderEmailNow(ctx: RequestContext, id: number, email: Exclude<OrderEmailName, "customer_note">): Promise<void> {
  if (!(await repo.findOrder(ctx.db, id))) throw orderNotFound();
  const sender = senderFor(ctx);
  // Asked for by name, a switched-off e-mail is refused with the reason rather than noted as skipped.
  if ((await ctx.shopSettings()).emails.off.includes(email as SwitchableEmail)) throw actionErrors.switchedOff();
  await sender.send(id, email, { actor: staffActor(ctx) });
}
