/**
 * The product form's cards (decision 0043, 0047): each one section of the form, drawn from the same
 * props. `PRODUCT_CARDS` is the list the form renders in order, so a new section (images, taxes) is
 * one line there.
 */
import { CheckboxField, SelectField, TextField } from "../components/fields.tsx";
import { amountText } from "../money.ts";
import { ProductShippingClassField, shippingClassLabel } from "../shipping/ProductClassFields.tsx";
import { TaxCard, taxLabels } from "../taxes/ProductTaxFields.tsx";
import { shopTimeZone } from "../time-zone.ts";
import { AttributesCard } from "./AttributesCard.tsx";
import type { ProductCurrency, Term } from "./api.ts";
import { CardFrame, type CardProps, options, type ProductCard, useDraftFields } from "./card-parts.tsx";
import { imageLabels, ProductImagesCard } from "./images/ProductImagesCard.tsx";
import { productMessages as t } from "./messages.ts";
import type { ProductDraft } from "./model.ts";
import { ProductPicker } from "./ProductPicker.tsx";
import { termPageMessages } from "./term-messages.ts";
import { VariationsCard } from "./VariationsCard.tsx";

function GeneralCard(props: CardProps) {
  const { draft } = props;
  const { set, text } = useDraftFields(props);
  return (
    <CardFrame legend={t.general}>
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
    </CardFrame>
  );
}

function PriceCard(props: CardProps) {
  const { draft } = props;
  const { set, text } = useDraftFields(props);
  const code = props.currency.currency_code;
  const hint = t.priceHint(amountText(1999, props.currency.currency_minor_unit));
  return (
    <CardFrame legend={t.prices}>
      {text("regular_price", t.regularPrice(code), hint)}
      {text("sale_price", t.salePrice(code), hint)}
      <TextField
        path="sale_starts_at"
        type="date"
        label={t.saleStarts}
        hint={t.saleDatesHint(shopTimeZone())}
        value={draft.sale_starts_at}
        onChange={set("sale_starts_at")}
      />
      <TextField path="sale_ends_at" type="date" label={t.saleEnds} value={draft.sale_ends_at} onChange={set("sale_ends_at")} />
    </CardFrame>
  );
}

function InventoryCard(props: CardProps) {
  const { draft } = props;
  const { set, text } = useDraftFields(props);
  return (
    <CardFrame legend={t.inventory}>
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
    </CardFrame>
  );
}

function ShippingCard(props: CardProps) {
  const { draft } = props;
  const { set, text } = useDraftFields(props);
  return (
    <CardFrame legend={t.shipping}>
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
      <ProductShippingClassField value={draft.shipping_class_id} onChange={set("shipping_class_id")} />
    </CardFrame>
  );
}

function DescriptionsCard(props: CardProps) {
  const { draft } = props;
  const { set } = useDraftFields(props);
  return (
    <CardFrame legend={t.descriptions}>
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
    </CardFrame>
  );
}

/** Checkboxes for a list of ids (categories, brands, tags), in one group with its legend. */
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

function OrganiseCard(props: CardProps) {
  const { draft, choices } = props;
  const { set } = useDraftFields(props);
  return (
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
        legend={termPageMessages.brands.picker}
        path="brand_ids"
        items={choices.brands}
        chosen={draft.brand_ids}
        empty={termPageMessages.brands.pickerEmpty}
        onChange={set("brand_ids")}
      />
      <IdChoices legend={t.tags} path="tag_ids" items={choices.tags} chosen={draft.tag_ids} empty={t.noTags} onChange={set("tag_ids")} />
    </div>
  );
}

function LinkedCard(props: CardProps) {
  const { set } = useDraftFields(props);
  return (
    <CardFrame legend={t.linked}>
      <ProductPicker
        path="upsell_ids"
        label={t.upsells}
        hint={t.upsellsHint}
        value={props.draft.upsell_ids}
        onChange={set("upsell_ids")}
        except={props.id}
      />
      <ProductPicker
        path="cross_sell_ids"
        label={t.crossSells}
        hint={t.crossSellsHint}
        value={props.draft.cross_sell_ids}
        onChange={set("cross_sell_ids")}
        except={props.id}
      />
    </CardFrame>
  );
}

const baseLabels = (currency: ProductCurrency): Record<string, string> => ({
  name: t.name,
  slug: t.slug,
  sku: t.sku,
  regular_price: t.regularPrice(currency.currency_code),
  sale_price: t.salePrice(currency.currency_code),
  sale_starts_at: t.saleStarts,
  sale_ends_at: t.saleEnds,
  attributes: t.attributes,
  variations: t.variations,
  stock_quantity: t.stockQuantity,
  low_stock_amount: t.lowStock,
  quantity_min: t.quantityMin,
  quantity_max: t.quantityMax,
  quantity_step: t.quantityStep,
  weight_grams: t.weight,
  shipping_class_id: shippingClassLabel,
  category_ids: t.categories,
  brand_ids: termPageMessages.brands.picker,
  tag_ids: t.tags,
  cross_sell_ids: t.crossSells,
  upsell_ids: t.upsells,
});

/** The form's sections in order; a new one is one line here. */
export const PRODUCT_CARDS: ProductCard[] = [
  { key: "general", Card: GeneralCard, labels: baseLabels },
  { key: "images", Card: ProductImagesCard, labels: imageLabels },
  { key: "price", Card: PriceCard, when: (draft) => draft.type === "simple" },
  { key: "inventory", Card: InventoryCard },
  { key: "shipping", Card: ShippingCard },
  { key: "tax", Card: TaxCard, labels: taxLabels },
  { key: "descriptions", Card: DescriptionsCard },
  { key: "organise", Card: OrganiseCard },
  { key: "linked", Card: LinkedCard },
  { key: "attributes", Card: AttributesCard },
  { key: "variations", Card: VariationsCard, when: (draft) => draft.type === "variable" },
];
