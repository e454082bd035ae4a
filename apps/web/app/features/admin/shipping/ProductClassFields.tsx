/**
 * A product's shipping class in the product editor (decision 0106): a field of the Shipping card,
 * and each variation's ("Same as parent" or a class of its own). The classes come from the
 * catalogue's `GET /products/shipping-classes`, which a manager may read too.
 */
import { SelectField } from "../components/fields.tsx";
import { useLoadedOnce } from "../components/use-loaded-once.ts";
import { productShippingClasses, type ShippingClass } from "./api.ts";

const texts = {
  label: "Shipping class",
  hint: "Flat rates may charge a class its own cost (Shipping, Shipping classes).",
  none: "No shipping class",
  parent: "Same as parent",
};

/** The options: the empty choice first, then each class; until they arrive, the chosen one by its id. */
function optionsOf(classes: ShippingClass[] | null, chosen: number | null | undefined, empty: string) {
  const known = classes ?? (chosen ? [{ id: chosen, name: `#${chosen}`, slug: "", description: "", count: 0 }] : []);
  return [{ value: "", label: empty }, ...known.map((c) => ({ value: String(c.id), label: c.name }))];
}

const toId = (value: string) => (value ? Number(value) : null);

/** The product's class: none, or one of the shop's. */
export function ProductShippingClassField({ value, onChange }: { value: number | null | undefined; onChange(id: number | null): void }) {
  const classes = useLoadedOnce(productShippingClasses);
  return (
    <SelectField
      path="shipping_class_id"
      label={texts.label}
      hint={texts.hint}
      value={value ? String(value) : ""}
      options={optionsOf(classes, value, texts.none)}
      onChange={(next) => onChange(toId(next))}
    />
  );
}

/** A variation's class: its product's, or one of its own. */
export function VariationShippingClassField({
  path,
  value,
  onChange,
}: {
  path: string;
  value: number | null | undefined;
  onChange(id: number | null): void;
}) {
  const classes = useLoadedOnce(productShippingClasses);
  return (
    <SelectField
      path={path}
      label={texts.label}
      value={value ? String(value) : ""}
      options={optionsOf(classes, value, texts.parent)}
      onChange={(next) => onChange(toId(next))}
    />
  );
}

export const shippingClassLabel = texts.label;
