/**
 * The `products-csv` scenario (issue 19: "CSV import of 10,000 products"; decision 0046): a
 * generated file of BENCH_CSV_PRODUCTS products (10,000 by default; one in ten variable with six
 * variations) is sent to the real server's owner API as a dry run, then imported, then imported
 * again as it is (10,000 products unchanged, nothing written), then with every product renamed
 * (10,000 updates), and the whole catalogue exported. Each call is timed once, as
 * the owner waits for it; each answer is checked (counts, rows) so a fast refusal is no result.
 */
import type { ImportSummary } from "@cartwright/commerce/admin";
import { ADMIN } from "./owner.ts";

export const CSV_PRODUCTS = Number(process.env.BENCH_CSV_PRODUCTS ?? 10_000);

export interface CsvStep {
  name: string;
  ms: number;
  detail: string;
}

const CATEGORIES = [
  "Clothing > Shirts",
  "Clothing > Knitwear",
  "Home & Living > Kitchen",
  "Home & Living > Lamps",
  "Gifts",
  "Art & Books > Prints",
];
const TAGS = ["cotton", "wool", "linen", "handmade", "recycled", "limited"];
const SIZES = ["S", "M", "L"];
const COLOURS = ["Blue", "Red"];

/**
 * The file: a header, then each product (a variable one followed by its variations), in the documented format.
 * `renamed` changes every product's name, and so every row the import writes (a variation's row holds its product's name).
 */
export function productFile(count: number, renamed = false): { text: string; rows: number; variable: number; variations: number } {
  const edition = renamed ? " (renamed)" : "";
  const header = [
    "Type",
    "SKU",
    "Name",
    "Published",
    "Short description",
    "Description",
    "Regular price",
    "Sale price",
    "Stock",
    "Categories",
    "Tags",
    "Parent",
    "Attribute 1 name",
    "Attribute 1 value(s)",
    "Attribute 2 name",
    "Attribute 2 value(s)",
  ];
  const lines = [header.join(",")];
  let variable = 0;
  let variations = 0;
  for (let i = 1; i <= count; i++) {
    const sku = `BENCH-${String(i).padStart(5, "0")}`;
    const price = `${10 + (i % 90)}.${String(i % 100).padStart(2, "0")}`;
    const category = CATEGORIES[i % CATEGORIES.length] as string;
    const tags = `"${TAGS[i % TAGS.length]}, ${TAGS[(i + 2) % TAGS.length]}"`;
    const description = `"<p>Bench product ${i}: a sturdy, everyday piece.</p>\n<p>Made to last, with ""care"" in every seam.</p>"`;
    if (i % 10 === 0) {
      variable++;
      lines.push(
        [
          "variable",
          sku,
          `Bench jumper ${i}${edition}`,
          "1",
          "A jumper",
          description,
          "",
          "",
          "",
          category,
          tags,
          "",
          "Size",
          '"S, M, L"',
          "Color",
          '"Blue, Red"',
        ].join(","),
      );
      for (const size of SIZES) {
        for (const colour of COLOURS) {
          variations++;
          lines.push(
            [
              "variation",
              `${sku}-${size}-${colour}`.toUpperCase(),
              "",
              "",
              "",
              "",
              price,
              "",
              String(i % 40),
              "",
              "",
              sku,
              "Size",
              size,
              "Color",
              colour,
            ].join(","),
          );
        }
      }
    } else {
      const sale = i % 7 === 0 ? `${5 + (i % 5)}.00` : "";
      lines.push(
        [
          "simple",
          sku,
          `Bench mug ${i}${edition}`,
          "1",
          "A mug",
          description,
          price,
          sale,
          i % 3 === 0 ? "" : String(i % 50),
          category,
          tags,
          "",
          "",
          "",
          "",
          "",
        ].join(","),
      );
    }
  }
  return { text: `${lines.join("\r\n")}\r\n`, rows: lines.length - 1, variable, variations };
}

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await call();
  return { ms: Math.round(performance.now() - start), value };
}

/** One import call with the owner's token; anything but 200 stops the bench with the server's answer. */
async function importFile(base: string, token: string, text: string, dryRun: boolean) {
  const response = await fetch(`${base}${ADMIN}/products/import${dryRun ? "?dry_run=1" : ""}`, {
    method: "POST",
    headers: { "cart-token": token, "content-type": "text/csv" },
    body: text,
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`products-csv: the import answered ${response.status}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as ImportSummary;
}

export async function productsCsvSteps(base: string, token: string): Promise<CsvStep[]> {
  const file = productFile(CSV_PRODUCTS);
  const megabytes = (Buffer.byteLength(file.text) / 1024 / 1024).toFixed(1);
  const what = `${CSV_PRODUCTS} products (${file.variable} variable, ${file.variations} variations), ${file.rows} rows, ${megabytes} MB`;
  const steps: CsvStep[] = [];
  const expect = (name: string, ok: boolean, answer: unknown) => {
    if (!ok) throw new Error(`products-csv: ${name} answered ${JSON.stringify(answer)}`);
  };

  const dry = await timed(() => importFile(base, token, file.text, true));
  expect("the dry run", dry.value.created === CSV_PRODUCTS && dry.value.variations_created === file.variations, dry.value);
  steps.push({ name: "dry run", ms: dry.ms, detail: what });

  const created = await timed(() => importFile(base, token, file.text, false));
  expect("the import", created.value.created === CSV_PRODUCTS, created.value);
  steps.push({ name: "import (all new)", ms: created.ms, detail: what });

  const unchanged = await timed(() => importFile(base, token, file.text, false));
  expect(
    "the same file again",
    unchanged.value.unchanged === CSV_PRODUCTS && unchanged.value.variations_unchanged === file.variations && unchanged.value.updated === 0,
    unchanged.value,
  );
  steps.push({ name: "import again (unchanged)", ms: unchanged.ms, detail: what });

  const updated = await timed(() => importFile(base, token, productFile(CSV_PRODUCTS, true).text, false));
  expect(
    "the second import",
    updated.value.updated === CSV_PRODUCTS && updated.value.variations_updated === file.variations,
    updated.value,
  );
  steps.push({ name: "import again (all updates)", ms: updated.ms, detail: what });

  const exported = await timed(async () => {
    const response = await fetch(`${base}${ADMIN}/products/export`, { headers: { "cart-token": token } });
    if (response.status !== 200) throw new Error(`products-csv: the export answered ${response.status}`);
    return response.text();
  });
  // Rows start with their ID; a line break inside a quoted cell here is a bare "\n".
  const exportedRows = (exported.value.match(/\r\n\d+,/g) ?? []).length;
  expect("the export", exportedRows >= file.rows, { rows: exportedRows });
  steps.push({
    name: "export (whole catalogue)",
    ms: exported.ms,
    detail: `${exportedRows} rows, ${(Buffer.byteLength(exported.value) / 1024 / 1024).toFixed(1)} MB`,
  });
  return steps;
}
