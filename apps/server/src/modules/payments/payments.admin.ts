/**
 * The owner's payment methods (issue 19, decision 0042): each method the shop knows, in the
 * checkout's order, switched on or off, with its title and description, the offline methods'
 * instructions and the bank transfer's account. They live in the `payments` setting, so each write
 * goes through the settings' owner write: one transaction, a change_log row, the revision moved.
 */

import type { BankAccount, OwnerPaymentMethod } from "@cartwright/commerce/admin";
import type { RequestContext } from "../../http/context.ts";
import { editVersion, staleEdit } from "../../http/edit-version.ts";
import { StoreError } from "../../http/errors.ts";
import { invalidSettings, refusedSetting, type ShopSettings, writeOwnerSettings } from "../settings/index.ts";
import { allGateways, findGateway, methodDescription, methodTitle } from "./registry.ts";

type Payments = ShopSettings["payments"];

export type { BankAccount, OwnerPaymentMethod } from "@cartwright/commerce/admin";

export interface PaymentMethodChanges {
  enabled?: boolean;
  title?: string;
  description?: string;
  instructions?: string;
  account?: Partial<BankAccount>;
}

const INSTRUCTIONS_KEY = { cheque: "chequeInstructions", cod: "codInstructions" } as const;

function instructionsOf(payments: Payments, id: string): string | undefined {
  if (id === "bacs") return payments.bacs.instructions;
  if (id === "cheque" || id === "cod") return payments[INSTRUCTIONS_KEY[id]];
  return undefined;
}

function toOwnerMethod(settings: ShopSettings, id: string): OwnerPaymentMethod {
  const gateway = findGateway(id);
  if (!gateway) throw paymentErrors.notFound();
  const { payments } = settings;
  const instructions = instructionsOf(payments, id);
  const { accountName, bankName, accountNumber, sortCode, iban, bic } = payments.bacs;
  return {
    id,
    title: methodTitle(settings, gateway),
    description: methodDescription(settings, gateway),
    default_title: gateway.title,
    default_description: gateway.description,
    enabled: payments.enabled.includes(id),
    position: allGateways(settings).findIndex((g) => g.id === id) + 1,
    offline: Boolean(gateway.offline),
    express: Boolean(gateway.express),
    supports: [...gateway.supports],
    ...(instructions === undefined ? {} : { instructions }),
    ...(id === "bacs"
      ? { account: { account_name: accountName, bank_name: bankName, account_number: accountNumber, sort_code: sortCode, iban, bic } }
      : {}),
  };
}

export const paymentErrors = {
  notFound: () => new StoreError("cw_rest_payment_method_not_found", "No such payment method.", 404),
  changed: (current: string) => staleEdit("cw_rest_payment_method_changed", "payment method", current),
};

/** What a PATCH changes (decision 0158): not its place in the checkout's order, which has a call of its own. */
function methodVersion(method: OwnerPaymentMethod): string {
  const { enabled, title, description, instructions, account } = method;
  return editVersion({ enabled, title, description, instructions, account });
}

/** A method as the owner API answers it: with the version a change sends back. */
const versioned = (method: OwnerPaymentMethod) => ({ ...method, version: methodVersion(method) });
const methodsOf = (settings: ShopSettings) => allGateways(settings).map((g) => toOwnerMethod(settings, g.id));

export async function listPaymentMethods(ctx: RequestContext) {
  return { methods: methodsOf(await ctx.shopSettings()).map(versioned) };
}

export async function readPaymentMethod(ctx: RequestContext, id: string) {
  return versioned(toOwnerMethod(await ctx.shopSettings(), id));
}

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const compact = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** Every rule a schema cannot state, each failure beside its field; the payments setting with the change. */
function changedPayments(current: ShopSettings, id: string, changes: PaymentMethodChanges): Payments {
  const gateway = findGateway(id);
  if (!gateway) throw paymentErrors.notFound();
  const errors: Record<string, string> = {};
  const payments: Payments = structuredClone({ ...current.payments, texts: current.payments.texts ?? {} });
  if (changes.instructions !== undefined && instructionsOf(payments, id) === undefined) {
    errors.instructions = "This method has no instructions: it is paid at the checkout.";
  }
  if (changes.account !== undefined && id !== "bacs") errors.account = "Only the bank transfer has account details.";
  const account = { ...changes.account };
  if (account.iban) {
    account.iban = compact(account.iban);
    if (!IBAN.test(account.iban)) errors["account.iban"] = "Enter an IBAN: two letters, two digits, then up to 30 letters and digits.";
  }
  if (account.bic) {
    account.bic = compact(account.bic);
    if (!BIC.test(account.bic)) errors["account.bic"] = "Enter a BIC of 8 or 11 letters and digits.";
  }
  if (Object.keys(errors).length) throw invalidSettings(errors);

  if (changes.enabled !== undefined) {
    payments.enabled = changes.enabled ? [...new Set([...payments.enabled, id])] : payments.enabled.filter((enabledId) => enabledId !== id);
    const usable = payments.enabled.filter((enabledId) => findGateway(enabledId));
    // With nothing switched on, no cart can be paid for: the checkout would take no order at all.
    if (!usable.length) throw refusedSetting("enabled", "At least one payment method must stay on: shoppers could not pay for any order.");
  }
  if (changes.title !== undefined || changes.description !== undefined) {
    const texts = { title: "", description: "", ...payments.texts[id] };
    if (changes.title !== undefined) texts.title = changes.title.trim() === gateway.title ? "" : changes.title.trim();
    if (changes.description !== undefined)
      texts.description = changes.description.trim() === gateway.description ? "" : changes.description.trim();
    if (texts.title || texts.description) payments.texts[id] = texts;
    else delete payments.texts[id];
  }
  if (changes.instructions !== undefined) {
    const text = changes.instructions.trim();
    if (id === "bacs") payments.bacs.instructions = text;
    else payments[INSTRUCTIONS_KEY[id as "cheque" | "cod"]] = text;
  }
  if (changes.account !== undefined) {
    const trimmed = (value: string | undefined, was: string) => (value === undefined ? was : value.trim());
    const was = payments.bacs;
    payments.bacs = {
      ...was,
      accountName: trimmed(account.account_name, was.accountName),
      bankName: trimmed(account.bank_name, was.bankName),
      accountNumber: trimmed(account.account_number, was.accountNumber),
      sortCode: trimmed(account.sort_code, was.sortCode),
      iban: trimmed(account.iban, was.iban),
      bic: trimmed(account.bic, was.bic),
    };
  }
  return payments;
}

/** Changes a method; `version`, when sent, must be the stored method's (409 cw_rest_payment_method_changed, nothing written). */
export async function updatePaymentMethod(ctx: RequestContext, id: string, changes: PaymentMethodChanges, version?: string) {
  if (!findGateway(id)) throw paymentErrors.notFound();
  const saved = await writeOwnerSettings(ctx, {
    entity: "payment_method",
    entityId: id,
    view: (settings) => toOwnerMethod(settings, id),
    change: (current) => ({ payments: changedPayments(current, id, changes) }),
    stale: { sent: version, versionOf: methodVersion, changed: paymentErrors.changed },
  });
  return versioned(saved);
}

/** The checkout's order: every method the shop knows, each once. */
export async function orderPaymentMethods(ctx: RequestContext, order: string[]) {
  const saved = await writeOwnerSettings(ctx, {
    entity: "payment_methods",
    entityId: "order",
    view: (settings) => ({ methods: methodsOf(settings) }),
    change: (current) => {
      const known = allGateways(current).map((g) => g.id);
      const unknown = order.filter((id) => !known.includes(id));
      const missing = known.filter((id) => !order.includes(id));
      if (unknown.length) throw invalidSettings({ order: `No payment method has the id ${unknown.join(", ")}.` });
      if (new Set(order).size !== order.length) throw invalidSettings({ order: "List each payment method once." });
      if (missing.length)
        throw invalidSettings({
          order: `List every payment method: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing.`,
        });
      return { payments: { ...current.payments, order } };
    },
  });
  return { methods: saved.methods.map(versioned) };
}
