import { describe, expect, it } from "vitest";
import { AdminApiError, AdminClient } from "../api.ts";
import { changesNothing, csvMessages, type ImportSummary, importProductsFile, productsCsvUrl } from "./csv.ts";

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

describe("the import's summary", () => {
  const summary: ImportSummary = {
    dry_run: true,
    rows: 9,
    created: 0,
    updated: 0,
    unchanged: 3,
    variations_created: 0,
    variations_updated: 0,
    variations_unchanged: 6,
    new_categories: [],
    new_brands: [],
    new_tags: [],
    new_attributes: [],
    new_terms: [],
    ignored_columns: [],
    created_ids: [],
    updated_ids: [],
  };

  it("says a file changes nothing only when no product or variation is new or changed", () => {
    expect(changesNothing(summary)).toBe(true);
    for (const count of ["created", "updated", "variations_created", "variations_updated"] as const) {
      expect(changesNothing({ ...summary, [count]: 1 }), count).toBe(false);
    }
  });

  it("counts changed and unchanged products and variations apart", () => {
    expect(csvMessages.updated(1)).toBe("1 changed product");
    expect(csvMessages.unchanged(3)).toBe("3 unchanged products");
    expect(csvMessages.variations(0, 1, 5)).toBe("0 new variations, 1 changed, 5 unchanged");
    expect(csvMessages.doneAnnounce(0, 1, 3)).toBe("Imported: 0 new, 1 changed, 3 unchanged.");
  });
});
