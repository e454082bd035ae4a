/** Signed-in clients of the owner API for tests: the owner, a manager and a shopper, each a browser session with its nonce. */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Db } from "../apps/server/src/db/index.ts";
import { ensureOwner } from "../apps/server/src/modules/customers/index.ts";
import { StoreClient } from "./store-client.ts";

export const ADMIN = "/api/admin/v1";

/** An account signed in as a browser signs in: a session cookie and its nonce. */
export async function signedIn(app: FastifyInstance, email: string, password: string): Promise<StoreClient> {
  const client = new StoreClient(app, "browser");
  await client.get("/cart");
  expect((await client.post("/account/sign-in", { email, password })).statusCode).toBe(200);
  return client;
}

/** The owner `signedInOwner` makes unless a test names its own (each test shop has a database of its own). */
export const TEST_OWNER = { email: "owner@example.com", password: "owner-password-2026" };

/**
 * The shop's owner account, made as a start with OWNER_EMAIL makes it (kept as it is if already there), signed in
 * through the shop's app, or another process's over its database (a SecondProcess, `{ app, db: shop.db }`). A test
 * whose assertions name the owner passes its own `{ email, password }`.
 */
export async function signedInOwner(
  shop: { app: FastifyInstance; db: Db },
  owner: { email: string; password: string } = TEST_OWNER,
): Promise<StoreClient> {
  await ensureOwner(shop.db, owner.email, owner.password);
  return signedIn(shop.app, owner.email, owner.password);
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

/**
 * An owner save's reply held to a read of the same resource made right after it: the same keys, the same values, so
 * a client that keeps what a save answers loses nothing a read would have told it. `facts`: what the save answers
 * beside the read, fields a read does not carry (a customer's `email_sent`), with their values. Answers the saved body.
 */
export async function expectSavedAsRead(
  client: StoreClient,
  saved: LightMyRequestResponse,
  readPath: string,
  facts: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  expect(saved.statusCode, saved.body).toBeLessThan(300);
  const read = await adminCall(client, "GET", readPath);
  expect(read.statusCode, read.body).toBe(200);
  expect(Object.keys(facts).filter((key) => key in read.json())).toEqual([]);
  const expected = { ...read.json(), ...facts };
  const body = saved.json();
  expect(Object.keys(body).sort()).toEqual(Object.keys(expected).sort());
  expect(body).toStrictEqual(expected);
  return body;
}

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

/**
 * The owner's settings groups through `owner()` (a client signed in later, in a beforeAll): read, save, and save
 * expecting 200. A read and a save expecting 200 answer the group's fields without its version, so a body made from
 * them saves as an API client's that sends none (decision 0158's own tests read the version themselves).
 */
export function settingsGroups(owner: () => StoreClient) {
  const read = async (group: string) => {
    const response = await adminCall(owner(), "GET", `/settings/${group}`);
    expect(response.statusCode, response.body).toBe(200);
    const { version: _version, ...fields } = response.json();
    return fields;
  };
  const save = (group: string, body: unknown) => adminCall(owner(), "PUT", `/settings/${group}`, body);
  const saved = async (group: string, body: unknown) => {
    const response = await save(group, body);
    expect(response.statusCode, response.body).toBe(200);
    const { version: _version, ...fields } = response.json();
    return fields;
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

type Json = Record<string, unknown>;

/** One owner record's stale-copy rule as `twoEditors` tries it: where it is read and saved, and what each editor changes. */
export interface TwoEditors {
  db: Db;
  client: StoreClient;
  /** Read with GET and saved with `method` (PUT or PATCH) at this owner API path. */
  path: string;
  method: "PUT" | "PATCH";
  /** The body each editor saves from the fields of the copy it read (the helper adds the version). */
  first(read: Json): Json;
  second(read: Json): Json;
  /** The 409's code and the record's noun in its message ("tax rate"; plural: "download settings"). */
  code: string;
  noun: string;
  plural?: boolean;
}

/**
 * Two editors of one record (decision 0158): both read it; the first saves; the second saves its copy and is
 * refused (409, the current version in `data`, nothing written, no change-log row); the same body without a
 * version is saved, and saved again unchanged keeps its version. Answers the record as the first editor left it.
 */
export async function twoEditors({ db, client, path, method, first, second, code, noun, plural = false }: TwoEditors): Promise<Json> {
  const read = async () => {
    const response = await adminCall(client, "GET", path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Json;
  };
  // Each editor's body is made from its copy's fields; the version is sent (or not) by the helper alone.
  const fieldsOf = ({ version: _version, ...fields }: Json) => fields;
  const save = (body: Json) => adminCall(client, method, path, body);
  const logRows = async () => (await db.selectFrom("change_log").select("id").execute()).length;

  const [one, two] = [await read(), await read()];
  expect(one.version).toMatch(/^[\w-]{22}$/);
  expect(two.version).toBe(one.version);
  const kept = await save({ ...first(fieldsOf(one)), version: one.version });
  expect(kept.statusCode, kept.body).toBe(200);
  expect(kept.json().version).not.toBe(one.version);
  const firstLeft = await read();
  const rows = await logRows();

  const secondBody = second(fieldsOf(two));
  const stale = await save({ ...secondBody, version: two.version });
  expect(stale.statusCode, stale.body).toBe(409);
  expect(stale.json()).toMatchObject({ code, data: { version: kept.json().version } });
  expect(stale.json().message).toBe(
    plural
      ? `These ${noun} were changed by someone else since you opened them: reload them to see their change, then make yours again.`
      : `This ${noun} was changed by someone else since you opened it: reload it to see their change, then make yours again.`,
  );
  expect(await read()).toEqual(firstLeft);
  expect(await logRows()).toBe(rows);

  const unversioned = await save(secondBody);
  expect(unversioned.statusCode, unversioned.body).toBe(200);
  const again = await save({ ...secondBody, version: unversioned.json().version });
  expect(again.statusCode, again.body).toBe(200);
  expect(again.json().version).toBe(unversioned.json().version);
  return firstLeft;
}
