/** How the owner knows a product or variation: its name, a variation's options, its SKU and the product its editor opens. */
import type { Db } from "../../db/index.ts";

export interface ProductLabel {
  name: string;
  /** A variation's options in its attributes' order ("Blue, S"); "" for a product of its own. */
  options: string;
  sku: string;
  /** The product whose editor holds it: a variation's parent, else itself. */
  editorId: number;
}

/** The labels of these products and variations, by id (one read of each table). */
export async function productLabels(db: Db, ids: number[]): Promise<Map<number, ProductLabel>> {
  const labels = new Map<number, ProductLabel>();
  if (!ids.length) return labels;
  const unique = [...new Set(ids)];
  const products = await db
    .selectFrom("products as p")
    .leftJoin("products as parent", "parent.id", "p.parent_id")
    .select(["p.id", "p.name", "p.sku", "p.parent_id", "parent.name as parent_name"])
    .where("p.id", "in", unique)
    .execute();
  const options = await db
    .selectFrom("variation_attributes as va")
    .innerJoin("attribute_terms as t", "t.id", "va.term_id")
    .select(["va.variation_id", "t.name"])
    .where("va.variation_id", "in", unique)
    .orderBy("va.variation_id")
    .orderBy("va.attribute_id")
    .execute();
  const byVariation = new Map<number, string[]>();
  for (const row of options) byVariation.set(row.variation_id, [...(byVariation.get(row.variation_id) ?? []), row.name]);
  for (const row of products)
    labels.set(row.id, {
      name: row.parent_name ?? row.name,
      options: (byVariation.get(row.id) ?? []).join(", "),
      sku: row.sku,
      editorId: row.parent_id ?? row.id,
    });
  return labels;
}
