import { type Db, takeTurns } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion } from "../../http/edit-version.ts";
import { fieldsInvalid, paramDetail, StoreError } from "../../http/errors.ts";
import { changeVia } from "../../http/owner-change.ts";
import { readAllSettings, writeSettings } from "./settings.repo.ts";
import { mergeOverDefaults } from "./settings.service.ts";
import type { ShopSettings } from "./settings.types.ts";

/** 400 with each field's message beside its path, as the coupons answer (decision 0040). */
export const invalidSettings = fieldsInvalid;

/** 409: a change that would break the shop, refused with its reason beside the field that causes it. */
export const refusedSetting = (field: string, message: string) =>
  new StoreError("cw_rest_setting_breaks_shop", message, 409, {
    details: { [field]: paramDetail("cw_rest_setting_breaks_shop", message) },
  });

/** The stored settings over their defaults, read inside the write's transaction (never from a cache). */
export async function freshSettings(db: Db): Promise<ShopSettings> {
  return mergeOverDefaults(await readAllSettings(db));
}

export interface OwnerSettingsWrite<T> {
  /** The change_log row's entity and id: "settings" and the group, or "payment_method" and its id. */
  entity: string;
  entityId: string;
  /** What the owner API answers and the change log keeps, before and after. */
  view: (settings: ShopSettings) => T;
  /** The keys to store, from the settings as they are now; throws to refuse. `db` is the write's transaction. */
  change: (current: ShopSettings, db: Db) => Partial<ShopSettings> | Promise<Partial<ShopSettings>>;
  /**
   * A save made on a copy the client read (decision 0158): the version it sent (undefined: none), the
   * version of the stored view, and the refusal. Checked before `change`, which may write.
   */
  stale?: { sent: string | undefined; versionOf: (view: T) => string; changed: (current: string) => StoreError };
}

export async function writeOwnerSettings<T>(ctx: RequestContext, write: OwnerSettingsWrite<T>): Promise<T> {
  if (!ctx.owner) throw new Error("Owner services need ctx.owner (the owner API's requireOwner hook sets it).");
  const actor = ctx.owner.id;
  return ctx.db.transaction().execute(async (trx) => {
    // Two owner writes at once on PostgreSQL take turns, so neither overwrites the other's keys with what it read before.
    await takeTurns(trx, "settings");
    const current = await freshSettings(trx);
    const before = write.view(current);
    if (write.stale) checkVersion(write.stale.sent, write.stale.versionOf(before), write.stale.changed);
    const values = await write.change(current, trx);
    await writeSettings(trx, values as Record<string, unknown>);
    const next = await freshSettings(trx);
    const after = write.view(next);
    await trx
      .insertInto("change_log")
      .values({
        actor_id: actor,
        entity: write.entity,
        entity_id: write.entityId,
        action: "update",
        before: JSON.stringify(before),
        after: JSON.stringify(after),
        created_at: (ctx.now ?? new Date()).toISOString(),
        via: changeVia(ctx),
      })
      .execute();
    return after;
  });
}
