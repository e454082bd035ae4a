/**
 * The product form (decision 0043): a simple or variable product's fields in sections, each
 * variation's price and stock, the server's messages beside their fields and summed up above
 * them; delete behind a confirmation.
 */
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AdminApiError } from "../api.ts";
import { ConfirmDialog, ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { consoleMessages } from "../messages.ts";
import { type AttributeWithTerms, type ProductCurrency, productsApi, type Term } from "./api.ts";
import { ImagesCard } from "./images/ImagesCard.tsx";
import { productMessages as t } from "./messages.ts";
import { fromDraft, type ProductDraft, toDraft, type VariationDraft } from "./model.ts";

export interface ProductChoices {
  categories: Term[];
  tags: Term[];
  attributes: AttributeWithTerms[];
}

interface Props {
  id?: number;
  initial: ProductDraft;
  currency: ProductCurrency;
  choices: ProductChoices;
  permalink?: string;
}

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/** Checkboxes for a list of ids (categories, tags), in one group with its legend. */
function IdChoices({
  legend,
  path,
  items,
  chosen,
  empty,
  onChange,
}: {
  legend: string;
  path: string;
  items: Term[];
  chosen: number[];
  empty: string;
  onChange(ids: number[]): void;
}) {
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      {items.length === 0 && <p className="admin-muted">{empty}</p>}
      {items.map((item) => (
        <CheckboxField
          key={item.id}
          path={`${path}.${item.id}`}
          label={item.name}
          value={chosen.includes(item.id)}
          onChange={(on) => onChange(on ? [...chosen, item.id] : chosen.filter((id) => id !== item.id))}
        />
      ))}
    </fieldset>
  );
}

export function ProductForm({ id, initial, currency, choices, permalink }: Props) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [link, setLink] = useState(permalink);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState("");
  const announce = useAnnounce();
  const navigate = useNavigate();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const code = currency.currency_code;

  const labels: Record<string, string> = {
    name: t.name,
    slug: t.slug,
    sku: t.sku,
    regular_price: t.regularPrice(code),
    sale_price: t.salePrice(code),
    stock_quantity: t.stockQuantity,
    low_stock_amount: t.lowStock,
    quantity_min: t.quantityMin,
    quantity_max: t.quantityMax,
    quantity_step: t.quantityStep,
    weight_grams: t.weight,
    category_ids: t.categories,
    tag_ids: t.tags,
    cross_sell_ids: t.crossSells,
  };
  const set =
    <K extends keyof ProductDraft>(key: K) =>
    (value: ProductDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const text = (key: keyof ProductDraft, label: string, hint?: string) => (
    <TextField path={key} label={label} hint={hint} value={String(draft[key])} onChange={set(key) as (value: string) => void} />
  );
  const setVariation = (index: number, change: Partial<VariationDraft>) =>
    setDraft((current) => ({ ...current, variations: current.variations.map((v, i) => (i === index ? { ...v, ...change } : v)) }));
  const termName = (termId: number) =>
    choices.attributes.flatMap((a) => a.terms).find((term) => term.id === termId)?.name ?? String(termId);

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = fromDraft(draft, currency);
    if (!body.ok) {
      setErrors(body.errors);
      setFailure(Object.values(body.errors)[0] ?? "");
      return;
    }
    setBusy(true);
    setFailure("");
    try {
      const product = id ? await productsApi.save(id, body.input) : await productsApi.create(body.input);
      const next = toDraft(product, currency);
      setErrors({});
      setSaved(next);
      setDraft(next);
      setLink(product.permalink);
      announce(id ? t.saved : t.created);
      if (!id) navigate(`/admin/products/${product.id}`, { replace: true });
    } catch (error) {
      if (error instanceof AdminApiError) {
        setErrors(error.fields);
        setFailure(error.message);
      } else setFailure(consoleMessages.networkError);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirming(false);
    setDeleteError("");
    if (!id) return;
    try {
      await productsApi.remove(id);
      announce(t.deleted(saved.name));
      navigate("/admin/products");
    } catch (error) {
      setDeleteError(error instanceof AdminApiError ? error.message : consoleMessages.networkError);
    }
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <div className="admin-page__head admin-editor__head">
          <div>
            <p className="admin-breadcrumb">
              <Link to="/admin/products">{t.back}</Link>
            </p>
            <h1>{id ? t.editTitle(saved.name) : t.newTitle}</h1>
          </div>
          <div className="admin-actions">
            {dirty && <span className="admin-badge admin-badge--warning">{t.unsaved}</span>}
            {id && link && saved.status === "publish" && <a href={link}>{t.view}</a>}
            <button type="submit" className="button" disabled={busy}>
              {busy ? consoleMessages.saving : id ? t.save : t.create}
            </button>
          </div>
        </div>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => labels[path] ?? path} />}

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.general}</legend>
          {text("name", t.name)}
          {text("slug", t.slug, t.slugHint)}
          <SelectField
            path="status"
            label={t.status}
            value={draft.status}
            options={options(t.statuses)}
            onChange={(v) => set("status")(v as ProductDraft["status"])}
          />
          <SelectField
            path="type"
            label={t.type}
            value={draft.type}
            options={options(t.types)}
            onChange={(v) => set("type")(v as ProductDraft["type"])}
          />
          <SelectField
            path="catalog_visibility"
            label={t.visibility}
            value={draft.catalog_visibility}
            options={options(t.visibilities)}
            onChange={(v) => set("catalog_visibility")(v as ProductDraft["catalog_visibility"])}
          />
          <CheckboxField path="featured" label={t.featured} value={draft.featured} onChange={set("featured")} />
        </fieldset>

        <ImagesCard images={draft.images} onChange={set("images")} />

        {draft.type === "simple" && (
          <fieldset className="admin-card admin-fieldset">
            <legend>{t.prices}</legend>
            {text("regular_price", t.regularPrice(code), t.priceHint)}
            {text("sale_price", t.salePrice(code), t.priceHint)}
          </fieldset>
        )}

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.inventory}</legend>
          {text("sku", t.sku)}
          <CheckboxField path="manage_stock" label={t.manageStock} value={draft.manage_stock} onChange={set("manage_stock")} />
          {draft.manage_stock ? (
            <>
              {text("stock_quantity", t.stockQuantity)}
              <SelectField
                path="backorders"
                label={t.backorders}
                value={draft.backorders}
                options={options(t.backorderOptions)}
                onChange={(v) => set("backorders")(v as ProductDraft["backorders"])}
              />
              {text("low_stock_amount", t.lowStock, t.lowStockHint)}
            </>
          ) : (
            <SelectField
              path="stock_status"
              label={t.stockStatus}
              value={draft.stock_status}
              options={options(t.stockStatuses)}
              onChange={(v) => set("stock_status")(v as ProductDraft["stock_status"])}
            />
          )}
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.shipping}</legend>
          {text("quantity_min", t.quantityMin, t.quantityHint)}
          {text("quantity_max", t.quantityMax)}
          {text("quantity_step", t.quantityStep)}
          <CheckboxField
            path="sold_individually"
            label={t.soldIndividually}
            value={draft.sold_individually}
            onChange={set("sold_individually")}
          />
          <CheckboxField path="virtual" label={t.virtual} value={draft.virtual} onChange={set("virtual")} />
          {text("weight_grams", t.weight)}
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.descriptions}</legend>
          <TextField
            path="short_description"
            multiline
            label={t.shortDescription}
            hint={t.htmlHint}
            value={draft.short_description}
            onChange={set("short_description")}
          />
          <TextField
            path="description"
            multiline
            rows={8}
            label={t.description}
            hint={t.htmlHint}
            value={draft.description}
            onChange={set("description")}
          />
        </fieldset>

        <div className="admin-card">
          <h2>{t.organise}</h2>
          <IdChoices
            legend={t.categories}
            path="category_ids"
            items={choices.categories}
            chosen={draft.category_ids}
            empty={t.noCategories}
            onChange={set("category_ids")}
          />
          <IdChoices
            legend={t.tags}
            path="tag_ids"
            items={choices.tags}
            chosen={draft.tag_ids}
            empty={t.noTags}
            onChange={set("tag_ids")}
          />
          {text("cross_sell_ids", t.crossSells, t.crossSellsHint)}
        </div>

        {draft.type === "variable" && (
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
                  <TextField
                    path={path("sku")}
                    label={`${t.sku}, ${name}`}
                    value={variation.sku}
                    onChange={(v) => setVariation(i, { sku: v })}
                  />
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
        )}
      </form>

      {id && (
        <div className="admin-card">
          <ErrorAlert message={deleteError} />
          <button type="button" className="button admin-button--danger" onClick={() => setConfirming(true)}>
            {t.delete}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.deleteTitle(saved.name)}
        body={t.deleteBody}
        confirmLabel={t.deleteConfirm}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </FieldErrorsContext.Provider>
  );
}
