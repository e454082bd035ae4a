/**
 * A null for a field that takes none is refused on the owner API (owner audit 2026-12-06). Ajv's
 * type coercion, which turns "2" into 2 for clients that send text, also turns null into false, 0
 * or "": `{"enabled": null}` disabled a coupon and `{"manage_stock": null}` stopped counting a
 * product's stock, answered 200. The nulls of a body are noted before validation; one that
 * validation replaced was coerced, and the call is refused naming it. Fields that take null keep it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { fieldsInvalid } from "./errors.ts";

type Path = string[];

/** Where a body holds null, each path from the body down; bodies are JSON, so objects and arrays only. */
function nullPaths(body: unknown): Path[] {
  const found: Path[] = [];
  const pending: [unknown, Path][] = [[body, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (value === null) found.push(path);
    // An array's entries are its indexes ("0", "1"), as a field's path names them.
    else if (typeof value === "object") for (const [key, inner] of Object.entries(value)) pending.push([inner, [...path, key]]);
  }
  return found;
}

function valueAt(body: unknown, path: Path): unknown {
  let value = body;
  for (const key of path) value = (value as Record<string, unknown> | null | undefined)?.[key];
  return value;
}

const noted = new WeakMap<FastifyRequest, Path[]>();

/** For a scope whose bodies are checked by schemas that coerce (the owner API): its hooks note and check the nulls. */
export function registerNullChecks(scope: FastifyInstance): void {
  scope.addHook("preValidation", (request, _reply, done) => {
    // The input checks (input.ts) have walked the body already, so its depth is bounded.
    if (request.body !== null && typeof request.body === "object") {
      const paths = nullPaths(request.body);
      if (paths.length) noted.set(request, paths);
    }
    done();
  });
  scope.addHook("preHandler", (request, _reply, done) => {
    const paths = noted.get(request);
    const coerced = paths?.filter((path) => path.length > 0 && valueAt(request.body, path) !== null) ?? [];
    if (!coerced.length) return done();
    const errors: Record<string, string> = {};
    for (const path of coerced) errors[String(path[0])] ??= `${path.join(".")} cannot be null: send a value, or leave the field out`;
    done(fieldsInvalid(errors));
  });
}
