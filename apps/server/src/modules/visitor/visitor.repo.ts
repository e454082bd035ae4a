import type { Db } from "../../db/index.ts";

export async function readMeta(db: Db, owner: string): Promise<Record<string, string>> {
  const rows = await db.selectFrom("visitor_meta").select(["key", "value"]).where("owner", "=", owner).execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

export async function writeMeta(db: Db, owner: string, values: Record<string, string>, now: string): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto("visitor_meta")
      .values({ owner, key, value, updated_at: now })
      .onConflict((oc) => oc.columns(["owner", "key"]).doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}

export async function deleteMetaOlderThan(db: Db, ownerPrefix: string, before: string): Promise<number> {
  const result = await db
    .deleteFrom("visitor_meta")
    .where("owner", "like", `${ownerPrefix}%`)
    .where("updated_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
