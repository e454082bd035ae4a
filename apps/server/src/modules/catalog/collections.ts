/** The product collections extensions register (decision 0087): checked once, found by their address segment. */
import { collectionSlug, hasCollectionNameForm, type ProductCollection, productCollectionProblem } from "@cartwright/commerce";

const registered = new Map<string, ProductCollection>();

/** Registers one collection; a bad one throws its sentence, a name of another form than the spec's is kept with `warn`'s line. */
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
  if (!hasCollectionNameForm(collection.name))
    warn(
      `Product collection '${collection.name}' should be named '<plugin-name>/product-collection/<collection-name>'; it is shown at /collection/${slug}.`,
    );
  registered.set(slug, collection);
  return () => {
    if (registered.get(slug) === collection) registered.delete(slug);
  };
}

/** The collection shown at /collection/{slug}, if any. */
export const findProductCollection = (slug: string): ProductCollection | null => registered.get(slug) ?? null;
