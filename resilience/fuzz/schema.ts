/**
 * fast-check arbitraries from the JSON Schemas in the shop's OpenAPI document (TypeBox output: no
 * $ref, the keywords below): values the schema accepts, values at its edges, and values it must
 * refuse (the hostile ones of values.ts put anywhere inside a valid value).
 */
import fc from "fast-check";
import { hostileString, hostileValue } from "./values.ts";

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Ids and counts the demo shop has, so valid requests often name something that exists. */
const smallInteger = fc.integer({ min: 1, max: 40 });

function integerArbitrary(schema: JsonSchema, edges: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -(2 ** 31));
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 2 ** 31 - 1);
  const any = fc.integer({ min, max });
  const options: fc.Arbitrary<number>[] = [any];
  if (min <= 40 && max >= 1) options.push(smallInteger.filter((n) => n >= min && n <= max));
  if (edges) options.push(fc.constantFrom(min, max));
  return fc.oneof(...options);
}

function stringArbitrary(schema: JsonSchema, edges: boolean): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 60, edges ? 100_000 : 60);
  const minLength = schema.minLength ?? 0;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
  }
  // Four-digit years: ISO 8601's extended years (+084393) are no date a schema's format takes.
  const date = fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2199-12-31T23:59:59Z"), noInvalidDate: true });
  if (schema.format === "date") return date.map((instant) => instant.toISOString().slice(0, 10));
  if (schema.format === "date-time") return date.map((instant) => instant.toISOString());
  if (schema.format === "email") return fc.emailAddress();
  const text = fc.oneof(
    fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 60)) }),
    fc.string({ unit: "grapheme", minLength, maxLength: Math.max(minLength, Math.min(maxLength, 20)) }),
    fc
      .constantFrom("SAVE10", "classic-t-shirt", "US", "CA", "ada@example.com", "jane@example.com", "red", "M")
      .filter((word) => word.length >= minLength && word.length <= maxLength),
  );
  // Lengths in UTF-16 units, as JSON Schema's checkers count them (a grapheme may be several).
  const fits = (word: string) => word.length >= minLength && word.length <= (schema.maxLength ?? Infinity);
  if (!edges) return text.filter(fits);
  // The longest text the schema takes, and unicode that still passes it.
  const longest = fc.constant("x".repeat(Math.max(minLength, maxLength)));
  const storable = hostileString.filter((word) => word.length >= minLength && word.length <= maxLength && !/[\0\uD800-\uDFFF]/.test(word));
  return fc.oneof(text.filter(fits), longest, storable);
}

/** A value the schema accepts; with `edges`, often one at its limits. */
export function validValue(schema: JsonSchema, edges = false, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(schema.default ?? null);
  const inner = (s: JsonSchema) => validValue(s, edges, depth + 1);
  let arbitrary: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) arbitrary = fc.constant(schema.const);
  else if (schema.enum) arbitrary = fc.constantFrom(...schema.enum);
  else if (schema.anyOf ?? schema.oneOf) arbitrary = fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map(inner));
  else if (schema.allOf?.[0]) arbitrary = inner(schema.allOf[0]);
  else if (Array.isArray(schema.type))
    arbitrary = fc.oneof(...schema.type.map((type) => (type === "null" ? fc.constant(null) : inner({ ...schema, type }))));
  else
    switch (schema.type) {
      case "integer":
        arbitrary = integerArbitrary(schema, edges);
        break;
      case "number":
        arbitrary = fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
        break;
      case "boolean":
        arbitrary = fc.boolean();
        break;
      case "string":
        arbitrary = stringArbitrary(schema, edges);
        break;
      case "array": {
        const maxLength = Math.min(schema.maxItems ?? 4, edges ? (schema.maxItems ?? 50) : 4);
        arbitrary = fc.array(inner(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength });
        break;
      }
      case "object": {
        const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, s]) => [name, inner(s)]));
        const record = fc.record(properties, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
        const atLeast = schema.minProperties ?? 0;
        arbitrary = atLeast ? record.filter((value) => Object.keys(value).length >= atLeast) : record;
        break;
      }
      default:
        arbitrary = fc.jsonValue({ maxDepth: 2 });
    }
  return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 5 }) : arbitrary;
}

/** Paths (property names and indexes) to every value inside `value`, itself included. */
function pathsOf(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (out.length > 200) return out;
  if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], out);
  return out;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/** A valid value with one thing gone wrong: a hostile value somewhere, a required field dropped, or an unknown one added. */
export function hostileVariant(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc
    .tuple(validValue(schema), fc.nat(), hostileValue, fc.constantFrom("replace", "drop", "extra", "whole"), hostileString)
    .map(([value, pick, hostile, how, name]) => {
      if (how === "whole") return hostile;
      if (how === "extra" && value && typeof value === "object" && !Array.isArray(value)) return { ...value, [name]: hostile };
      const paths = pathsOf(value);
      const path = paths[pick % paths.length] ?? [];
      if (how === "drop" && path.length) {
        const parentPath = path.slice(0, -1);
        const key = path[path.length - 1] as string | number;
        const parent = parentPath.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);
        if (parent && typeof parent === "object" && !Array.isArray(parent)) {
          const { [key]: _dropped, ...rest } = parent as Record<string | number, unknown>;
          return replaceAt(value, parentPath, rest);
        }
      }
      return replaceAt(value, path, hostile);
    });
}
