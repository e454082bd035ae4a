/**
 * The fuzzer's own parts: its "valid" values pass the schemas they come from (else the valid half
 * of a run would test refusals only), one seed gives one sequence, and the error-shape check tells
 * the shop's errors from others.
 */
import AjvCompiler from "@fastify/ajv-compiler";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../apps/server/src/app.ts";
import { type Db, migrateToLatest, openDatabase } from "../../apps/server/src/db/index.ts";
import { isErrorShape } from "./fuzz.ts";
import { type Operation, operationsOf, requestFor } from "./requests.ts";
import { validValue } from "./schema.ts";

let operations: Operation[];
let db: Db;
beforeAll(async () => {
  db = openDatabase({ dialect: "sqlite", file: ":memory:" });
  await migrateToLatest(db);
  const app = await buildApp({
    config: { logLevel: "silent", production: false, secret: "fuzz-test-secret-fuzz-test-secret!!", rateLimit: false },
    db,
    logger: false,
    web: false,
  });
  await app.ready();
  operations = operationsOf((await app.inject("/api/docs/json")).json());
  await app.close();
});
afterAll(() => db.destroy());

describe("the fuzzer", () => {
  it("reads every Store API and owner API operation from the served document", () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.some((operation) => operation.owner && operation.method === "PUT")).toBe(true);
    expect(operations.filter((operation) => operation.multipart).map((operation) => operation.path)).toEqual(
      expect.arrayContaining(["/api/admin/v1/media", "/api/admin/v1/products/import"]),
    );
  });

  it("makes valid values the schemas accept, at their edges too", () => {
    // Fastify's own compiler (formats included), without the server's type coercion: the values must be right as they are.
    const compile = AjvCompiler()({}, { customOptions: { coerceTypes: false, allErrors: true, strict: false } });
    for (const operation of operations) {
      const schemas = [operation.body, ...operation.parameters.map((parameter) => parameter.schema)].filter(
        (schema) => schema !== undefined,
      );
      for (const schema of schemas) {
        const validate = compile({ schema, method: operation.method, url: operation.path, httpPart: "body" });
        for (const edges of [false, true])
          for (const value of fc.sample(validValue(schema, edges), { seed: 7, numRuns: 10 }))
            expect(
              validate(value),
              `${operation.method} ${operation.path}: ${JSON.stringify(value)?.slice(0, 200)} ${JSON.stringify(validate.errors)}`,
            ).toBe(true);
      }
    }
  });

  it("repeats the same requests for the same seed, and others for another", () => {
    const sample = (seed: number) =>
      operations.slice(0, 40).map((operation) => fc.sample(requestFor(operation, "hostile"), { seed, numRuns: 3 }));
    expect(sample(42)).toEqual(sample(42));
    expect(sample(42)).not.toEqual(sample(43));
  });

  it("tells the shop's error shape from other error replies", () => {
    const reply = (contentType: string, body: string) =>
      ({ headers: { "content-type": contentType }, body, json: () => JSON.parse(body) }) as unknown as LightMyRequestResponse;
    expect(isErrorShape(reply("application/json; charset=utf-8", '{"code":"x","message":"y","data":{"status":400}}'))).toBe(true);
    expect(isErrorShape(reply("application/json", '{"error":true,"message":"y"}'))).toBe(false);
    expect(isErrorShape(reply("application/json", '{"code":"","message":"y"}'))).toBe(false);
    expect(isErrorShape(reply("text/javascript", ""))).toBe(false);
    expect(isErrorShape(reply("application/json", "{"))).toBe(false);
  });
});
