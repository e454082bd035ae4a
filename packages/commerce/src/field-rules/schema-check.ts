/**
 * Is a field rule a JSON Schema we can evaluate? Checked when a field is registered or saved in
 * the settings, and again before a rule is used (a broken rule then counts as not matching).
 */
import { dereference, type Schema, Validator } from "@cfworker/json-schema";

export type JsonSchema = boolean | { [keyword: string]: unknown };

/** The draft rules are read with. */
export const RULE_DRAFT = "2020-12";

const TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];
const count: Schema = { type: "integer", minimum: 0 };
const schemaList: Schema = { type: "array", minItems: 1, items: { $ref: "#" } };
const schemaMap: Schema = { type: "object", additionalProperties: { $ref: "#" } };

/** The keywords our evaluator understands, and the shape each must have (others are ignored, as JSON Schema says). */
const META_SCHEMA: Schema = {
  type: ["object", "boolean"],
  properties: {
    $ref: { type: "string", pattern: "^#" },
    $defs: schemaMap,
    type: { anyOf: [{ enum: TYPES }, { type: "array", items: { enum: TYPES }, minItems: 1, uniqueItems: true }] },
    enum: { type: "array" },
    required: { type: "array", items: { type: "string" }, uniqueItems: true },
    dependentRequired: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    properties: schemaMap,
    patternProperties: { ...schemaMap, propertyNames: { format: "regex" } },
    dependentSchemas: schemaMap,
    additionalProperties: { $ref: "#" },
    propertyNames: { $ref: "#" },
    items: { $ref: "#" },
    prefixItems: schemaList,
    contains: { $ref: "#" },
    allOf: schemaList,
    anyOf: schemaList,
    oneOf: schemaList,
    not: { $ref: "#" },
    if: { $ref: "#" },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keyword, never awaited
    then: { $ref: "#" },
    else: { $ref: "#" },
    pattern: { type: "string", format: "regex" },
    format: { type: "string" },
    minLength: count,
    maxLength: count,
    minItems: count,
    maxItems: count,
    minContains: count,
    maxContains: count,
    minProperties: count,
    maxProperties: count,
    uniqueItems: { type: "boolean" },
    minimum: { type: "number" },
    maximum: { type: "number" },
    exclusiveMinimum: { type: "number" },
    exclusiveMaximum: { type: "number" },
    multipleOf: { type: "number", exclusiveMinimum: 0 },
  },
};
const metaValidator = new Validator(META_SCHEMA, RULE_DRAFT, true);

/** Every `$ref` of a dereferenced schema points at a part of it. */
function refsResolve(node: unknown, lookup: Record<string, unknown>): boolean {
  if (typeof node !== "object" || node === null) return true;
  const absolute = (node as { __absolute_ref__?: string }).__absolute_ref__;
  if (absolute !== undefined && lookup[absolute] === undefined) return false;
  return Object.values(node).every((child) => refsResolve(child, lookup));
}

/** Why the value is not a usable JSON Schema, or null when it is. */
export function schemaProblem(schema: unknown): string | null {
  if (typeof schema !== "boolean" && (typeof schema !== "object" || schema === null || Array.isArray(schema)))
    return "a rule must be a JSON Schema (an object, or true or false)";
  const checked = metaValidator.validate(schema);
  if (!checked.valid) {
    const deepest = checked.errors[checked.errors.length - 1];
    return `not a valid JSON Schema (check ${deepest?.instanceLocation ?? "#"})`;
  }
  if (typeof schema === "boolean") return null;
  try {
    // Dereferencing marks the schema, so it works on a copy (settings are frozen).
    const copy = structuredClone(schema) as Schema;
    if (!refsResolve(copy, dereference(copy))) return "a $ref points at nothing in the schema";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return null;
}
