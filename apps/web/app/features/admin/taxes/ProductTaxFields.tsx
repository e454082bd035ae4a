/**
 * A product's tax status and class in the product editor (decision 0044): the Tax card, one line
 * of the form's PRODUCT_CARDS, and each variation's class. The classes come from the catalogue's
 * `GET /products/tax-classes`, which a manager may read too.
 */
import { SelectField } from "../components/fields.tsx";
import { useLoadedOnce } from "../components/use-loaded-once.ts";
import type { CardProps } from "../products/card-parts.tsx";
import type { TaxClass } from "./api.ts";
import { productTaxClasses } from "./class-list.ts";
import { taxesMessages as t } from "./messages.ts";

export type ProductTaxStatus = "taxable" | "shipping" | "none";

export interface ProductTax {
  tax_status: ProductTaxStatus;
  tax_class: string;
}

const STATUSES: ProductTaxStatus[] = ["taxable", "shipping", "none"];

/** The shop's classes; until they arrive only the chosen one is offered. */
function useTaxClasses(chosen: string): TaxClass[] {
  return useLoadedOnce(productTaxClasses) ?? [{ slug: chosen, name: chosen }];
}

/** The product form's Tax card (one line of PRODUCT_CARDS, decision 0047): the product's status and class. */
export function TaxCard({ draft, setDraft }: Pick<CardProps, "draft" | "setDraft">) {
  const value = { tax_status: draft.tax_status ?? "taxable", tax_class: draft.tax_class ?? "standard" };
  const classes = useTaxClasses(value.tax_class);
  const change = (next: Partial<ProductTax>) => setDraft((current) => ({ ...current, ...next }));
  return (
    <fieldset className="admin-card admin-fieldset">
      <legend>{t.taxLegend}</legend>
      <SelectField
        path="tax_status"
        label={t.taxStatus}
        hint={t.statusHint}
        value={value.tax_status}
        onChange={(status) => change({ tax_status: status as ProductTaxStatus })}
        options={STATUSES.map((status) => ({ value: status, label: t.statuses[status] ?? status }))}
      />
      <SelectField
        path="tax_class"
        label={t.taxClass}
        value={value.tax_class}
        onChange={(slug) => change({ tax_class: slug })}
        options={classes.map((c) => ({ value: c.slug, label: c.name }))}
      />
    </fieldset>
  );
}

/** The error summary's names of the card's fields. */
export const taxLabels = (): Record<string, string> => ({ tax_status: t.taxStatus, tax_class: t.taxClass });

/** A variation's class: its product's, or one of its own. */
export function VariationTaxClassField({
  path,
  label,
  value,
  onChange,
}: {
  path: string;
  /** The field's label with the variation's name, as the form's other variation fields. */
  label: string;
  value: string;
  onChange(slug: string): void;
}) {
  const classes = useTaxClasses(value);
  return (
    <SelectField
      path={path}
      label={label}
      value={value}
      onChange={onChange}
      options={[
        { value: "parent", label: t.parentClass },
        ...classes.filter((c) => c.slug !== "parent").map((c) => ({ value: c.slug, label: c.name })),
      ]}
    />
  );
}
