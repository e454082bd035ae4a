/** The variations card (decision 0043): each variation's SKU, price and stock. */
import { CheckboxField, SelectField, TextField } from "../components/fields.tsx";
import { type CardProps, options } from "./card-parts.tsx";
import { productMessages as t } from "./messages.ts";
import type { VariationDraft } from "./model.ts";

export function VariationsCard({ draft, setDraft, currency, choices }: CardProps) {
  const code = currency.currency_code;
  const setVariation = (index: number, change: Partial<VariationDraft>) =>
    setDraft((current) => ({ ...current, variations: current.variations.map((v, i) => (i === index ? { ...v, ...change } : v)) }));
  const termName = (termId: number) =>
    choices.attributes.flatMap((a) => a.terms).find((term) => term.id === termId)?.name ?? String(termId);
  return (
    <section className="admin-card" aria-labelledby="product-variations">
      <h2 id="product-variations">{t.variations}</h2>
      <p className="admin-muted">{t.variationsHint}</p>
      {draft.variations.length === 0 && <p className="admin-empty">{t.noVariations}</p>}
      {draft.variations.map((variation, i) => {
        const name = variation.attributes.map((a) => termName(a.term_id)).join(" / ") || `${t.variation} ${i + 1}`;
        const path = (field: string) => `variations[${i}].${field}`;
        return (
          <fieldset key={variation.id ?? `new-${i}`} className="admin-fieldset">
            <legend>{name}</legend>
            <TextField path={path("sku")} label={`${t.sku}, ${name}`} value={variation.sku} onChange={(v) => setVariation(i, { sku: v })} />
            <TextField
              path={path("regular_price")}
              label={`${t.regularPrice(code)}, ${name}`}
              value={variation.regular_price}
              onChange={(v) => setVariation(i, { regular_price: v })}
            />
            <TextField
              path={path("sale_price")}
              label={`${t.salePrice(code)}, ${name}`}
              value={variation.sale_price}
              onChange={(v) => setVariation(i, { sale_price: v })}
            />
            <CheckboxField
              path={path("manage_stock")}
              label={`${t.manageStock}, ${name}`}
              value={variation.manage_stock}
              onChange={(v) => setVariation(i, { manage_stock: v })}
            />
            {variation.manage_stock ? (
              <TextField
                path={path("stock_quantity")}
                label={`${t.stockQuantity}, ${name}`}
                value={variation.stock_quantity}
                onChange={(v) => setVariation(i, { stock_quantity: v })}
              />
            ) : (
              <SelectField
                path={path("stock_status")}
                label={`${t.stockStatus}, ${name}`}
                value={variation.stock_status}
                options={options(t.stockStatuses)}
                onChange={(v) => setVariation(i, { stock_status: v as VariationDraft["stock_status"] })}
              />
            )}
          </fieldset>
        );
      })}
    </section>
  );
}
