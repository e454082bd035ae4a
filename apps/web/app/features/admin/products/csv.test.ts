import { describe, expect, it } from "vitest";
import { AdminApiError, AdminClient } from "../api.ts";
import { importProductsFile, productsCsvUrl } from "./csv.ts";

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("productsCsvUrl", () => {
  it("exports what the list shows: its search and filters, no page", () => {
    expect(productsCsvUrl({ search: "mug", status: "draft", type: "", stock_status: "instock", category: "4" })).toBe(
      "/api/admin/v1/products/export?search=mug&status=draft&stock_status=instock&category=4",
    );
    expect(productsCsvUrl({ search: "", status: "", type: "", stock_status: "", category: "" })).toBe("/api/admin/v1/products/export");
  });
});

describe("importProductsFile", () => {
  const file = new File(["Name\r\nMug\r\n"], "catalogue.csv", { type: "text/csv" });

  it("sends the file as a form with the nonce, a dry run asked in the query", async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const client = new AdminClient(async (url, init) => {
      calls.push({ url, init });
      return answer(200, { dry_run: true, created: 1, updated: 0 });
    }, "nonce-1");
    const outcome = await importProductsFile(file, true, client);
    expect(outcome).toEqual({ ok: true, summary: { dry_run: true, created: 1, updated: 0 } });
    expect(calls[0]?.url).toBe("/api/admin/v1/products/import?dry_run=1");
    const init = calls[0]?.init ?? {};
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe("POST");
    expect(headers.nonce).toBe("nonce-1");
    // The browser writes the multipart type with its boundary: the client must not set one.
    expect(headers["content-type"]).toBeUndefined();
    expect((init.body as FormData).get("file")).toBeInstanceOf(File);
  });

  it("hands back a refused file's problems, and throws any other failure", async () => {
    const problems = [{ line: 4, column: "Regular price", message: "Ambiguous." }];
    const refused = new AdminClient(async () =>
      answer(400, { code: "cw_rest_import_invalid", message: "A row…", data: { dry_run: false, problems, total: 1 } }),
    );
    expect(await importProductsFile(file, false, refused)).toEqual({ ok: false, problems, total: 1, message: "A row…" });
    const failing = new AdminClient(async () => answer(413, { code: "cw_rest_import_too_large", message: "Too large." }));
    await expect(importProductsFile(file, false, failing)).rejects.toBeInstanceOf(AdminApiError);
  });
});
