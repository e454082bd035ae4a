/** The Images card as one of the product form's cards (`PRODUCT_CARDS`, decision 0045). */
import type { CardProps } from "../card-parts.tsx";
import { ImagesCard } from "./ImagesCard.tsx";
import { imageMessages } from "./messages.ts";

export function ProductImagesCard({ draft, setDraft }: CardProps) {
  return <ImagesCard images={draft.images} onChange={(images) => setDraft((current) => ({ ...current, images }))} />;
}

/** Its fields' names for the error summary. */
export const imageLabels = () => ({ images: imageMessages.title });
