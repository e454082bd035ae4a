/**
 * The image a variation shows when a shopper chooses it (decision 0045): one of the product's
 * gallery images, or the product's own main image. A native select with a preview of the choice,
 * its server message beside it (`variations.i.image_id`).
 *
 * In a variation row: `<VariationImage index={i} name={name} gallery={draft.images ?? []}
 * value={variation.image_id ?? null} onChange={(image_id) => setVariation(i, { image_id })} />`
 */

import { SelectField } from "../../components/fields.tsx";
import type { GalleryImage } from "./api.ts";
import { imageMessages as t } from "./messages.ts";

interface Props {
  /** The variation's place in the product's list, for its field path. */
  index: number;
  /** The variation's name as its row shows it ("Blue / S"). */
  name: string;
  gallery: readonly GalleryImage[];
  value: number | null;
  onChange(imageId: number | null): void;
}

export function VariationImage({ index, name, gallery, value, onChange }: Props) {
  const chosen = gallery.find((image) => image.id === value);
  const options = [
    { value: "", label: t.productImage },
    ...gallery.map((image, i) => ({
      value: String(image.id),
      label: `${t.imageLabel(i + 1, gallery.length)}${image.alt ? `: ${image.alt}` : ""}`,
    })),
  ];
  // A variation may name an image no longer in the gallery: it stays listed until changed.
  if (value !== null && !chosen) options.push({ value: String(value), label: `#${value}` });
  return (
    <div className="admin-variation-image">
      {chosen?.thumbnail && <img src={chosen.thumbnail} alt="" width={48} height={48} />}
      <SelectField
        path={`variations.${index}.image_id`}
        label={t.variationImage(name)}
        hint={gallery.length ? undefined : t.noGallery}
        value={value === null ? "" : String(value)}
        options={options}
        onChange={(v) => onChange(v ? Number(v) : null)}
      />
    </div>
  );
}
