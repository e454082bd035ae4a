/**
 * Reads an owner's JSON value by value for `checkDefinition`, collecting every error under its
 * dotted path instead of stopping at the first.
 */
export interface DefinitionError {
  path: string;
  message: string;
}

/** Bounds the builder and the API share. */
export const DEFINITION_LIMITS = {
  pages: 50,
  fields: 200,
  choices: 100,
  rules: 20,
  label: 300,
  description: 2000,
  html: 20000,
  priceMinor: 100_000_000_00,
  fieldId: 999_999_999,
} as const;

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

export class Reader {
  readonly errors: DefinitionError[] = [];
  fail(path: string, message: string): undefined {
    this.errors.push({ path, message });
    return undefined;
  }
  object(value: unknown, path: string): Json {
    if (isObject(value)) return value;
    this.fail(path, "must be an object");
    return {};
  }
  text(
    obj: Json,
    key: string,
    path: string,
    options: { max: number; min?: number; fallback?: string; pattern?: RegExp; hint?: string },
  ): string {
    const value = obj[key];
    const where = path ? `${path}.${key}` : key;
    if (value === undefined && options.fallback !== undefined) return options.fallback;
    if (typeof value !== "string") return this.fail(where, "must be text") ?? "";
    if (value.trim().length < (options.min ?? 0))
      return this.fail(where, options.min === 1 ? "must not be empty" : `must have at least ${options.min} characters`) ?? "";
    if (value.length > options.max) return this.fail(where, `must have at most ${options.max} characters`) ?? "";
    if (options.pattern && !options.pattern.test(value)) return this.fail(where, options.hint ?? "is not in the expected format") ?? "";
    return value;
  }
  optionalText(obj: Json, key: string, path: string, max: number): string | undefined {
    return obj[key] === undefined ? undefined : this.text(obj, key, path, { max });
  }
  int(obj: Json, key: string, path: string, options: { min: number; max: number; fallback?: number }): number {
    const value = obj[key];
    const where = path ? `${path}.${key}` : key;
    if (value === undefined && options.fallback !== undefined) return options.fallback;
    if (typeof value !== "number" || !Number.isInteger(value)) return this.fail(where, "must be a whole number") ?? options.min;
    if (value < options.min || value > options.max) return this.fail(where, `must be from ${options.min} to ${options.max}`) ?? options.min;
    return value;
  }
  number(obj: Json, key: string, path: string): number | undefined {
    const value = obj[key];
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > 1e12)
      return this.fail(`${path}.${key}`, "must be a number");
    return value;
  }
  bool(obj: Json, key: string, path: string, fallback: boolean): boolean {
    const value = obj[key];
    if (value === undefined) return fallback;
    if (typeof value !== "boolean") return this.fail(path ? `${path}.${key}` : key, "must be true or false") ?? fallback;
    return value;
  }
  oneOf<T extends string>(obj: Json, key: string, path: string, values: readonly T[], fallback?: T): T {
    const value = obj[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== "string" || !values.includes(value as T))
      return this.fail(path ? `${path}.${key}` : key, `must be one of ${values.join(", ")}`) ?? (values[0] as T);
    return value as T;
  }
  list(obj: Json, key: string, path: string, options: { max: number; min?: number; fallback?: unknown[] }): unknown[] {
    const value = obj[key];
    if (value === undefined && options.fallback) return options.fallback;
    if (!Array.isArray(value)) return this.fail(`${path}.${key}`, "must be a list") ?? [];
    if (value.length < (options.min ?? 0))
      return this.fail(`${path}.${key}`, options.min === 1 ? "must not be empty" : `must have at least ${options.min} items`) ?? [];
    if (value.length > options.max) return this.fail(`${path}.${key}`, `must have at most ${options.max} items`) ?? [];
    return value;
  }
}

/** An https:// address or a path on this site (never "//host" or a script scheme). */
export const SAFE_URL = /^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/i;
