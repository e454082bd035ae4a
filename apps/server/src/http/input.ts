/**
 * Input both databases can take, checked once at the edge (decision 0018): ids within the id
 * columns' integer type, text without NUL characters (PostgreSQL's text refuses them) or lone
 * UTF-16 surrogates (no UTF-8 encoding, so no database, cookie or URL can hold them), and only
 * finite numbers out of Ajv's type coercion.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { MAX_ID } from "../db/ids.ts";
import { paramDetail, StoreError } from "./errors.ts";

/** A row id in a request schema: a positive integer an id column can hold. */
export const IdSchema = (description?: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...(description ? { description } : {}) });

/** A schema without its default: Ajv's useDefaults would otherwise fill a field a patch leaves out and undo the owner's value. */
export const withoutDefault = <T extends object>(schema: T): T => {
  const { default: _default, ...rest } = schema as T & { default?: unknown };
  return rest as T;
};

/** A body's fields for a patch: the same rules, no defaults. */
export const patchFields = <T extends Record<string, object>>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, withoutDefault(schema)])) as T;

/** NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const ILL_FORMED = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !ILL_FORMED.test(text);

/** Parsed JSON, a parsed query or form: arrays and plain objects. Anything else (a page's raw body stream) is not walked. */
function isPlain(value: unknown): value is object {
  if (!value || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  // Query parsers make objects on a prototype of their own that itself has none.
  return Array.isArray(value) || prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** Deeper than any body the shop reads; deeper input is refused rather than walked (and never overflows the stack). */
export const MAX_INPUT_DEPTH = 32;

interface InputProblem {
  /** Property names down to the value at fault (for a property name: to the object holding it). */
  path: string[];
  reason: "text" | "depth";
}

/**
 * Walks parsed input (JSON, a query, a form) without recursion: the first value for which `bad`
 * holds, or property name no database can store, or an object nested past MAX_INPUT_DEPTH.
 */
function findInInput(value: unknown, bad: (value: unknown) => boolean): InputProblem | null {
  // Most requests bring no params, no query or no body: nothing to walk, nothing to allocate.
  if (value === undefined || value === null || (isPlain(value) && isEmpty(value))) return null;
  const pending: [unknown, string[]][] = [[value, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (bad(current)) return { path, reason: "text" };
    if (!isPlain(current)) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, reason: "depth" };
    for (const [key, inner] of Object.entries(current)) {
      if (!isStorableText(key)) return { path, reason: "text" };
      pending.push([inner, [...path, key]]);
    }
  }
  return null;
}

function isEmpty(value: object): boolean {
  for (const _ in value) return false;
  return true;
}

const isUnstorable = (value: unknown) => typeof value === "string" && !isStorableText(value);

/** The path to a string or property name no database can store (or to input nested too deeply to walk), or null. */
export function findUnstorableText(value: unknown): string[] | null {
  return findInInput(value, isUnstorable)?.path ?? null;
}

const PARTS = [
  ["params", "path"],
  ["query", "query"],
  ["body", "body"],
] as const;

/** A field error in the shape of Ajv's (rest_invalid_param, the field in data.details) for the first unstorable text of a request. */
export function unstorableTextError(request: Pick<FastifyRequest, "params" | "query" | "body">): StoreError | null {
  for (const [part, fallback] of PARTS) {
    const problem = findInInput(request[part], isUnstorable);
    if (!problem) continue;
    const field = problem.path[0] ?? fallback;
    const where = [field, ...problem.path.slice(1)].join(".");
    const message =
      problem.reason === "depth"
        ? `${where} is nested more than ${MAX_INPUT_DEPTH} levels deep`
        : `${where} must not contain NUL characters or unpaired surrogates`;
    return new StoreError("rest_invalid_param", `Invalid parameter(s): ${field}`, 400, {
      params: { [field]: message },
      details: { [field]: paramDetail("rest_invalid_param", message) },
    });
  }
  return null;
}

/** Every route's parameters, query and body are checked before their schema sees them (and routes without one: /ajax). */
export function registerInputChecks(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here, and a promise per request costs (decision 0013).
  app.addHook("preValidation", (request, _reply, done) => done(unstorableTextError(request) ?? undefined));
}

/** The JSON pointer to the first number that is not finite (only coercion makes them: JSON and query strings cannot), or null. */
function findNonFinite(value: unknown): string | null {
  const problem = findInInput(value, (inner) => typeof inner === "number" && !Number.isFinite(inner));
  return problem ? problem.path.map((key) => `/${key}`).join("") : null;
}

// biome-ignore lint/suspicious/noExplicitAny: Ajv's validators take its own context type, passed through untouched.
type Validator = ((data: unknown, context?: any) => unknown) & { errors?: unknown };

/**
 * Wraps a compiled validator: Ajv coerces "Infinity" or "1e400" to a number that passes
 * `integer` and skips minimum and maximum, so a coerced value that is not finite is refused.
 */
export function refusingNonFinite<V extends Validator>(validate: V): V {
  const checked: Validator = (data, context) => {
    const valid = validate(data, context);
    if (valid !== true) {
      checked.errors = validate.errors;
      return valid;
    }
    const path = findNonFinite(data);
    checked.errors =
      path === null
        ? null
        : [{ instancePath: path, schemaPath: "", keyword: "type", params: { type: "number" }, message: "must be a finite number" }];
    return path === null;
  };
  // Ajv's own properties (schemaEnv tells Fastify to pass the parent, so a coerced root value lands).
  return Object.assign(checked, validate) as V;
}
