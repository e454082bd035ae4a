/**
 * Additional checkout fields' rules (spec §3 "validation (a JSON schema)", "conditional required
 * and hidden rules"; §5 "Schema errors"): `required` and `hidden` apply when their schema matches
 * the document, and `validation` must match it or the field gets a schema error. A broken rule
 * (not a valid schema, or one that throws) counts as not matching, so it never blocks an order; it
 * is reported to `onRuleError` (the page logs it for the shop owner only, spec §6).
 */
import { encodePointer, type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";
import type { FieldRuleDocument, RuleValue } from "./document.ts";
import { type JsonSchema, RULE_DRAFT, schemaProblem } from "./schema-check.ts";

/** Additional field ids are namespaced, as in 'my-plugin/gift-message', so two extensions never collide. */
export const CHECKOUT_FIELD_ID_PATTERN = /^[a-z0-9-]+\/[a-z0-9-]+$/;

export interface FieldRules {
  /** The field is required when this matches (besides its static `required`). */
  required?: JsonSchema;
  /** The field is not shown, not required and its value not kept when this matches. */
  hidden?: JsonSchema;
  /** A value must leave the document matching this. */
  validation?: JsonSchema;
}
export type RuleName = keyof FieldRules;
export const RULE_NAMES: readonly RuleName[] = ["required", "hidden", "validation"];

export interface RuledField {
  id: string;
  label: string;
  location: "contact" | "order" | "address";
  required: boolean;
  /** Replaces the schema error messages when set. */
  errorMessage?: string;
  rules?: FieldRules;
}

export interface RuleError {
  field: string;
  rule: RuleName;
  reason: string;
}

export interface FieldState {
  hidden: boolean;
  required: boolean;
  /** The schema error of a value that breaks the validation rule; null otherwise. */
  invalid: string | null;
}

/** Why a field's `rules` cannot be used (each rule named), or null when every rule is a usable schema. */
export function fieldRulesProblem(rules: unknown): string | null {
  if (rules === undefined) return null;
  if (typeof rules !== "object" || rules === null || Array.isArray(rules))
    return "rules must be an object of required, hidden and validation schemas";
  for (const [name, schema] of Object.entries(rules)) {
    if (!RULE_NAMES.includes(name as RuleName)) return `'${name}' is not a rule (use required, hidden or validation)`;
    const problem = schemaProblem(schema);
    if (problem) return `the ${name} rule is ${problem}`;
  }
  return null;
}

/** A rule ready to use, or why it cannot be. */
type Compiled = { validator: Validator } | { problem: string };
const compiled = new WeakMap<object, Compiled>();

function compile(schema: JsonSchema): Compiled {
  if (typeof schema === "boolean") return { validator: new Validator(schema as unknown as Schema, RULE_DRAFT) };
  let entry = compiled.get(schema);
  if (!entry) {
    const problem = schemaProblem(schema);
    entry = problem ? { problem } : { validator: new Validator(structuredClone(schema) as Schema, RULE_DRAFT) };
    compiled.set(schema, entry);
  }
  return entry;
}

/** The schema's errors for the document ([] when it matches), or null when the rule is broken. */
function check(field: RuledField, rule: RuleName, document: FieldRuleDocument, onRuleError?: (error: RuleError) => void) {
  const schema = field.rules?.[rule];
  if (schema === undefined) return null;
  const entry = compile(schema);
  try {
    if ("problem" in entry) throw new Error(entry.problem);
    return entry.validator.validate(document).errors;
  } catch (error) {
    onRuleError?.({ field: field.id, rule, reason: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** Where the field's own value sits in the document, as the evaluator names instance locations. */
export const valueLocation = (field: Pick<RuledField, "id" | "location">) =>
  field.location === "address"
    ? `#/customer/address/${encodePointer(field.id)}`
    : `#/checkout/additional_fields/${encodePointer(field.id)}`;

/** The `pattern` a failing keyword location names, when it can be read from the schema. */
function patternAt(schema: JsonSchema | undefined, keywordLocation: string): string | null {
  let node: unknown = schema;
  for (const part of keywordLocation.replace(/^#\/?/, "").split("/")) {
    if (typeof node !== "object" || node === null) return null;
    node = (node as Record<string, unknown>)[decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return typeof node === "string" ? node : null;
}

/** §5: '{label} must match the pattern {pattern}' for a pattern on the field's value, else '{label} is invalid'. */
export function schemaErrorMessage(field: RuledField, errors: OutputUnit[]): string {
  if (field.errorMessage) return field.errorMessage;
  const own = errors.find((e) => e.keyword === "pattern" && e.instanceLocation === valueLocation(field));
  const pattern = own ? patternAt(field.rules?.validation, own.keywordLocation) : null;
  return pattern === null ? `${field.label} is invalid` : `${field.label} must match the pattern ${pattern}`;
}

/**
 * The field's state for this document (for an address field, one with `customer.address` set).
 * `value` is the field's own value as rules see it; an empty value is not checked by `validation`.
 */
export function fieldState(
  field: RuledField,
  document: FieldRuleDocument,
  value: RuleValue | undefined,
  onRuleError?: (error: RuleError) => void,
): FieldState {
  if (!field.rules) return { hidden: false, required: field.required, invalid: null };
  const hiddenErrors = check(field, "hidden", document, onRuleError);
  if (hiddenErrors?.length === 0) return { hidden: true, required: false, invalid: null };
  const requiredErrors = check(field, "required", document, onRuleError);
  const required = field.required || requiredErrors?.length === 0;
  if (value === undefined || value === false) return { hidden: false, required, invalid: null };
  const validationErrors = check(field, "validation", document, onRuleError);
  const invalid = validationErrors?.length ? schemaErrorMessage(field, validationErrors) : null;
  return { hidden: false, required, invalid };
}
