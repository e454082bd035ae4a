import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ALL_ERRORS_MAX_VALUES, hasAtMostValues, lazySchemas } from "./lazy-schemas.ts";

/** An app with one validated, coerced and serialised route, as buildApp configures Fastify. */
async function appWithRoute(wrap?: Parameters<typeof lazySchemas>[0], options?: Parameters<typeof lazySchemas>[1]) {
  const schemas = lazySchemas(wrap, options);
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: "array", removeAdditional: false, useDefaults: true, allErrors: false } },
    schemaController: { compilersFactory: schemas.compilersFactory },
  });
  app.post(
    "/items/:id",
    {
      schema: {
        params: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
        querystring: { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
        body: {
          type: "object",
          properties: { quantity: { type: "integer", minimum: 1 }, note: { type: "string", default: "none" } },
          required: ["quantity"],
        },
        response: {
          200: {
            type: "object",
            properties: {
              id: { type: "integer" },
              quantity: { type: "integer" },
              note: { type: "string" },
              tags: { type: "array", items: { type: "string" } },
            },
          },
        },
      },
    },
    async (request) => ({
      ...(request.params as object),
      ...(request.body as object),
      tags: (request.query as { tags?: string[] }).tags,
      secret: "never sent",
    }),
  );
  await app.ready();
  return { app, schemas };
}

describe("route schemas compiled on first use", () => {
  it("compiles nothing before the first request, then answers it as an eager compile would", async () => {
    const { app, schemas } = await appWithRoute();
    // params, querystring, body and the 200 reply.
    expect(schemas.pending).toBe(4);
    const first = await app.inject({ method: "POST", url: "/items/7?tags=a", payload: { quantity: "2" } });
    expect(first.statusCode).toBe(200);
    // Coerced params, query and body, the default filled in, and the reply serialised by its schema (no extra field).
    expect(first.json()).toEqual({ id: 7, quantity: 2, note: "none", tags: ["a"] });
    expect(schemas.pending).toBe(0);
    await app.close();
  });

  it("refuses bad input on the first request with Ajv's own errors", async () => {
    const { app } = await appWithRoute();
    const refused = await app.inject({ method: "POST", url: "/items/7", payload: { quantity: 0 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("body/quantity must be >= 1");
    const badParam = await app.inject({ method: "POST", url: "/items/seven", payload: { quantity: 1 } });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().message).toBe("params/id must be integer");
    await app.close();
  });

  it("coerces a query string's single value to a list, but never a JSON body's list to a value or back", async () => {
    const { app } = await appWithRoute();
    const listOfOne = await app.inject({ method: "POST", url: "/items/7?tags=a", payload: { quantity: 1 } });
    expect(listOfOne.json().tags).toEqual(["a"]);
    const wrapped = await app.inject({ method: "POST", url: "/items/7", payload: { quantity: [2] } });
    expect(wrapped.statusCode).toBe(400);
    expect(wrapped.json().message).toBe("body/quantity must be integer");
    const text = await app.inject({ method: "POST", url: "/items/7", payload: { quantity: 1, note: ["a"] } });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe("body/note must be string");
    await app.close();
  });

  it("reports every error of an input on the routes asked for, and only the first elsewhere", async () => {
    const twoWrong = { method: "POST" as const, url: "/items/7?tags=a", payload: { quantity: 0, note: { text: "gift" } } };
    const { app: firstOnly } = await appWithRoute();
    expect((await firstOnly.inject(twoWrong)).json().message).toBe("body/quantity must be >= 1");
    await firstOnly.close();
    const asked: string[] = [];
    const { app: every } = await appWithRoute(undefined, {
      allErrors: (url) => {
        asked.push(url);
        return url.startsWith("/items/");
      },
    });
    expect((await every.inject(twoWrong)).json().message).toBe("body/quantity must be >= 1, body/note must be string");
    // Coercion is unchanged by it: a query's single value is still a list, a body's list is still no value.
    const wrapped = await every.inject({ method: "POST", url: "/items/7", payload: { quantity: [2], note: ["a"] } });
    expect(wrapped.json().message).toBe("body/quantity must be integer, body/note must be string");
    expect(asked).toContain("/items/:id");
    // An input of more values than the bound is told its first error only, whatever the route.
    const large = { ...twoWrong, payload: { ...twoWrong.payload, filler: Array.from({ length: ALL_ERRORS_MAX_VALUES }, () => 1) } };
    expect((await every.inject(large)).json().message).toBe("body/quantity must be >= 1");
    // A valid input passes, coerced and with its defaults filled in.
    expect((await every.inject({ method: "POST", url: "/items/7", payload: { quantity: "3" } })).json()).toEqual({
      id: 7,
      quantity: 3,
      note: "none",
    });
    await every.close();
  });

  it("takes the bodies of the routes asked for as sent, coercing nothing, and keeps the value refused; their URLs still coerce", async () => {
    const { app } = await appWithRoute(undefined, { allErrors: () => true, typedBodies: (url) => url.startsWith("/items/") });
    const text = await app.inject({ method: "POST", url: "/items/7?tags=a", payload: { quantity: "2", note: 5 } });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe("body/quantity must be integer, body/note must be string");
    const nulls = await app.inject({ method: "POST", url: "/items/7", payload: { quantity: null } });
    expect(nulls.json().message).toBe("body/quantity must be integer");
    // Typed values pass, with their defaults; the path's "7" and the query's one value are still read as 7 and a list.
    const typed = await app.inject({ method: "POST", url: "/items/7?tags=a", payload: { quantity: 3 } });
    expect(typed.json()).toEqual({ id: 7, quantity: 3, note: "none", tags: ["a"] });
    await app.close();

    // The value refused is in the error, so that a null can be told as one (http/errors.ts).
    const { buildValidator } = lazySchemas(undefined, { typedBodies: () => true }).compilersFactory;
    const validate = buildValidator({}, { customOptions: { coerceTypes: "array", useDefaults: true } } as never)({
      schema: { type: "object", properties: { quantity: { type: "integer" } } },
      url: "/items/:id",
      method: "POST",
      httpPart: "body",
    } as never) as ((data: unknown) => boolean) & { errors?: unknown };
    expect(validate({ quantity: null })).toBe(false);
    expect(validate.errors).toMatchObject([{ instancePath: "/quantity", keyword: "type", data: null }]);
  });

  it("counts an input's values, nested, up to a bound", () => {
    expect(hasAtMostValues(null, 1)).toBe(true);
    expect(hasAtMostValues({ a: 1, b: [2, 3] }, 5)).toBe(true);
    expect(hasAtMostValues({ a: 1, b: [2, 3] }, 4)).toBe(false);
    expect(hasAtMostValues({ a: { b: { c: { d: 1 } } } }, 4)).toBe(false);
    const manyObjects = Array.from({ length: 500_000 }, () => ({}));
    expect(hasAtMostValues(manyObjects, 5000)).toBe(false);
  });

  it("compiles each schema once, and wraps each validator as asked", async () => {
    let wrapped = 0;
    const { app, schemas } = await appWithRoute((validate) => {
      wrapped++;
      return validate;
    });
    for (let i = 0; i < 3; i++) await app.inject({ method: "POST", url: "/items/1", payload: { quantity: 1 } });
    // params, querystring and body: three validators, each compiled (and wrapped) once.
    expect(wrapped).toBe(3);
    expect(schemas.pending).toBe(0);
    await app.close();
  });

  it("compilePending compiles what no request has needed yet", async () => {
    const { app, schemas } = await appWithRoute();
    expect(schemas.compilePending()).toBe(4);
    expect(schemas.pending).toBe(0);
    expect(schemas.compilePending()).toBe(0);
    const answer = await app.inject({ method: "POST", url: "/items/3", payload: { quantity: 5, note: "gift" } });
    expect(answer.json()).toEqual({ id: 3, quantity: 5, note: "gift" });
    await app.close();
  });

  it("throws a schema that does not compile when it is first needed", async () => {
    const schemas = lazySchemas();
    const app = Fastify({ schemaController: { compilersFactory: schemas.compilersFactory } });
    app.post("/broken", { schema: { body: { type: "object", properties: { a: { $ref: "#/nowhere" } } } } }, async () => ({}));
    await app.ready();
    expect(() => schemas.compilePending()).toThrow(/nowhere/);
    await app.close();
  });
});
