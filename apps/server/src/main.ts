/** config → database → migrate → seed → listen. The only place that listens. */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { loadSigningSecret, migrateToLatest, openDatabase, seedDemoShop } from "./db/index.ts";
import { deleteExpiredCarts } from "./modules/cart/index.ts";
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
  const app = await buildApp({ config: { ...config, secret }, db, web: {} });
  app.addHook("onClose", async () => {
    await db.destroy();
  });
  // Carts idle for two days (and guests' remembered facts after a month) are deleted at start
  // and every hour after (any process may do it).
  const sweep = () =>
    Promise.all([deleteExpiredCarts(db, new Date().toISOString()), deleteStaleGuestMeta(db)]).then(
      ([carts, meta]) => (carts || meta) && app.log.info({ carts, meta }, "expired carts and guest facts deleted"),
      (error: unknown) => app.log.error({ err: error }, "expired cart sweep failed"),
    );
  const sweeper = setInterval(sweep, 60 * 60 * 1000);
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
