/**
 * The variations card (decision 0043, 0047): generate the variations the attributes make, then each
 * one in a compact row (its terms, SKU, prices and sale days, stock, weight), removed one by one or
 * priced and stocked all at once.
 */
import { useState } from "react";
import { CheckboxField, FieldErrorsContext, FieldFrame, SelectField, TextField } from "../components/fields.tsx";
import { VariationShippingClassField } from "../shipping/ProductClassFields.tsx";
import { taxesMessages } from "../taxes/messages.ts";
import { VariationTaxClassField } from "../taxes/ProductTaxFields.tsx";
import { CardError } from "./AttributesCard.tsx";
import { type CardProps, options } from "./card-parts.tsx";
import { VariationImage } from "./images/VariationImage.tsx";
import { productMessages as t } from "./messages.ts";
import { type BulkField, bulkSetVariations, bulkValueProblem, type VariationDraft } from "./model.ts";

const BULK_FIELDS: BulkField[] = ["regular_price", "sale_price", "stock_quantity"];

export function VariationsCard({ draft, setDraft, currency, choices, generate, busy }: CardProps) {
  const code = currency.currency_code;
  const [bulkField, setBulkField] = useState<BulkField>("regular_price");
  const [bulkValue, setBulkValue] = useState("");
  // A value that is no amount or whole number is told here, not copied into every variation to be refused at save.
  const [bulkError, setBulkError] = useState("");
  const varying = draft.attributes.filter((a) => a.used_for_variations);
  const attributeName = (id: number) => choices.attributes.find((a) => a.id === id)?.name ?? `#${id}`;
  const termName = (termId: number) =>
    choices.attributes.flatMap((a) => a.terms).find((term) => term.id === termId)?.name ?? String(termId);
  const setVariation = (index: number, change: Partial<VariationDraft>) =>
    setDraft((current) => ({ ...current, variations: current.variations.map((v, i) => (i === index ? { ...v, ...change } : v)) }));
  const bulkLabels: Record<BulkField, string> = {
    regular_price: t.regularPrice(code),
    sale_price: t.salePrice(code),
    stock_quantity: t.stockQuantity,
  };

  return (
    <section className="admin-card" aria-labelledby="product-variations">
      <h2 id="product-variations">{t.variations}</h2>
      <p className="admin-muted">{t.variationsHint}</p>
      <CardError path="variations" />
      <div className="admin-actions">
        {/* aria-disabled while the product saves, not disabled: a disabled button would drop the keyboard's focus to the page. */}
        <button
          type="button"
          className="button admin-button--small"
          disabled={!generate}
          aria-disabled={busy}
          onClick={() => {
            // A second press while the first works sends nothing.
            if (!busy) generate?.();
          }}
        >
          {t.generate}
        </button>
        <span className="admin-muted">{t.generateHint}</span>
      </div>
      {draft.variations.length === 0 && <p className="admin-empty">{t.noVariations}</p>}

      {draft.variations.length > 1 && (
        <fieldset className="admin-fieldset admin-variations__bulk">
          <legend>{t.bulkTitle}</legend>
          <FieldErrorsContext.Provider value={bulkError ? { bulk_value: bulkError } : {}}>
            <SelectField
              path="bulk_field"
              label={t.bulkField}
              value={bulkField}
              options={BULK_FIELDS.map((value) => ({ value, label: bulkLabels[value] }))}
              onChange={(value) => {
                setBulkField(value as BulkField);
                setBulkError("");
              }}
            />
            <TextField
              path="bulk_value"
              label={t.bulkValue}
              hint={t.bulkValueHint}
              value={bulkValue}
              onChange={(value) => {
                setBulkValue(value);
                setBulkError("");
              }}
            />
          </FieldErrorsContext.Provider>
          <button
            type="button"
            className="button admin-button--small"
            onClick={() => {
              const problem = bulkValueProblem(bulkField, bulkValue, currency);
              setBulkError(problem ?? "");
              if (!problem)
                setDraft((current) => ({ ...current, variations: bulkSetVariations(current.variations, bulkField, bulkValue) }));
            }}
          >
            {t.bulkApply}
          </button>
        </fieldset>
      )}

      <ol className="admin-variations">
        {draft.variations.map((variation, i) => {
          const name = variation.attributes.map((a) => termName(a.term_id)).join(" / ") || `${t.variation} ${i + 1}`;
          const path = (field: string) => `variations.${i}.${field}`;
          return (
            <li key={variation.id ?? `new-${i}`}>
              <fieldset className="admin-fieldset admin-variation">
                <legend>{name}</legend>
                <div className="admin-variation__grid">
                  {varying.map((attribute, k) => {
                    const chosen = variation.attributes.find((a) => a.attribute_id === attribute.attribute_id);
                    const terms = choices.attributes.find((a) => a.id === attribute.attribute_id)?.terms ?? [];
                    const offered = terms.filter((term) => attribute.term_ids.includes(term.id));
                    // The server names the whole choice (`variations.2.attributes`): its message goes beside the first term.
                    const termPath = k === 0 ? path("attributes") : path(`attributes.${attribute.attribute_id}`);
                    return (
                      <FieldFrame key={attribute.attribute_id} path={termPath} label={attributeName(attribute.attribute_id)}>
                        {(aria) => (
                          <select
                            {...aria}
                            value={chosen ? String(chosen.term_id) : ""}
                            onChange={(event) => {
                              const term_id = Number(event.target.value);
                              const others = variation.attributes.filter((a) => a.attribute_id !== attribute.attribute_id);
                              const next = [...others, { attribute_id: attribute.attribute_id, term_id }];
                              // In the product's attribute order, as the server keeps them.
                              next.sort(
                                (a, b) =>
                                  varying.findIndex((v) => v.attribute_id === a.attribute_id) -
                                  varying.findIndex((v) => v.attribute_id === b.attribute_id),
                              );
                              setVariation(i, { attributes: next });
                            }}
                          >
                            {!chosen && <option value="">{t.chooseTerm}</option>}
                            {offered.map((term) => (
                              <option key={term.id} value={term.id}>
                                {term.name}
                              </option>
                            ))}
                          </select>
                        )}
                      </FieldFrame>
                    );
                  })}
                  <TextField path={path("sku")} label={t.sku} value={variation.sku} onChange={(v) => setVariation(i, { sku: v })} />
                  <TextField
                    path={path("regular_price")}
                    label={t.regularPrice(code)}
                    value={variation.regular_price}
                    onChange={(v) => setVariation(i, { regular_price: v })}
                  />
                  <TextField
                    path={path("sale_price")}
                    label={t.salePrice(code)}
                    value={variation.sale_price}
                    onChange={(v) => setVariation(i, { sale_price: v })}
                  />
                  <TextField
                    path={path("sale_starts_at")}
                    type="date"
                    label={t.saleStarts}
                    value={variation.sale_starts_at}
                    onChange={(v) => setVariation(i, { sale_starts_at: v })}
                  />
                  <TextField
                    path={path("sale_ends_at")}
                    type="date"
                    label={t.saleEnds}
                    value={variation.sale_ends_at}
                    onChange={(v) => setVariation(i, { sale_ends_at: v })}
                  />
                  <CheckboxField
                    path={path("manage_stock")}
                    label={t.manageStockShort}
                    value={variation.manage_stock}
                    onChange={(v) => setVariation(i, { manage_stock: v })}
                  />
                  {variation.manage_stock ? (
                    <TextField
                      path={path("stock_quantity")}
                      label={t.stockQuantity}
                      value={variation.stock_quantity}
                      onChange={(v) => setVariation(i, { stock_quantity: v })}
                    />
                  ) : (
                    <SelectField
                      path={path("stock_status")}
                      label={t.stockStatus}
                      value={variation.stock_status}
                      options={options(t.stockStatuses)}
                      onChange={(v) => setVariation(i, { stock_status: v as VariationDraft["stock_status"] })}
                    />
                  )}
                  <TextField
                    path={path("weight_grams")}
                    label={t.weight}
                    value={variation.weight_grams}
                    onChange={(v) => setVariation(i, { weight_grams: v })}
                  />
                  <VariationTaxClassField
                    path={path("tax_class")}
                    label={taxesMessages.taxClass}
                    value={variation.tax_class ?? "parent"}
                    onChange={(v) => setVariation(i, { tax_class: v })}
                  />
                  <VariationShippingClassField
                    path={path("shipping_class_id")}
                    value={variation.shipping_class_id}
                    onChange={(v) => setVariation(i, { shipping_class_id: v })}
                  />
                  <VariationImage
                    index={i}
                    name={name}
                    gallery={draft.images}
                    value={variation.image_id ?? null}
                    onChange={(image_id) => setVariation(i, { image_id })}
                  />
                </div>
                <button
                  type="button"
                  className="admin-link-button admin-link-button--danger"
                  onClick={() => setDraft((current) => ({ ...current, variations: current.variations.filter((_, k) => k !== i) }))}
                >
                  {t.removeVariation(name)}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
