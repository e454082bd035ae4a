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
  gone: (id: number) => `Deleted class (#${id})`,
};

/**
 * The options: the empty choice first, then each class; until they arrive, the chosen one by its id. A
 * chosen class the shop no longer has (deleted while the editor was open) stays chosen, named as gone, so
 * the select shows what the save's message beside it is about rather than silently showing none.
 */
function optionsOf(classes: ShippingClass[] | null, chosen: number | null | undefined, empty: string) {
  const known = (classes ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (chosen && !classes?.some((c) => c.id === chosen))
    known.push({ value: String(chosen), label: classes ? texts.gone(chosen) : `#${chosen}` });
  return [{ value: "", label: empty }, ...known];
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
