import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The seeded demo shop's database the tests' databases are copied from (test/app.ts builds it on first use). */
    postgresTemplate: string;
    /** How PostgreSQL copies it: a file copy where the server has the choice (15 and later), which was fastest here. */
    postgresCopyStrategy: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await startPostgres();
  // Named per run: a server given by TEST_DATABASE_URL may hold another run's template, of other migrations.
  const template = `cw_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  const version = Number((await admin.query("show server_version_num")).rows[0].server_version_num);
  await admin.end();
  project.provide("postgresUrl", postgres.url);
  project.provide("postgresTemplate", template);
  project.provide("postgresCopyStrategy", version >= 150000 ? " strategy file_copy" : "");
  return async () => {
    try {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query(`drop database if exists ${template} with (force)`);
      await client.query(`drop database if exists ${template}_building with (force)`);
      await client.end();
    } finally {
      postgres.stop();
    }
  };
}
