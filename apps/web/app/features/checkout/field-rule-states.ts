/**
 * Additional fields' rules on the page (spec §3 "conditional required and hidden rules", §5 "Schema
 * errors", §6): the evaluator of @cartwright/commerce, loaded only when a field of the shop has
 * rules, runs against the {cart, checkout, customer} document as the shopper edits, so fields show,
 * hide and become required live. Broken rules count as not matching; only the shop owner sees why,
 * in the console.
 */
import type { FieldRuleDocumentInput, FieldState, RuleError } from "@cartwright/commerce/field-rules";
import { useEffect, useState } from "react";
import type { CheckoutFieldDefinition } from "../../context.ts";

type Evaluator = typeof import("@cartwright/commerce/field-rules");
type Values = Record<string, string | boolean>;

/** What the rules see besides the cart: the form as it stands. */
export interface RuleInputs extends FieldRuleDocumentInput {
  /** The values of the additional address fields, per address. */
  addressExtra: Record<"billing" | "shipping", Values>;
}

/** Field states by element id (contact_…, order_…, billing_…, shipping_…). */
export type FieldStates = Record<string, FieldState>;

/** Each broken rule is logged once per page, not on every keystroke. */
const reported = new Set<string>();
const reportTo = (isAdmin: boolean) => (error: RuleError) => {
  const key = `${error.field} ${error.rule} ${error.reason}`;
  if (!isAdmin || reported.has(key)) return;
  reported.add(key);
  console.error(`Checkout field '${error.field}': its ${error.rule} rule could not be evaluated: ${error.reason}`);
};

function statesFor(evaluator: Evaluator, fields: CheckoutFieldDefinition[], inputs: RuleInputs, isAdmin: boolean): FieldStates {
  const { billing_address: billing, shipping_address: shipping } = inputs.customer;
  const addresses = {
    billing: { ...billing, ...inputs.addressExtra.billing },
    shipping: { ...shipping, ...inputs.addressExtra.shipping },
  };
  const document = evaluator.fieldRuleDocument({
    ...inputs,
    customer: { ...inputs.customer, billing_address: addresses.billing, shipping_address: addresses.shipping },
  });
  const report = reportTo(isAdmin);
  const states: FieldStates = {};
  for (const field of fields) {
    if (field.location !== "address") {
      const value = evaluator.ruleValue(inputs.checkout.additional_fields?.[field.id]);
      states[`${field.location}_${field.id}`] = evaluator.fieldState(field, document, value, report);
      continue;
    }
    for (const kind of ["billing", "shipping"] as const) {
      const value = evaluator.ruleValue(inputs.addressExtra[kind][field.id]);
      states[`${kind}_${field.id}`] = evaluator.fieldState(field, evaluator.withAddress(document, addresses[kind]), value, report);
    }
  }
  return states;
}

/**
 * The fields' states from their rules; null when no field has rules, or while the evaluator loads
 * (then fields with a hidden rule wait, see `drawField`).
 */
export function useFieldRuleStates(fields: CheckoutFieldDefinition[], inputs: RuleInputs, isAdmin: boolean): FieldStates | null {
  const withRules = fields.some((field) => field.rules);
  const [evaluator, setEvaluator] = useState<Evaluator | null>(null);
  useEffect(() => {
    if (withRules) void import("@cartwright/commerce/field-rules").then(setEvaluator);
  }, [withRules]);
  return withRules && evaluator ? statesFor(evaluator, fields, inputs, isAdmin) : null;
}

/** Whether a field is drawn: not when its rules hide it, nor while a hidden rule cannot be checked yet. */
export const drawField = (field: CheckoutFieldDefinition, state: FieldState | undefined) => (state ? !state.hidden : !field.rules?.hidden);

/** The values to send: those of fields the shopper can see under these id prefixes (a hidden field's value is not kept). */
export function shownValues(values: Values, states: FieldStates | null, prefixes: string[]): Values {
  if (!states) return values;
  return Object.fromEntries(Object.entries(values).filter(([id]) => !prefixes.some((prefix) => states[`${prefix}_${id}`]?.hidden)));
}
