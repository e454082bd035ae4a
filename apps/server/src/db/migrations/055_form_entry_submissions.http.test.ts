import { expect, it } from "vitest";
import { createTestShop } from "../../../../../test/app.ts";
import { insertFormEntry } from "../../../../../test/form-entries.ts";
import { down, up } from "./055_form_entry_submissions.ts";

/** Migration 055 on SQLite and PostgreSQL: a key is one entry of a form, no key is any number; down and up again keep the entries. */
it("keeps one entry per form and key, any number without one, and goes down and up again", async () => {
  const shop = await createTestShop({ rateLimit: false });
  const insert = (submission_key: string, form_id = 1) => insertFormEntry(shop.db, { form_id, submission_key });
  await insert("a-key-of-sixteen-chars");
  await expect(insert("a-key-of-sixteen-chars")).rejects.toThrow();
  await insert("a-key-of-sixteen-chars", 2);
  await insert("");
  await insert("");
  const count = async () => (await shop.db.selectFrom("form_entries").select("id").execute()).length;
  expect(await count()).toBe(4);
  await down(shop.db as never);
  expect(await count()).toBe(4);
  await up(shop.db as never);
  expect(await count()).toBe(4);
  await shop.close();
});
