/**
 * A product's images as the owner writes them (decision 0045): the gallery in order (the first is
 * the main image) with each image's alt text, and the image of each variation. Given, they replace
 * what is saved; left out, what is saved stays. Written in the product's transaction, so its
 * change_log row and the catalogue revision (product_images and media move it) go with them.
 */
import type { OwnerImage, ProductInput } from "@cartwright/commerce/admin";
import type { Db } from "../../db/index.ts";
import { MAX_ALT_LENGTH, type MediaFacts, productImages, setAltTexts, storeImage } from "../media/index.ts";
import { unique } from "./admin-shared.ts";

/** At most this many images in one gallery. */
export const MAX_GALLERY = 30;

export const ownerImage = (media: MediaFacts): OwnerImage => {
  const shown = storeImage(media);
  return { id: media.id, src: shown.src, thumbnail: shown.thumbnail, alt: media.alt, width: media.width, height: media.height };
};

/** A product's gallery and its variations' images, by variation id. */
export async function readGallery(db: Db, productId: number, variationIds: number[]) {
  const rows = await productImages(db, [productId, ...variationIds]);
  const variationImage = new Map<number, number>();
  for (const row of rows)
    if (row.product_id !== productId && !variationImage.has(row.product_id)) variationImage.set(row.product_id, row.id);
  return { images: rows.filter((row) => row.product_id === productId).map(ownerImage), variationImage };
}

/** Every image named must exist (`missing` says which do not), once in the gallery; alt texts within their limit; each beside its field. */
export async function checkGallery(
  missing: (ids: number[]) => Promise<number[]>,
  input: ProductInput,
  errors: Record<string, string>,
): Promise<void> {
  const images = input.images ?? [];
  if (images.length > MAX_GALLERY) errors.images = `A product has at most ${MAX_GALLERY} images.`;
  const seen = new Set<number>();
  for (const [i, image] of images.entries()) {
    if (seen.has(image.id)) errors[`images[${i}].id`] = "This image is in the gallery already.";
    seen.add(image.id);
    if (image.alt !== undefined && image.alt.trim().length > MAX_ALT_LENGTH) {
      errors[`images[${i}].alt`] = `Alt text may be at most ${MAX_ALT_LENGTH} characters.`;
    }
  }
  const variationIds = input.variations.map((v) => v.image_id).filter((id): id is number => typeof id === "number");
  const absent = new Set(await missing(unique([...images.map((image) => image.id), ...variationIds])));
  for (const [i, image] of images.entries()) if (absent.has(image.id)) errors[`images[${i}].id`] = `No image has the id ${image.id}.`;
  for (const [i, variation] of input.variations.entries()) {
    if (typeof variation.image_id === "number" && absent.has(variation.image_id)) {
      errors[`variations[${i}].image_id`] = `No image has the id ${variation.image_id}.`;
    }
  }
}

/**
 * Writes the gallery and the variations' images given; `variationIds` are the saved variations in
 * the order of `product.variations`.
 */
export async function writeGallery(db: Db, productId: number, product: ProductInput, variationIds: number[]): Promise<void> {
  if (product.images) {
    await db.deleteFrom("product_images").where("product_id", "=", productId).execute();
    if (product.images.length) {
      await db
        .insertInto("product_images")
        .values(product.images.map((image, position) => ({ product_id: productId, media_id: image.id, position })))
        .execute();
    }
    await setAltTexts(
      db,
      product.images.flatMap((image) => (image.alt === undefined ? [] : [{ id: image.id, alt: image.alt }])),
    );
  }
  for (const [i, variation] of product.variations.entries()) {
    const variationId = variationIds[i];
    if (variation.image_id === undefined || variationId === undefined) continue;
    await db.deleteFrom("product_images").where("product_id", "=", variationId).execute();
    if (variation.image_id !== null) {
      await db.insertInto("product_images").values({ product_id: variationId, media_id: variation.image_id, position: 0 }).execute();
    }
  }
}
