/** The product CSV in the console (decision 0046): the export's address, the import's call, and their texts. */
import type { ImportProblem, ImportRefusal, ImportSummary } from "@cartwright/commerce/admin";
import { ADMIN_API, AdminApiError, type AdminClient, adminClient } from "../api.ts";
import type { ProductQuery } from "./api.ts";

export type { ImportProblem, ImportSummary } from "@cartwright/commerce/admin";

/** The export of what the list shows: its search and filters, every page. */
export function productsCsvUrl(query: Pick<ProductQuery, "search" | "status" | "type" | "stock_status" | "category">): string {
  const params = new URLSearchParams();
  for (const key of ["search", "status", "type", "stock_status", "category"] as const) if (query[key]) params.set(key, query[key]);
  const text = params.toString();
  return `${ADMIN_API}/products/export${text ? `?${text}` : ""}`;
}

export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; problems: ImportProblem[]; total: number; message: string };

/** Sends the file as a form; a refused file's problems come back as an outcome, any other failure is thrown. */
export async function importProductsFile(file: File, dryRun: boolean, client: AdminClient = adminClient()): Promise<ImportOutcome> {
  const form = new FormData();
  form.append("file", file);
  try {
    const summary = await client.admin<ImportSummary>("/products/import", {
      method: "POST",
      body: form,
      query: dryRun ? { dry_run: 1 } : {},
    });
    return { ok: true, summary };
  } catch (error) {
    if (error instanceof AdminApiError && error.code === "cw_rest_import_invalid") {
      const data = error.data as unknown as ImportRefusal;
      return { ok: false, problems: data.problems ?? [], total: data.total ?? 0, message: error.message };
    }
    throw error;
  }
}

/** A file whose every row matches the shop: it adds and changes nothing (the new categories and terms it could make come with new or changed rows). */
export const changesNothing = (summary: ImportSummary): boolean =>
  summary.created === 0 && summary.updated === 0 && summary.variations_created === 0 && summary.variations_updated === 0;

export const csvMessages = {
  exportCsv: "Export CSV",
  exportHint: (filtered: boolean) =>
    filtered ? "Export CSV writes the products these filters find, drafts included." : "Export CSV writes every product, drafts included.",
  importCsv: "Import CSV",
  title: "Import products",
  intro:
    "Bring products in from one CSV file: rows with an ID or a SKU the shop has change those products, the others are added. " +
    "Check the file first: nothing is written until you import it, and nothing at all if a row has a problem.",
  formatNote: "The columns and how each cell is read are described in docs/product-csv.md; a file exported here is a complete example.",
  file: "CSV file",
  fileHint: "UTF-8, with a comma, semicolon or tab between cells; at most 32 MB.",
  noFile: "Choose a CSV file first.",
  check: "Check file",
  checking: "Checking the file…",
  importNow: "Import",
  importing: "Importing…",
  checkedTitle: "What the import will do",
  doneTitle: "Imported",
  created: (n: number) => `${n} new product${n === 1 ? "" : "s"}`,
  updated: (n: number) => `${n} changed product${n === 1 ? "" : "s"}`,
  // Rows equal to the product as the shop holds it: never written.
  unchanged: (n: number) => `${n} unchanged product${n === 1 ? "" : "s"}`,
  variations: (created: number, updated: number, unchanged: number) =>
    `${created} new variation${created === 1 ? "" : "s"}, ${updated} changed, ${unchanged} unchanged`,
  nothingChanges: "Every row matches the shop's products: importing this file changes nothing.",
  newCategories: "New categories",
  newTags: "New tags",
  newAttributes: "New attributes",
  newTerms: "New attribute values",
  ignored: "Columns not read",
  problemsTitle: (total: number) => `${total} problem${total === 1 ? "" : "s"} in the file: nothing was imported`,
  problemsMore: (shown: number, total: number) => `The first ${shown} of ${total} are listed; fix them and check again.`,
  line: "Line",
  column: "Column",
  problem: "Problem",
  wholeRow: "(the row)",
  checkedAnnounce: "File checked: ready to import.",
  refusedAnnounce: (total: number) => `The file has ${total} problem${total === 1 ? "" : "s"}.`,
  doneAnnounce: (created: number, updated: number, unchanged: number) =>
    `Imported: ${created} new, ${updated} changed, ${unchanged} unchanged.`,
  backToProducts: "Back to products",
  failed: "The file could not be sent. Try again.",
};
