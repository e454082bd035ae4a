/** Signed-in clients of the owner API for tests: the owner, a manager and a shopper, each a browser session with its nonce. */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Db } from "../apps/server/src/db/index.ts";
import { StoreClient } from "./store-client.ts";

export const ADMIN = "/api/admin/v1";

export async function signedIn(app: FastifyInstance, email: string, password: string): Promise<StoreClient> {
  const client = new StoreClient(app, "browser");
  await client.get("/cart");
  expect((await client.post("/account/sign-in", { email, password })).statusCode).toBe(200);
  return client;
}

/** A new account made a manager, signed in. */
export async function signedInManager(app: FastifyInstance, db: Db, email: string): Promise<StoreClient> {
  const password = "manager-password-2026";
  expect((await new StoreClient(app).post("/account/register", { email, password })).statusCode).toBe(201);
  await db.updateTable("customers").set({ role: "manager" }).where("email", "=", email).execute();
  return signedIn(app, email, password);
}

export const adminCall = (
  client: StoreClient,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<LightMyRequestResponse> => client.request(method, `${ADMIN}${path}`, body);

/** The same call sent with the client's cookie but no nonce, or a wrong one. */
export function withoutNonce(
  app: FastifyInstance,
  client: StoreClient,
  method: "PUT" | "PATCH",
  path: string,
  body: unknown,
  nonce?: string,
) {
  const { cookie } = client.credentials();
  return app.inject({
    method,
    url: `${ADMIN}${path}`,
    headers: { cookie: cookie ?? "", "content-type": "application/json", ...(nonce ? { nonce } : {}) },
    payload: JSON.stringify(body),
  });
}

/** A refused write's messages by field path (`data.details`), as every owner API slice answers them. */
export const fieldMessages = (response: LightMyRequestResponse): Record<string, string> =>
  Object.fromEntries(
    Object.entries((response.json() as { data: { details: Record<string, { message: string }> } }).data.details).map(([field, detail]) => [
      field,
      detail.message,
    ]),
  );

/** The owner's settings groups through `owner()` (a client signed in later, in a beforeAll): read, save, and save expecting 200. */
export function settingsGroups(owner: () => StoreClient) {
  const read = async (group: string) => {
    const response = await adminCall(owner(), "GET", `/settings/${group}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const save = (group: string, body: unknown) => adminCall(owner(), "PUT", `/settings/${group}`, body);
  const saved = async (group: string, body: unknown) => {
    const response = await save(group, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  return { read, save, saved };
}

/** The newest change_log row of one thing ("settings" and a group, "coupon" and its id…). */
export const latestChange = (db: Db, entity: string, entityId: string) =>
  db
    .selectFrom("change_log")
    .selectAll()
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
