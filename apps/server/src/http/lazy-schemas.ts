/**
 * Route schemas compiled on their route's first request, not before the server listens (decision
 * 0050). Compiling every route's validators (Ajv) and reply serializers (fast-json-stringify), some
 * 380, took about 0.6 s of CPU and 90 MB at start, and a shopper's requests use a handful; each is
 * compiled once, when first needed, and that request waits for it. `compilePending` compiles
 * whatever is left, for the test that every schema compiles.
 */
import { createRequire } from "node:module";
import type AjvCompiler from "@fastify/ajv-compiler";
import type { RouteDefinition } from "@fastify/ajv-compiler";
import type SerializerCompiler from "@fastify/fast-json-stringify-compiler";

type BuildValidator = ReturnType<typeof AjvCompiler>;
type BuildSerializer = ReturnType<typeof SerializerCompiler>;
type ValidatorOptions = Parameters<BuildValidator>[1];
type AjvOptions = { coerceTypes?: boolean | "array"; allErrors?: boolean; verbose?: boolean };

// Ajv and fast-json-stringify themselves (some 100 modules) load with the first schema compiled:
// both are CommonJS, so a synchronous require serves the request that needs them.
const require = createRequire(import.meta.url);
let compilers: { validators: BuildValidator; serializers: BuildSerializer } | undefined;
const loadCompilers = () => {
  compilers ??= {
    validators: (require("@fastify/ajv-compiler") as typeof AjvCompiler)(),
    serializers: (require("@fastify/fast-json-stringify-compiler") as typeof SerializerCompiler)(),
  };
  return compilers;
};

// biome-ignore lint/suspicious/noExplicitAny: Ajv's validators take its own context type, passed through untouched.
type Validator = ((data: unknown, context?: any) => unknown) & { errors?: unknown; schemaEnv?: unknown };

export interface LazySchemas {
  compilersFactory: { buildValidator: BuildValidator; buildSerializer: BuildSerializer };
  /** How many route schemas are not compiled yet. */
  readonly pending: number;
  /** Compiles every schema not compiled yet (throws the first that does not compile); answers how many. */
  compilePending(): number;
}

/**
 * A body is JSON, which has arrays of its own: there Ajv coerces scalars only ("2" to 2), never
 * `[2]` to 2 nor 2 to `[2]`, which a query string needs (one `?tag=a` is a list of one).
 */
function bodyOptions(options: ValidatorOptions): ValidatorOptions {
  const custom = options?.customOptions as AjvOptions | undefined;
  if (custom?.coerceTypes !== "array") return options;
  return { ...options, customOptions: { ...custom, coerceTypes: true } } as ValidatorOptions;
}

/**
 * A body taken as sent (decision 0166): no coercion at all, so `{"name": -1}` is refused as a number, not saved
 * as the text "-1", and a null is never read as false, 0 or "". Errors carry the value refused (verbose), so
 * that a null is told as such (http/errors.ts).
 */
function typedBodyOptions(options: ValidatorOptions): ValidatorOptions {
  const custom = options?.customOptions as AjvOptions | undefined;
  return { ...options, customOptions: { ...custom, coerceTypes: false, verbose: true } } as ValidatorOptions;
}

/** The same options with every error of an input reported, not only the first. */
function allErrorsOptions(options: ValidatorOptions): ValidatorOptions {
  const custom = options?.customOptions as AjvOptions | undefined;
  return { ...options, customOptions: { ...custom, allErrors: true } } as ValidatorOptions;
}

export interface LazySchemaOptions {
  /**
   * The routes whose input errors are all reported at once (the owner's: a form of twenty fields is
   * told every wrong one in one answer). Elsewhere validation stops at the first error, so a
   * stranger's malformed input costs no more to refuse than it must.
   */
  allErrors?: (url: string) => boolean;
  /**
   * The routes whose JSON bodies are validated without type coercion (the owner's: the console and integrations
   * send typed JSON, and a number for a text field is a mistake to refuse, not text to save). Elsewhere a body's
   * "2" is read as 2, for the Store API's clients that send numbers as text. Query strings coerce everywhere.
   */
  typedBodies?: (url: string) => boolean;
}

/**
 * Inputs of more values than this are told their first error only: Ajv reporting every error of a 1 MB
 * list of 200,000 wrong ids took 0.2–0.4 s and 115–160 MB. A form's save holds some hundreds.
 */
export const ALL_ERRORS_MAX_VALUES = 5000;

/** Whether `data` holds at most `limit` values (objects, lists and scalars, nested), counting no further than that. */
export function hasAtMostValues(data: unknown, limit: number): boolean {
  let left = limit;
  const pending: unknown[] = [data];
  while (pending.length) {
    const value = pending.pop();
    if (--left < 0) return false;
    if (value === null || typeof value !== "object") continue;
    // Counted before they are queued, so a list of 200,000 is refused without walking it.
    const inside = Array.isArray(value) ? value : Object.values(value);
    if (inside.length > left) return false;
    for (const item of inside) pending.push(item);
  }
  return true;
}

/**
 * The first-error validator, then, for an input it refuses that is small enough, the all-errors one for
 * the whole list (compiled when first needed: most routes never see a mistake). Valid input costs one
 * pass as anywhere else; coercion and defaults give the same values when applied twice.
 */
function reportingAllErrors(first: Validator, compileAll: () => Validator): Validator {
  let all: Validator | undefined;
  const validate: Validator = (data, context) => {
    if (first(data, context) === true) {
      validate.errors = null;
      return true;
    }
    if (!hasAtMostValues(data, ALL_ERRORS_MAX_VALUES)) {
      validate.errors = first.errors;
      return false;
    }
    all ??= compileAll();
    validate.errors = all(data, context) === true ? first.errors : all.errors;
    return false;
  };
  return Object.assign(validate, first);
}

/**
 * Fastify's own compilers made lazy; `wrapValidator` wraps each compiled validator (the input
 * checks of http/input.ts).
 */
export function lazySchemas(
  wrapValidator: (validate: Validator) => Validator = (validate) => validate,
  { allErrors = () => false, typedBodies = () => false }: LazySchemaOptions = {},
): LazySchemas {
  const pending = new Set<() => unknown>();

  const buildValidator: BuildValidator = (externalSchemas, options) => {
    // One Ajv per kind of input: bodies coerce differently from the URL's parts, typed bodies not at all, and
    // all-errors ones differ again.
    const compilers = new Map<string, ReturnType<BuildValidator>>();
    const compilerOf = (part: "url" | "body" | "typed", every: boolean) => {
      const kind = `${part}${every ? ":all" : ""}`;
      let compiler = compilers.get(kind);
      if (!compiler) {
        const forPart = part === "typed" ? typedBodyOptions(options) : part === "body" ? bodyOptions(options) : options;
        compiler = loadCompilers().validators(externalSchemas, every ? allErrorsOptions(forPart) : forPart);
        compilers.set(kind, compiler);
      }
      return compiler;
    };
    const validatorFor = (route: RouteDefinition): Validator => {
      const part = route.httpPart !== "body" ? "url" : typedBodies(route.url) ? "typed" : "body";
      const first = compilerOf(part, false)(route) as Validator;
      return allErrors(route.url) ? reportingAllErrors(first, () => compilerOf(part, true)(route) as Validator) : first;
    };
    return (route) => {
      let compiled: Validator | undefined;
      const compile = () => {
        pending.delete(compile);
        compiled ??= wrapValidator(validatorFor(route as RouteDefinition));
        return compiled;
      };
      pending.add(compile);
      const validate: Validator = (data, context) => {
        const inner = compiled ?? compile();
        const valid = inner(data, context);
        validate.errors = inner.errors;
        return valid;
      };
      // Fastify hands Ajv validators (which have schemaEnv) the parent object, so a coerced root value lands.
      validate.schemaEnv = true;
      return validate as ReturnType<ReturnType<BuildValidator>>;
    };
  };

  const buildSerializer: BuildSerializer = (externalSchemas, options) => {
    let compilerFor: ReturnType<BuildSerializer> | undefined;
    return (route) => {
      let compiled: ((data: unknown) => string) | undefined;
      const compile = () => {
        pending.delete(compile);
        compilerFor ??= loadCompilers().serializers(externalSchemas, options);
        compiled ??= compilerFor(route);
        return compiled;
      };
      pending.add(compile);
      return (data: unknown) => (compiled ?? compile())(data);
    };
  };

  return {
    compilersFactory: { buildValidator, buildSerializer },
    get pending() {
      return pending.size;
    },
    compilePending() {
      let count = 0;
      for (const compile of [...pending]) {
        compile();
        count++;
      }
      return count;
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's route schemas, compiled on first use (buildApp). */
    routeSchemas: LazySchemas;
  }
}
