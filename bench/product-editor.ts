/**
 * The `product-editor` scenario (issue 19, decision 0047): the owner saves a variable product
 * (PUT through the owner API, its six variations kept by id and repriced each time) and the shop
 * answers the listing after the change: the first `/shop` page and Store API products list after a
 * save (every catalogue cache refilled) and the same again once refilled (steady state). Requests
 * run one at a time, each timed from this process: the figure is what one owner and the next
 * shopper wait, not throughput.
 */
import { ADMIN, ownerApi } from "./owner.ts";

export interface SequentialFigures {
  name: string;
  samples: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

const ROUNDS = Number(process.env.BENCH_EDITOR_ROUNDS ?? 200);
/** Steady-state reads after each save's first: the caches are full from the second on. */
const STEADY_READS = 5;

function figures(name: string, samples: number[]): SequentialFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0).toFixed(2));
  const mean = samples.reduce((sum, s) => sum + s, 0) / samples.length;
  return {
    name,
    samples: samples.length,
    latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), mean: Number(mean.toFixed(2)) },
  };
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  const took = performance.now() - started;
  if (!response.ok) throw new Error(`product-editor: ${response.url} answered ${response.status}`);
  return took;
}

interface Attribute {
  id: number;
  slug: string;
  terms: { id: number; slug: string }[];
}

/** Makes a published variable product (Color × Size, six variations), then saves and reads it `ROUNDS` times. */
export async function productEditorScenario(base: string, token: string): Promise<SequentialFigures[]> {
  const { attributes } = await ownerApi<{ attributes: Attribute[] }>(base, token, "/attributes");
  const color = attributes.find((a) => a.slug === "color");
  const size = attributes.find((a) => a.slug === "size");
  if (!color || !size) throw new Error("product-editor: the demo's Color and Size attributes are missing");
  const combinations = color.terms.flatMap((c) =>
    size.terms.map((s) => [
      { attribute_id: color.id, term_id: c.id },
      { attribute_id: size.id, term_id: s.id },
    ]),
  );
  const body = (round: number, variationIds: number[]) => ({
    type: "variable",
    status: "publish",
    name: "Bench Editor Hoodie",
    slug: "bench-editor-hoodie",
    short_description: "<p>Saved again and again by the bench.</p>",
    attributes: [
      { attribute_id: color.id, term_ids: color.terms.map((t) => t.id), used_for_variations: true },
      { attribute_id: size.id, term_ids: size.terms.map((t) => t.id), used_for_variations: true },
    ],
    variations: combinations.map((chosen, i) => ({
      id: variationIds[i] ?? null,
      attributes: chosen,
      sku: `BENCH-EDITOR-${i}`,
      regular_price: 4000 + 100 * ((round + i) % 5),
      sale_price: i === 0 ? 3500 : null,
      sale_starts_at: i === 0 ? "2020-01-01T00:00:00Z" : null,
      sale_ends_at: i === 0 ? "2099-01-01T00:00:00Z" : null,
      manage_stock: true,
      stock_quantity: 50 + round,
    })),
  });
  const created = await ownerApi<{ id: number; variations: { id: number }[] }>(base, token, "/products", body(0, []));
  const variationIds = created.variations.map((v) => v.id);
  const put = (round: number) =>
    fetch(`${base}${ADMIN}/products/${created.id}`, {
      method: "PUT",
      headers: { "cart-token": token, "content-type": "application/json" },
      body: JSON.stringify(body(round, variationIds)),
    });
  const shopPage = () => fetch(`${base}/shop`);
  const storeList = () => fetch(`${base}/api/store/v1/products?per_page=12`);

  const saves: number[] = [];
  const shopFirst: number[] = [];
  const shopSteady: number[] = [];
  const listFirst: number[] = [];
  const listSteady: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    saves.push(await timed(() => put(round)));
    // The page and the API list share the refilled caches (the listing's rows, the details): only the first read after a save
    // pays the refill, so the rounds take turns at being first.
    if (round % 2) shopFirst.push(await timed(shopPage));
    else listFirst.push(await timed(storeList));
    for (let i = 0; i < STEADY_READS; i++) {
      shopSteady.push(await timed(shopPage));
      listSteady.push(await timed(storeList));
    }
  }
  await fetch(`${base}${ADMIN}/products/${created.id}`, { method: "DELETE", headers: { "cart-token": token } });
  return [
    figures("PUT variable product (6 variations)", saves),
    figures("GET /shop, first after a save", shopFirst),
    figures("GET /shop, steady", shopSteady),
    figures("GET /api/store/v1/products?per_page=12, first after a save", listFirst),
    figures("GET /api/store/v1/products?per_page=12, steady", listSteady),
  ];
}
