import type { Db } from "../../db/index.ts";

export async function readAllSettings(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}

export async function writeSettings(db: Db, values: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const json = JSON.stringify(value);
    await db
      .insertInto("settings")
      .values({ key, value: json })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json }))
      .execute();
  }
}
