/** The product CSV's calls for tests (decision 0046): a file sent as the console or an API client sends it, and the catalogue read back. */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Db } from "../apps/server/src/db/index.ts";
import { ADMIN, adminCall } from "./owner-client.ts";
import type { StoreClient } from "./store-client.ts";

/** The signed-in client's nonce, as the owner API hands it on every reply. */
export async function nonceOf(app: FastifyInstance, client: StoreClient): Promise<string> {
  const { cookie } = client.credentials();
  const reply = await app.inject({ method: "GET", url: `${ADMIN}/products?per_page=1`, headers: { cookie: cookie ?? "" } });
  return String(reply.headers.nonce);
}

export function exportProductCsv(client: StoreClient, query = ""): Promise<LightMyRequestResponse> {
  return adminCall(client, "GET", `/products/export${query}`);
}

/** Sends a file as text/csv (or as a multipart form's file), with the client's cookie and nonce. */
export async function importProductCsv(
  app: FastifyInstance,
  client: StoreClient,
  text: string | Buffer,
  options: { dryRun?: boolean; multipart?: boolean; nonce?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const { cookie } = client.credentials();
  const headers: Record<string, string> = { cookie: cookie ?? "" };
  if (options.nonce !== false) headers.nonce = await nonceOf(app, client);
  let payload: string | Buffer = text;
  if (options.multipart) {
    const boundary = "----cartwright-test-boundary";
    headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
    payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  } else headers["content-type"] = "text/csv";
  return app.inject({ method: "POST", url: `${ADMIN}/products/import${options.dryRun ? "?dry_run=1" : ""}`, headers, payload });
}

/** A CSV file from rows of cells (quoted where needed). */
export const csvFile = (rows: string[][]) =>
  `${rows.map((row) => row.map((cell) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",")).join("\r\n")}\r\n`;

/** When each product and variation was last written (its date_modified), by id. */
export async function datesModified(db: Db): Promise<[number, string][]> {
  const rows = await db.selectFrom("products").select(["id", "updated_at"]).orderBy("id").execute();
  return rows.map((r) => [Number(r.id), r.updated_at]);
}
