/**
 * The part of field-rule-states.ts loaded only when a field has rules: the commerce evaluator run
 * over the form's fields (spec §3), and the owner-only console errors of broken rules (spec §6).
 */

import type { RuleError } from "@cartwright/commerce/field-rules";
import * as evaluator from "@cartwright/commerce/field-rules";
import type { CheckoutFieldDefinition } from "../../context.ts";
import type { FieldStates, RuleInputs } from "./field-rule-states.ts";

/** Each broken rule is logged once per page, not on every keystroke. */
const reported = new Set<string>();
const reportTo = (isAdmin: boolean) => (error: RuleError) => {
  const key = `${error.field} ${error.rule} ${error.reason}`;
  if (!isAdmin || reported.has(key)) return;
  reported.add(key);
  console.error(`Checkout field '${error.field}': its ${error.rule} rule could not be evaluated: ${error.reason}`);
};

export function statesFor(fields: CheckoutFieldDefinition[], inputs: RuleInputs, isAdmin: boolean): FieldStates {
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
