/** config → database → migrate → seed → listen. The only place that listens. */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { loadSigningSecret, migrateToLatest, openDatabase, seedDemoShop } from "./db/index.ts";
import { deleteExpiredCarts } from "./modules/cart/index.ts";
import { createMailer } from "./modules/emails/index.ts";
import { cancelUnpaidOrders } from "./modules/orders/index.ts";
import { getSettings } from "./modules/settings/index.ts";
import { deleteStaleGuestMeta } from "./modules/visitor/index.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const db = openDatabase(config.database);
  const applied = await migrateToLatest(db);
  const seeded = await seedDemoShop(db);
  const secret = config.secret ?? (await loadSigningSecret(db));
  const mailer = createMailer(config);
  const app = await buildApp({ config: { ...config, secret }, db, web: {}, mailer });
  app.log.info(mailer.via === "smtp" ? { mail: "smtp" } : { mail: "outbox", outbox: mailer.outbox }, "order e-mails");
  app.addHook("onClose", async () => {
    await db.destroy();
  });
  // At start and every five minutes (any process may do it): orders that waited for their payment
  // longer than the shop holds stock are cancelled and their stock returned; carts idle for two
  // days and guests' remembered facts after a month are deleted.
  const sweep = async () => {
    try {
      const { holdStockMinutes } = await getSettings(db);
      const [cancelled, carts, meta] = await Promise.all([
        cancelUnpaidOrders(db, holdStockMinutes),
        deleteExpiredCarts(db, new Date().toISOString()),
        deleteStaleGuestMeta(db),
      ]);
      if (cancelled || carts || meta) app.log.info({ cancelled, carts, meta }, "sweep: unpaid orders cancelled, expired carts deleted");
    } catch (error) {
      app.log.error({ err: error }, "sweep failed");
    }
  };
  const sweeper = setInterval(sweep, 5 * 60 * 1000);
  sweeper.unref();
  app.addHook("onClose", async () => clearInterval(sweeper));
  await sweep();
  if (applied.length) app.log.info({ migrations: applied }, "database migrated");
  if (seeded) app.log.info("demo shop seeded");

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    // Stops accepting, lets requests in flight finish, then closes the database (onClose).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
