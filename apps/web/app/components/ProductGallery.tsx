/**
 * The product page's pictures (decision 0045): the main image, loaded at once with srcset so a
 * phone takes a small file, and the others as small thumbnails loaded lazily, each showing itself
 * as the main image when chosen (a plain link to the picture without JavaScript). A chosen
 * variation's image takes the main place until a thumbnail is chosen.
 */
import type { StoreImage } from "@cartwright/commerce";
import { useEffect, useState } from "react";
import { productMessages } from "../features/product/messages.ts";
import { ProductImage } from "./ProductImage.tsx";

export function ProductGallery({
  images,
  name,
  variationImage,
}: {
  images: StoreImage[];
  name: string;
  variationImage: StoreImage | null;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  // A newly chosen variation's image shows in place of the thumbnail picked before.
  useEffect(() => {
    if (variationImage) setPicked(null);
  }, [variationImage]);
  const main = (picked === null ? variationImage : null) ?? images[picked ?? 0];
  return (
    <>
      <ProductImage image={main} name={name} sizes="(max-width: 700px) 100vw, 50vw" eager />
      {images.length > 1 && (
        <ul className="product__thumbnails" aria-label={productMessages.gallery}>
          {images.map((image, index) => (
            <li key={image.id}>
              <a
                href={image.src}
                className="product__thumbnail"
                aria-label={productMessages.showImage(index + 1, images.length)}
                aria-current={main?.id === image.id ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setPicked(index);
                }}
              >
                <img
                  src={image.thumbnail}
                  srcSet={image.srcset || undefined}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
