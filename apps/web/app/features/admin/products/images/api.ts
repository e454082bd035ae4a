/** The owner API's media calls (decision 0045) through the console's client. */
import type { MediaList, OwnerImage, OwnerMedia, ProductImageInput } from "@cartwright/commerce/admin";
import { adminClient } from "../../api.ts";

export type { MediaList, OwnerImage, OwnerMedia, ProductImageInput };

export const mediaApi = {
  /** One image and its alt text, as multipart: the server checks and resizes it. */
  upload: (file: File, alt = "") => {
    const form = new FormData();
    form.append("alt", alt);
    form.append("file", file);
    return adminClient().admin<OwnerMedia>("/media", { method: "POST", body: form });
  },
  list: (query: { search?: string; page?: number }) => adminClient().admin<MediaList>("/media", { query }),
  setAlt: (id: number, alt: string) => adminClient().admin<OwnerMedia>(`/media/${id}`, { method: "PATCH", body: { alt } }),
  remove: (id: number) => adminClient().admin<void>(`/media/${id}`, { method: "DELETE" }),
};

/** An image of the gallery as the form holds it: what is sent (id, alt), and what is shown when known. */
export type GalleryImage = ProductImageInput & Partial<Pick<OwnerImage, "thumbnail" | "width" | "height">>;

/** Moves the item at `from` to `to` (both in range), the others keeping their order. Pure. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The gallery as the owner API takes it: id and alt only (what is shown stays in the form). */
export const galleryInput = (images: readonly GalleryImage[]): ProductImageInput[] => images.map(({ id, alt }) => ({ id, alt: alt ?? "" }));

/** The gallery as the form holds it, from a saved product's images (or an input's ids and alt texts). */
export const galleryOf = (images: readonly (ProductImageInput | OwnerImage)[]): GalleryImage[] =>
  images.map((image) =>
    "thumbnail" in image
      ? { id: image.id, alt: image.alt, thumbnail: image.thumbnail, width: image.width, height: image.height }
      : { id: image.id, alt: image.alt ?? "" },
  );
