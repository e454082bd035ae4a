/**
 * Field rules of additional checkout fields: the document, the evaluator and the schema check.
 * Its own entry (`@cartwright/commerce/field-rules`): the page loads it only when a field has rules.
 */
export * from "./document.ts";
export * from "./rules.ts";
export * from "./schema-check.ts";
