/** config → extensions → folders checked → database → migrate → seed → listen. The only place that listens. */
import { setFlagsFromString } from "node:v8";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig, unknownSettings } from "./config.ts";
import {
  type BackgroundCheckpoints,
  checkpointInBackground,
  loadSigningSecret,
  migrateToLatest,
  openDatabase,
  sqliteHandleOf,
} from "./db/index.ts";
import { loadExtensions } from "./extensions.ts";
import { StoreError } from "./http/errors.ts";
import { deleteOldIdempotentReplies } from "./http/idempotency.ts";
import { deleteExpiredCarts } from "./modules/cart/index.ts";
import { queueSaleChanges } from "./modules/catalog/index.ts";
import { sweepUnpaidOrders } from "./modules/checkout/index.ts";
import { deleteEndedLoginSessions, deleteEndedPasswordResets, ensureOwner } from "./modules/customers/index.ts";
import { deleteStaleUploads } from "./modules/downloads/index.ts";
import { createMailer } from "./modules/emails/index.ts";
import { deleteExpiredDrafts, sweepPendingEntries } from "./modules/forms/index.ts";
import { settlePendingRefunds } from "./modules/orders/index.ts";
import { getSettings } from "./modules/settings/index.ts";
import { pruneStockAlerts } from "./modules/stock/index.ts";
import { deleteStaleGuestMeta } from "./modules/visitor/index.ts";
import { periodic } from "./periodic.ts";
import { seedDemoShop } from "./seed/index.ts";
import { mapBundledStackTraces } from "./stack-traces.ts";
import { checkWritableFolders, startProblem } from "./start-problems.ts";

// npm start runs this file bundled: its stack traces then name the sources, through the bundle's maps (decision 0068).
mapBundledStackTraces();

/** Known once read: a failure later in the start is then told in terms of the settings (start-problems.ts). */
let startConfig: Config | undefined;
/** Set as the server starts listening: a failure from then on is HOST's or PORT's. */
const stage = { listening: false };

async function main() {
  const config = loadConfig();
  startConfig = config;
  const extensions = await loadExtensions(config.extensions);
  checkWritableFolders(config);
  const db = openDatabase(config.database);
  const applied = await migrateToLatest(db);
  const seeded = await seedDemoShop(db);
  // After the seed, which adds the demo customer only while there is no account at all.
  const owner = config.owner && (await ensureOwner(db, config.owner.email, config.owner.password).catch(ownerRefused));
  const secret = config.secret ?? (await loadSigningSecret(db));
  const mailer = createMailer(config);
  // The owner's password goes no further than this file.
  const { owner: _owner, captchaSecrets, ...appConfig } = config;
  const app = await buildApp({ config: { ...appConfig, secret }, db, web: {}, mailer, extensions, captcha: { secrets: captchaSecrets } });
  for (const warning of unknownSettings()) app.log.warn(warning);
  if (extensions.length) app.log.info({ extensions: extensions.map((e) => e.name) }, "extensions registered (EXTENSIONS)");
  if (owner)
    app.log.info({ created: owner.created }, owner.created ? "owner account created (OWNER_EMAIL)" : "owner account ready (OWNER_EMAIL)");
  app.log.info(mailer.via === "smtp" ? { mail: "smtp" } : { mail: "outbox", outbox: mailer.outbox }, "order emails");
  // Once listening and every five minutes (any process may do it): orders that waited for their payment
  // longer than the shop holds stock are cancelled and their stock returned, unless their gateway
  // says they were paid (settled) or cannot tell (held); carts idle for two days, login sessions no
  // token can name any more, password reset links that stopped working and guests' remembered facts after a month are deleted,
  // and the staged rows of download uploads that stopped arriving an hour ago (a process that died mid-upload), and owner API
  // answers kept for their Idempotency-Key a day ago (decision 0169). Form entries whose
  // charge was never recorded are settled by asking their gateway, and expired form drafts deleted. Scheduled
  // sales that started or ended are queued for webhooks (product.updated).
  const sweep = async () => {
    try {
      const { holdStockMinutes } = await getSettings(db);
      const [orders, carts, meta, sessions, resets, entries, drafts, stockAlerts, uploads, replies] = await Promise.all([
        sweepUnpaidOrders(db, holdStockMinutes),
        deleteExpiredCarts(db, new Date().toISOString()),
        deleteStaleGuestMeta(db),
        deleteEndedLoginSessions(db),
        deleteEndedPasswordResets(db),
        sweepPendingEntries(db, { mailer, log: app.log }),
        deleteExpiredDrafts(db),
        pruneStockAlerts(db),
        deleteStaleUploads(db),
        deleteOldIdempotentReplies(db),
      ]);
      if (Object.values(orders).some(Boolean) || carts || meta || sessions || resets || stockAlerts || uploads || replies)
        app.log.info(
          { ...orders, carts, meta, sessions, resets, stockAlerts, stagedUploadRows: uploads, idempotentReplies: replies },
          "sweep: unpaid orders settled, held, failed or cancelled; due emails sent; expired carts, sessions, password resets, old stock notices, uploads left unfinished and day-old idempotent replies deleted",
        );
      // Scheduled sales that started or ended since the last sweep, told to webhooks as product.updated.
      const saleChanges = await queueSaleChanges(db, new Date());
      if (saleChanges) {
        app.log.info({ products: saleChanges }, "sweep: scheduled sales that started or ended queued for webhooks");
        app.webhooks.kick();
      }
      // Gateway refunds reserved ten minutes ago and never settled (a crash between their transactions).
      const refunds = await settlePendingRefunds(db, new Date(Date.now() - 10 * 60 * 1000));
      if (refunds.completed || refunds.dropped) app.log.info({ refunds }, "sweep: reserved gateway refunds completed or given back");
      if (entries.paid || entries.failed || drafts)
        app.log.info({ formPayments: entries, formDrafts: drafts }, "sweep: form payments settled or failed; expired form drafts deleted");
    } catch (error) {
      app.log.error({ err: error }, "sweep failed");
    }
  };
  const sweeps = periodic(sweep, 5 * 60 * 1000);
  // A sweep in flight finishes before the database closes (shutdown closes the app first).
  app.addHook("onClose", () => sweeps.stop());
  if (applied.length) app.log.info({ migrations: applied }, "database migrated");
  if (seeded) app.log.info("demo shop seeded");

  let checkpoints: BackgroundCheckpoints | undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    // Stops accepting, lets requests in flight and the e-mails they started finish (the app's
    // onClose hooks), and only then closes the database: hooks run last-registered first.
    app
      .close()
      .then(() => checkpoints?.stop())
      .then(() => db.destroy())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  stage.listening = true;
  await app.listen({ port: config.port, host: config.host });
  // SQLite's checkpoints run on a thread of their own, so no request waits behind one (decision 0058).
  const sqlite = sqliteHandleOf(db);
  if (sqlite && config.database.dialect === "sqlite" && config.database.file !== ":memory:")
    checkpoints = checkpointInBackground(sqlite, config.database.file, {
      onStopped: (error) => app.log.error({ err: error }, "background checkpoints stopped: commits checkpoint again"),
    });
  // The first sweep follows the listen: nothing a request finds waits for it (decision 0050).
  await sweeps.run();
  // Decision 0057: the old generation collected once it grows by half, from here on; set at launch, its collections cost the start about 300 ms.
  setFlagsFromString(HEAP_GROWING_ONCE_LISTENING);
}

/**
 * V8's flag that keeps the old generation near what survives (decision 0057), set once the server listens: collected once
 * it has grown by 30 % (was 50 %: the bench's peak came from full collections that came late, decision 0069).
 */
export const HEAP_GROWING_ONCE_LISTENING = "--heap-growing-percent=30";

/** A refused OWNER_EMAIL (the service's stricter check) stops the start like any configuration error. */
function ownerRefused(error: unknown): never {
  if (error instanceof StoreError) {
    console.error(`Configuration error: OWNER_EMAIL/OWNER_PASSWORD: ${error.message}`);
    process.exit(2);
  }
  throw error;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  const problem = startConfig && startProblem(error, startConfig, stage);
  console.error(problem ? `Cannot start: ${problem}` : error);
  process.exit(1);
});
