import { expect, it } from "vitest";
import { createTestShop } from "../../../../../test/app.ts";
import { down, up } from "./055_form_entry_submissions.ts";

const entry = (submission_key: string) => ({
  form_id: 1,
  status: "complete" as const,
  values: "{}",
  payment_total: 0,
  payment_status: "" as const,
  currency: "USD",
  visitor_id: "",
  start_timestamp: "",
  end_timestamp: "",
  page_url: "",
  ip: "",
  user_agent: "",
  created_at: "2026-12-07T00:00:00.000Z",
  submission_key,
});

/** Migration 055 on SQLite and PostgreSQL: a key is one entry of a form, no key is any number; down and up again keep the entries. */
it("keeps one entry per form and key, any number without one, and goes down and up again", async () => {
  const shop = await createTestShop({ rateLimit: false });
  const insert = (key: string, formId = 1) =>
    shop.db
      .insertInto("form_entries")
      .values({ ...entry(key), form_id: formId })
      .execute();
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
