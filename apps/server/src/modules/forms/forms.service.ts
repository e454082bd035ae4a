/**
 * Reading forms for visitors (cached per `forms` revision, decision 0009) and the demo shop's three
 * forms, installed once from the rules package's copy (shared/DEMO.md "Public forms").
 */
import { DEMO_FORMS } from "@cartwright/commerce/forms";
import type { Db } from "../../db/index.ts";
import { deepFreeze, revisionCache } from "../../db/revisions.ts";
import { allForms, insertForm, type StoredForm } from "./forms.repo.ts";

const formsByKey = revisionCache("forms", async (db) => {
  const byKey = new Map<string, StoredForm>();
  for (const form of await allForms(db)) {
    byKey.set(`id:${form.id}`, form);
    byKey.set(`slug:${form.slug}`, form);
  }
  return deepFreeze(byKey);
});

/** A form by id (digits) or slug, published or not; null when there is none. */
export async function findForm(db: Db, idOrSlug: string | number): Promise<StoredForm | null> {
  const key = /^\d{1,9}$/.test(String(idOrSlug)) ? `id:${Number(idOrSlug)}` : `slug:${idOrSlug}`;
  return (await formsByKey(db)).get(key) ?? null;
}

/** A form visitors may send: published only. */
export async function publishedForm(db: Db, idOrSlug: string | number): Promise<StoredForm | null> {
  const form = await findForm(db, idOrSlug);
  return form?.status === "published" ? form : null;
}

/** The demo forms, in DEMO's order (ids 1–3 on a fresh shop); only on a shop with no forms yet. */
export async function installDemoForms(db: Db, now = new Date().toISOString()): Promise<boolean> {
  const any = await db.selectFrom("forms").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  for (const form of DEMO_FORMS) await insertForm(db, form, now);
  return true;
}
