/**
 * The stock notices' sending (decision 0099). An order's stock move notes what it owes the owner in
 * stock_alerts, in its own transaction (db/stock-alerts.ts); here, once a reply has gone out (so the
 * transaction that noted them has committed), what is due is claimed row by row (due → sent or
 * skipped, a conditional update: processes and turns racing send each once) and sent in the
 * background. A notice switched off is marked skipped; one whose stock is back above its amount by
 * then (a declined card's order gave it back before its reply) is marked lapsed; one that cannot be
 * sent is logged and marked failed: the order stands either way. Alerts left due by a stop are sent when the shop starts.
 */
import { lowStockAmountOf } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { StockAlertsTable } from "../../db/schema.ts";
import { stockAlertsNoted } from "../../db/stock-alerts.ts";
import { type Mailer, type MailLog, ownerAccountEmail, ownerAddress, sendStockAlert } from "../emails/index.ts";
import { getSettings, type ShopSettings } from "../settings/index.ts";
import { productLabels } from "./labels.ts";

export interface StockAlertDeps {
  db: Db;
  mailer: Mailer;
  log?: MailLog;
}

const quiet: MailLog = { info() {}, error() {} };
/** Alerts read per turn of the drain. */
const BATCH = 50;

const isOn = (settings: ShopSettings, kind: StockAlertsTable["kind"]) =>
  kind === "low" ? settings.stockNotices.lowStock : kind === "out" ? settings.stockNotices.outOfStock : settings.stockNotices.backorder;

/**
 * Where stock notices go: their own recipient, else the owner's notices' (the new-order notice's, the owner
 * account's address last: decision 0147); null when none is known.
 */
export const stockNoticeRecipient = (mailer: Pick<Mailer, "ownerEmail">, settings: ShopSettings, ownerAccount: string | null = null) =>
  settings.stockNotices.recipient || ownerAddress(mailer, settings, ownerAccount);

/** Sends every alert due now; answers how many went out. Never throws for one alert: each is marked as it ended. */
export async function sendDueStockAlerts(deps: StockAlertDeps): Promise<number> {
  const { db, mailer } = deps;
  const log = deps.log ?? quiet;
  let sent = 0;
  let after = 0;
  for (;;) {
    const due = await db
      .selectFrom("stock_alerts")
      .select(["id", "product_id", "kind", "order_id", "stock"])
      .where("state", "=", "due")
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!due.length) return sent;
    after = due[due.length - 1]?.id ?? after;
    const [settings, ownerAccount] = await Promise.all([getSettings(db), ownerAccountEmail(db)]);
    const labels = await productLabels(
      db,
      due.map((alert) => alert.product_id),
    );
    const stock = await stockNowOf(db, settings, [...new Set(due.map((alert) => alert.product_id))]);
    for (const alert of due) {
      const now = stock.get(alert.product_id);
      const on = isOn(settings, alert.kind);
      const stands = now !== undefined && stillStands(alert.kind, now.quantity, now.lowAmount, settings.outOfStockAmount);
      const claim = await db
        .updateTable("stock_alerts")
        .set({ state: !stands ? "lapsed" : on ? "sent" : "skipped" })
        .where("id", "=", alert.id)
        .where("state", "=", "due")
        .executeTakeFirst();
      // Another process or turn has it.
      if (Number(claim.numUpdatedRows) !== 1) continue;
      if (!stands) {
        log.info({ alertId: alert.id, kind: alert.kind }, "stock notice not sent: the stock is back above its amount");
        continue;
      }
      if (!on) {
        log.info({ alertId: alert.id, kind: alert.kind }, "stock notice not sent: switched off in the inventory settings");
        continue;
      }
      const label = labels.get(alert.product_id);
      try {
        const delivery = await sendStockAlert(
          mailer,
          {
            kind: alert.kind,
            alertId: alert.id,
            siteTitle: settings.siteTitle,
            productName: label?.name ?? `Product ${alert.product_id}`,
            options: label?.options ?? "",
            sku: label?.sku ?? "",
            stock: alert.stock,
            lowAmount: now.lowAmount,
            orderId: alert.order_id,
            editorUrl: `${mailer.publicUrl}/admin/products/${label?.editorId ?? alert.product_id}`,
            orderUrl: alert.order_id === null ? null : `${mailer.publicUrl}/admin/orders/${alert.order_id}`,
            reportUrl: `${mailer.publicUrl}/admin/stock?status=${alert.kind}`,
          },
          { shop: settings, to: stockNoticeRecipient(mailer, settings, ownerAccount) },
        );
        await db.updateTable("stock_alerts").set({ sent_to: delivery.to }).where("id", "=", alert.id).execute();
        log.info({ alertId: alert.id, kind: alert.kind, via: delivery.via, file: delivery.file }, "stock notice sent");
        sent++;
      } catch (error) {
        log.error({ alertId: alert.id, kind: alert.kind, err: error }, "stock notice could not be sent");
        await db.updateTable("stock_alerts").set({ state: "failed" }).where("id", "=", alert.id).execute();
      }
    }
  }
}

/** Whether what a notice says is still so: the stock is still at or below the amount it crossed (or still owed, for a backorder). */
export function stillStands(kind: StockAlertsTable["kind"], quantity: number, lowAmount: number, outAmount: number): boolean {
  return kind === "low" ? quantity <= lowAmount : kind === "out" ? quantity <= outAmount : quantity < 0;
}

/** Each tracked product's stock now, and the low amount it is judged by: its own, else its parent's, else the shop's. */
async function stockNowOf(db: Db, settings: ShopSettings, ids: number[]): Promise<Map<number, { quantity: number; lowAmount: number }>> {
  const rows = await db
    .selectFrom("products as p")
    .leftJoin("products as parent", "parent.id", "p.parent_id")
    .select(["p.id", "p.stock_quantity", "p.manage_stock", "p.low_stock_amount", "parent.low_stock_amount as parent_low"])
    .where("p.id", "in", ids)
    .execute();
  return new Map(
    rows
      .filter((row) => row.manage_stock === 1 && row.stock_quantity !== null)
      .map((row) => [
        row.id,
        {
          quantity: Number(row.stock_quantity),
          lowAmount: lowStockAmountOf(row.low_stock_amount, row.parent_low, settings.lowStockAmount),
        },
      ]),
  );
}

interface Registration {
  deps: StockAlertDeps;
  /** stockAlertsNoted's count when this shop last looked. */
  seen: number;
  /** The drain running now, if any; `again` when more were noted while it ran. */
  running: Promise<void> | null;
  again: boolean;
  closed: boolean;
}

const registrations = new WeakMap<Db, Registration>();

function drain(registration: Registration): Promise<void> {
  if (registration.running) {
    registration.again = true;
    return registration.running;
  }
  const log = registration.deps.log ?? quiet;
  registration.running = (async () => {
    do {
      registration.again = false;
      try {
        await sendDueStockAlerts(registration.deps);
      } catch (error) {
        log.error({ err: error }, "stock notices could not be read");
      }
    } while (registration.again && !registration.closed);
  })().finally(() => {
    registration.running = null;
  });
  return registration.running;
}

/**
 * Sends this shop's stock notices (once, by buildApp): what a stop left due now, then whatever
 * orders note, each time a reply has gone out after this process noted some (`afterReply`, from an
 * onResponse hook: a cheap compare when none were). `close` waits for the sending under way.
 */
export function registerStockAlerts(deps: StockAlertDeps) {
  const registration: Registration = { deps, seen: stockAlertsNoted.count, running: null, again: false, closed: false };
  registrations.set(deps.db, registration);
  void drain(registration);
  return {
    afterReply() {
      if (registration.seen === stockAlertsNoted.count || registration.closed) return;
      registration.seen = stockAlertsNoted.count;
      void drain(registration);
    },
    async close() {
      registration.closed = true;
      if (registrations.get(deps.db) === registration) registrations.delete(deps.db);
      await registration.running;
    },
  };
}

/** How long a finished stock notice's row is kept (sent, skipped, lapsed or failed): what the owner could ask about. */
export const STOCK_ALERTS_KEPT_DAYS = 90;

/** Deletes finished stock notices older than STOCK_ALERTS_KEPT_DAYS (the sweep's); one still due is never deleted. Answers how many. */
export async function pruneStockAlerts(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - STOCK_ALERTS_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db.deleteFrom("stock_alerts").where("state", "<>", "due").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** For tests and the shutdown: waits until nothing noted so far is still being sent by this shop. */
export async function stockAlertsSettled(db: Db): Promise<void> {
  const registration = registrations.get(db);
  if (!registration) return;
  registration.seen = stockAlertsNoted.count;
  await drain(registration);
  // A drain that was running when asked may have read before the last commit: one more pass.
  await drain(registration);
}
