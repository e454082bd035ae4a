/**
 * Additional fields' rules on the page (spec §3 "conditional required and hidden rules", §5 "Schema
 * errors", §6): the evaluator of @cartwright/commerce (with field-rule-evaluation.ts), loaded only
 * when a field of the shop has rules, runs against the {cart, checkout, customer} document as the
 * shopper edits, so fields show, hide and become required live. Broken rules count as not
 * matching; only the shop owner sees why, in the console.
 */
import type { FieldRuleDocumentInput, FieldState } from "@cartwright/commerce/field-rules";
import { useEffect, useState } from "react";
import type { CheckoutFieldDefinition } from "../../context.ts";

type Evaluator = typeof import("./field-rule-evaluation.ts");
type Values = Record<string, string | boolean>;

/** What the rules see besides the cart: the form as it stands. */
export interface RuleInputs extends FieldRuleDocumentInput {
  /** The values of the additional address fields, per address. */
  addressExtra: Record<"billing" | "shipping", Values>;
}

/** Field states by element id (contact_…, order_…, billing_…, shipping_…). */
export type FieldStates = Record<string, FieldState>;

/**
 * The fields' states from their rules; null when no field has rules, or while the evaluator loads
 * (then fields with a hidden rule wait, see `drawField`).
 */
export function useFieldRuleStates(fields: CheckoutFieldDefinition[], inputs: RuleInputs, isAdmin: boolean): FieldStates | null {
  const withRules = fields.some((field) => field.rules);
  const [evaluator, setEvaluator] = useState<Evaluator | null>(null);
  useEffect(() => {
    if (withRules) void import("./field-rule-evaluation.ts").then(setEvaluator);
  }, [withRules]);
  return withRules && evaluator ? evaluator.statesFor(fields, inputs, isAdmin) : null;
}

/** Whether a field is drawn: not when its rules hide it, nor while a hidden rule cannot be checked yet. */
export const drawField = (field: CheckoutFieldDefinition, state: FieldState | undefined) => (state ? !state.hidden : !field.rules?.hidden);

/** The values to send: those of fields the shopper can see under these id prefixes (a hidden field's value is not kept). */
export function shownValues(values: Values, states: FieldStates | null, prefixes: string[]): Values {
  if (!states) return values;
  return Object.fromEntries(Object.entries(values).filter(([id]) => !prefixes.some((prefix) => states[`${prefix}_${id}`]?.hidden)));
}
