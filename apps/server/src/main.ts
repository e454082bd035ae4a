/** config → database → migrate → seed → listen. The only place that listens. */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { migrateToLatest, openDatabase, seedDemoShop } from "./db/index.ts";

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
  const app = await buildApp({ config, db, web: {} });
  app.addHook("onClose", async () => {
    await db.destroy();
  });
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
