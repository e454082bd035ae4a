/** The product collections extensions register (decision 0087): checked once, found by their address segment. */
import { collectionSlug, type ProductCollection, productCollectionProblem, productCollectionWarnings } from "@cartwright/commerce";

const registered = new Map<string, ProductCollection>();

/** Registers one collection; a bad one throws its sentence, what it does otherwise than expected (a name of another form, relatedBy) is said through `warn`. */
export function registerProductCollection(collection: ProductCollection, warn: (message: string) => void): () => void {
  const problem = productCollectionProblem(collection);
  if (problem) throw new Error(problem);
  const slug = collectionSlug(collection.name);
  const taken = registered.get(slug);
  // Two collections at one address would hide one of them.
  if (taken)
    throw new Error(
      taken.name === collection.name
        ? `Product collection '${collection.name}' is registered twice.`
        : `Product collections '${taken.name}' and '${collection.name}' would share the address /collection/${slug}.`,
    );
  for (const warning of productCollectionWarnings(collection)) warn(warning);
  registered.set(slug, collection);
  return () => {
    if (registered.get(slug) === collection) registered.delete(slug);
  };
}

/** The address segments of every registered collection. */
export const registeredCollectionSlugs = (): string[] => [...registered.keys()];

/** The collections drawn on every product page (placement "product"), in the order registered. */
export const productPageCollections = (): ProductCollection[] => [...registered.values()].filter((c) => c.placement === "product");

/** The collection shown at /collection/{slug}, if any. */
export const findProductCollection = (slug: string): ProductCollection | null => registered.get(slug) ?? null;
