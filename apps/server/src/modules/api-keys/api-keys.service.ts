/**
 * The owner's API keys (decision 0098): list (never a secret), create (the secret answered once,
 * kept only as its hash), change the description or permission, revoke, delete. Each write and its
 * change_log row share one transaction; the change log never holds a secret or its hash.
 */
import type { ApiKey, CreatedApiKey } from "@cartwright/commerce/admin";
import type { Db } from "../../db/index.ts";
import type { ApiKeyPermission } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { newKey } from "./keys.ts";

export const PERMISSIONS: readonly ApiKeyPermission[] = ["read", "write", "read_write"];
export const DESCRIPTION_MAX = 200;

export interface ApiKeyInput {
  description?: string;
  staff_id?: number;
  permission?: ApiKeyPermission;
}

const notFound = () => new StoreError("cw_rest_api_key_not_found", "No such API key.", 404);
const revokedUnchangeable = () =>
  new StoreError("cw_rest_api_key_not_editable", "This key has been revoked and cannot be changed. Make a new key instead.", 409);

const nowOf = (ctx: RequestContext) => (ctx.now ?? new Date()).toISOString();

function selectKeys(db: Db) {
  return db
    .selectFrom("api_keys")
    .innerJoin("customers", "customers.id", "api_keys.customer_id")
    .select([
      "api_keys.id",
      "api_keys.description",
      "api_keys.permission",
      "api_keys.key_id",
      "api_keys.truncated_key",
      "api_keys.customer_id as staff_id",
      "customers.email as staff_email",
      "customers.role as staff_role",
      "api_keys.created_at",
      "api_keys.last_access_at",
      "api_keys.revoked_at",
    ]);
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof selectKeys>["executeTakeFirstOrThrow"]>>;

const toKey = (row: KeyRow): ApiKey => ({ ...row, staff_role: row.staff_role === "customer" ? null : row.staff_role });

/** What the change log keeps of a key: no secret, no hash. */
const logged = (key: ApiKey) => ({
  description: key.description,
  permission: key.permission,
  key_id: key.key_id,
  staff_id: key.staff_id,
  revoked_at: key.revoked_at,
});

/** Every key, newest first, revoked ones too. */
export async function listApiKeys(ctx: RequestContext): Promise<{ keys: ApiKey[] }> {
  const rows = await selectKeys(ctx.db).orderBy("api_keys.created_at", "desc").orderBy("api_keys.id", "desc").execute();
  return { keys: rows.map(toKey) };
}

async function findKey(db: Db, id: number): Promise<ApiKey> {
  const row = await selectKeys(db).where("api_keys.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return toKey(row);
}

/** The description trimmed, or the field's message. */
function checkDescription(value: string | undefined, errors: Record<string, string>): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!trimmed) errors.description = "Describe what the key is for, e.g. the name of the app that uses it.";
  else if (trimmed.length > DESCRIPTION_MAX) errors.description = `Keep the description to ${DESCRIPTION_MAX} characters.`;
  return trimmed;
}

function checkPermission(value: string | undefined, errors: Record<string, string>): ApiKeyPermission | undefined {
  if (value === undefined) return undefined;
  if (!PERMISSIONS.includes(value as ApiKeyPermission)) errors.permission = "Choose read, write or read_write.";
  return value as ApiKeyPermission;
}

/** Makes a key acting as a member of staff (the caller when none is named); the reply holds its secret, never to be shown again. */
export async function createApiKey(ctx: RequestContext, input: ApiKeyInput): Promise<CreatedApiKey> {
  const errors: Record<string, string> = {};
  const description = checkDescription(input.description ?? "", errors);
  const permission = checkPermission(input.permission ?? "read", errors);
  const staffId = input.staff_id ?? ctx.owner?.id ?? 0;
  const member = await ctx.db.selectFrom("customers").select(["id", "role"]).where("id", "=", staffId).executeTakeFirst();
  if (!member || member.role === "customer") errors.staff_id = "Choose the owner or a manager: a key acts as a member of staff.";
  if (Object.keys(errors).length > 0) throw fieldsInvalid(errors);
  const made = newKey();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("api_keys")
      .values({
        key_id: made.keyId,
        secret_hash: made.secretHash,
        truncated_key: made.truncated,
        description: description as string,
        customer_id: staffId,
        permission: permission as ApiKeyPermission,
        created_by: ctx.owner?.id ?? null,
        created_at: nowOf(ctx),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const key = await findKey(trx, row.id);
    await logOwnerChange(trx, ctx, "api_key", key.id, null, logged(key));
    return { ...key, secret: made.secret };
  });
}

/** Changes a key's description or permission (its staff member and secret stay); a revoked key is refused (409), as it will never work again. */
export async function updateApiKey(
  ctx: RequestContext,
  id: number,
  input: Pick<ApiKeyInput, "description" | "permission">,
): Promise<ApiKey> {
  const errors: Record<string, string> = {};
  const description = checkDescription(input.description, errors);
  const permission = checkPermission(input.permission, errors);
  if (Object.keys(errors).length > 0) throw fieldsInvalid(errors);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findKey(trx, id);
    if (before.revoked_at) throw revokedUnchangeable();
    await trx
      .updateTable("api_keys")
      .set({ description: description ?? before.description, permission: permission ?? before.permission })
      .where("id", "=", id)
      .execute();
    const after = await findKey(trx, id);
    await logOwnerChange(trx, ctx, "api_key", id, logged(before), logged(after));
    return after;
  });
}

/** Revokes a key at once (every process refuses it on its next request: keys are looked up per request); revoking again changes nothing. */
export async function revokeApiKey(ctx: RequestContext, id: number): Promise<ApiKey> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findKey(trx, id);
    if (before.revoked_at) return before;
    await trx
      .updateTable("api_keys")
      .set({ revoked_at: nowOf(ctx) })
      .where("id", "=", id)
      .execute();
    const after = await findKey(trx, id);
    await logOwnerChange(trx, ctx, "api_key", id, logged(before), logged(after));
    return after;
  });
}

/** Deletes a key (it stops working at once, like a revoked one, and leaves the list). */
export async function deleteApiKey(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findKey(trx, id);
    await trx.deleteFrom("api_keys").where("id", "=", id).execute();
    await logOwnerChange(trx, ctx, "api_key", id, logged(before), null);
  });
}
