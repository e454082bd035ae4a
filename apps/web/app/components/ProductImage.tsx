/** A product picture, or a neutral placeholder when the product has none. */
import type { StoreImage } from "@cartwright/commerce";

interface ProductImageProps {
  image: StoreImage | undefined;
  name: string;
  sizes?: string;
  eager?: boolean;
}

export function ProductImage({ image, name, sizes, eager = false }: ProductImageProps) {
  if (!image) return <span className="product-image product-image--placeholder" role="img" aria-label={name} />;
  return (
    <img
      className="product-image"
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? (sizes ?? image.sizes) : undefined}
      alt={image.alt || name}
      width={600}
      height={600}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
