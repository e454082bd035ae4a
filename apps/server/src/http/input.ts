/**
 * Input both databases can take, checked once at the edge (decision 0018): ids within the id
 * columns' integer type, text without NUL characters (PostgreSQL's text refuses them) or lone
 * UTF-16 surrogates (no UTF-8 encoding, so no database, cookie or URL can hold them), and only
 * finite numbers written in decimal out of Ajv's type coercion.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import secureJson from "secure-json-parse";
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

/** Thrown for a JSON body that parses but holds a key reaching an object's prototype (errors.ts names it). */
export class ForbiddenKeyError extends SyntaxError {
  override readonly name = "ForbiddenKeyError";
  readonly statusCode = 400;
}

/**
 * JSON bodies as Fastify's own parser reads them (secure-json-parse, keys that reach a prototype refused), except that
 * such a key is told apart from malformed JSON: Fastify answers both as malformed.
 */
function parseJsonBody(_request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void): void {
  let parsed: unknown;
  try {
    parsed = secureJson.parse(body, { protoAction: "error", constructorAction: "error" });
  } catch (error) {
    // Refused, but plain JSON reads it: what was refused is a key, not the syntax.
    done(readsAsJson(body) ? new ForbiddenKeyError("forbidden key") : Object.assign(error as SyntaxError, { statusCode: 400 }));
    return;
  }
  // Outside the try: an error thrown further on must not answer the request a second time.
  done(null, parsed);
}

function readsAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON bodies are read by `parseJsonBody`; every route's parameters, query and body are checked before their schema sees
 * them (and routes without one: /ajax).
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) =>
    parseJsonBody(request, body as string, done),
  );
  // A callback hook, not an async one: every request passes here, and a promise per request costs (decision 0013).
  app.addHook("preValidation", (request, _reply, done) => done(unstorableTextError(request) ?? undefined));
}

// biome-ignore lint/suspicious/noExplicitAny: Ajv's validators take its own context type, passed through untouched.
type Validator = ((data: unknown, context?: any) => unknown) & { errors?: unknown };

/** A number as people write it in decimal: "2", "-0.5", "1e3". Not "0x2", " 2" or "Infinity", which Ajv also reads as numbers. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A value Ajv's coercion may turn into a number: true, false, null, or text that reads as one (Ajv's `x == +x`). */
const mayBecomeNumber = (value: unknown): boolean =>
  typeof value === "boolean" || value === null || (typeof value === "string" && value !== "" && !Number.isNaN(Number(value)));

interface MayBecomeNumber {
  holder: Record<string, unknown>;
  key: string;
  sent: unknown;
  pointer: string;
}

/** A JSON pointer one key further ('~' and '/' in a key written '~0' and '~1'). */
const pointerTo = (pointer: string, key: string) =>
  `${pointer}/${/[~/]/.test(key) ? key.replaceAll("~", "~0").replaceAll("/", "~1") : key}`;

/** The values inside parsed input that coercion may turn into numbers, with where they sit; none walked past MAX_INPUT_DEPTH. */
function valuesThatMayBecomeNumbers(input: unknown): MayBecomeNumber[] {
  const found: MayBecomeNumber[] = [];
  // Most requests bring no params, no query or no body: nothing to walk, nothing to allocate.
  if (!isPlain(input) || isEmpty(input)) return found;
  const pending: [Record<string, unknown>, string, number][] = [[input as Record<string, unknown>, "", 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [holder, pointer, depth] = next;
    for (const key in holder) {
      const value = holder[key];
      if (mayBecomeNumber(value)) found.push({ holder, key, sent: value, pointer: pointerTo(pointer, key) });
      else if (isPlain(value) && depth < MAX_INPUT_DEPTH)
        pending.push([value as Record<string, unknown>, pointerTo(pointer, key), depth + 1]);
    }
  }
  return found;
}

/** Why a value that coercion made a number is refused, or null when it was a finite number written in decimal. */
function inventedNumber({ holder, key, sent, pointer }: MayBecomeNumber): object | null {
  const now = holder[key];
  // A query string's single value may have become a list of one.
  const value = Array.isArray(now) && !Array.isArray(sent) ? now[0] : now;
  if (typeof value !== "number") return null;
  if (typeof sent !== "string") return { instancePath: pointer, keyword: "type", params: { type: "number" }, data: sent };
  if (!DECIMAL.test(sent))
    return { instancePath: pointer, keyword: "format", params: {}, message: "must be a number written in decimal digits" };
  if (!Number.isFinite(value))
    return { instancePath: pointer, keyword: "type", params: { type: "number" }, message: "must be a finite number" };
  return null;
}

/**
 * Wraps a compiled validator so that coercion reads numbers from decimal text alone: Ajv also makes 1 of true, 0 of
 * null and of " ", and 2 of "0x2", and a number that is not finite of "Infinity" or "1e400", which passes `integer`
 * and skips minimum and maximum. Each is refused by its path, before any refusal it led to. Text, a boolean or a null the field takes as such is
 * left alone (a string field's "0x2", a `string | boolean` field's true).
 */
export function refusingInventedNumbers<V extends Validator>(validate: V): V {
  const checked: Validator = (data, context) => {
    const noted = valuesThatMayBecomeNumbers(data);
    const valid = validate(data, context);
    checked.errors = validate.errors;
    // Checked when the validator refused too: null's 0 fails "minimum", and the null is what to tell.
    for (const value of noted) {
      const refusal = inventedNumber(value);
      if (refusal) {
        checked.errors = [{ schemaPath: "", ...refusal }];
        return false;
      }
    }
    return valid;
  };
  // Ajv's own properties (schemaEnv tells Fastify to pass the parent, so a coerced root value lands).
  return Object.assign(checked, validate) as V;
}
