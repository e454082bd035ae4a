/**
 * The key that signs Cart-Tokens, session cookies and nonces when SECRET is not set: kept in
 * the database, so every server process sharing the database signs and verifies alike.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "./schema.ts";

const KEY = "secret.signing";

export async function loadSigningSecret(db: Db): Promise<string> {
  const fresh = JSON.stringify(randomBytes(32).toString("base64url"));
  // The first process to start writes it; everyone, that one included, reads the stored value.
  await db
    .insertInto("settings")
    .values({ key: KEY, value: fresh })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirstOrThrow();
  return JSON.parse(row.value) as string;
}
