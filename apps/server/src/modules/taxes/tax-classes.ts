/**
 * Tax classes as the owner API names them (decision 0044): the standard class is stored as ''
 * and always there, so the API calls it "standard"; a variation's "parent" takes its parent's
 * class. Shared by the taxes API and the product editor's fields (catalog's products.admin.ts).
 */
import type { Db } from "../../db/index.ts";

/** The owner API's name of the standard class ('' where it is stored). */
export const STANDARD = "standard";
/** A variation's class when it takes its parent's. */
export const PARENT = "parent";

export type TaxStatus = "taxable" | "shipping" | "none";

export interface TaxClass {
  slug: string;
  name: string;
}

export const toApiClass = (stored: string): string => (stored === "" ? STANDARD : stored);
export const toStoredClass = (slug: string): string => (slug === STANDARD ? "" : slug);

/** Every class in the owner's order, the standard one first. */
export async function listTaxClasses(db: Db): Promise<TaxClass[]> {
  const rows = await db.selectFrom("tax_classes").select(["slug", "name"]).orderBy("sort_order").orderBy("slug").execute();
  return [{ slug: STANDARD, name: "Standard rate" }, ...rows];
}

/** The owner's classes' stored slugs in their order: pricing picks shipping's class among several by it. */
export async function loadTaxClassOrder(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("tax_classes").select("slug").orderBy("sort_order").orderBy("slug").execute();
  return rows.map((row) => row.slug);
}

/** A product's (and its variations') tax fields as the owner writes them. */
export interface ProductTaxInput {
  tax_class?: string;
  variations: { tax_class?: string }[];
}

/** Checks the classes a product names against the shop's (`known` slugs), each error beside its field (`tax_class`, `variations[2].tax_class`). */
export function checkProductTax(known: ReadonlySet<string>, input: ProductTaxInput, errors: Record<string, string>): void {
  const problem = (slug: string) => `There is no tax class "${slug}": choose one of ${[...known].join(", ")}.`;
  const own = input.tax_class ?? STANDARD;
  if (!known.has(own)) errors.tax_class = problem(own);
  for (const [i, { tax_class: slug = PARENT }] of input.variations.entries()) {
    if (slug !== PARENT && !known.has(slug)) errors[`variations[${i}].tax_class`] = problem(slug);
  }
}
