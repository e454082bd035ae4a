/**
 * The product page's add-to-cart form. Variable products pick one option per attribute; the
 * matching variation's price and stock then show, and the button enables only for a variation
 * that can be bought. Before hydration (or without JavaScript) the button stays enabled so the
 * form still posts, and the server checks the choice. After a post (added or refused) the page
 * draws the form again with the options and quantity that were posted.
 */
import type { StoreProduct, StoreProductAttribute, StoreVariation } from "@cartwright/commerce";
import { type Ref, useEffect, useId, useState } from "react";
import { productMessages } from "../features/product/messages.ts";
import { Price } from "./Price.tsx";
import { QuantityInput } from "./QuantityInput.tsx";
import { StockStatus } from "./StockStatus.tsx";

type Selection = Record<string, string>;

/** What the shopper posted with the form last time (the options by field name, and the quantity as typed), shown again. */
export interface PostedChoice {
  options: Record<string, string>;
  quantity: string;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The variation whose every attribute matches the selection; an empty value means "any". A variation without a
 * price is never chosen (WooCommerce shows only those it sells): its options read "unavailable", not "In stock".
 */
export function findVariation(variations: StoreVariation[], selection: Selection): StoreVariation | undefined {
  return variations.find(
    (variation) =>
      variation.is_purchasable &&
      variation.attributes.every((attribute) => {
        if (attribute.value === "") return true;
        const key = Object.keys(selection).find((name) => sameName(name, attribute.name));
        return key !== undefined && selection[key] === attribute.value;
      }),
  );
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The option of a variation select as the page shows it now (client only; null on the server or when absent). */
function chosenBeforeHydration(attribute: StoreProductAttribute): string | null {
  if (typeof document === "undefined") return null;
  const select = document.querySelector<HTMLSelectElement>(`form.cart-form select[name="${CSS.escape(attributeFieldName(attribute))}"]`);
  const value = select?.value ?? "";
  return value && attribute.terms.some((term) => term.slug === value) ? value : null;
}

const attributeFieldName = (attribute: StoreProductAttribute) => `attribute_${attribute.taxonomy || attribute.name}`;

/** The option posted for an attribute, when it is one of its terms. */
function postedOption(attribute: StoreProductAttribute, posted: PostedChoice | undefined): string | null {
  const value = posted?.options[attributeFieldName(attribute)];
  return value && attribute.terms.some((term) => term.slug === value) ? value : null;
}

const canBuy = (item: { is_purchasable: boolean; is_in_stock: boolean }) => item.is_purchasable && item.is_in_stock;

export function AddToCartForm({
  product,
  variations,
  posted,
  onVariationChange,
  buttonRef,
}: {
  product: StoreProduct;
  variations: StoreVariation[];
  /** The choice the page's last post sent (added or refused): the form shows it again, as WooCommerce's does. */
  posted?: PostedChoice;
  /** Told the chosen variation (undefined when none is), so the page can show its image. */
  onVariationChange?: (variation: StoreVariation | undefined) => void;
  /** The Add to cart button, for the page to give the focus back to. */
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const hydrated = useHydrated();
  const isVariable = product.type === "variable";
  const pickable = isVariable ? product.attributes.filter((attribute) => attribute.has_variations) : [];
  // In the browser the server's HTML is already on screen: a choice the shopper made before the
  // page's script took over is read from it, so hydration keeps it instead of resetting it.
  const [selection, setSelection] = useState<Selection>(() =>
    Object.fromEntries(
      pickable.map((attribute) => [
        attribute.name,
        chosenBeforeHydration(attribute) ?? postedOption(attribute, posted) ?? attribute.terms.find((term) => term.default)?.slug ?? "",
      ]),
    ),
  );
  const complete = pickable.every((attribute) => selection[attribute.name]);
  const match = isVariable && complete ? findVariation(variations, selection) : undefined;
  const chosenAny = pickable.some((attribute) => selection[attribute.name]);
  // The page is told when the match changes, not when its callback does.
  useEffect(() => onVariationChange?.(match), [match?.id]);

  let disabled = !canBuy(product);
  if (isVariable && hydrated) disabled = !match || !canBuy(match);

  return (
    // Posted to the product's own address: a refused add-to-cart link's ?add-to-cart=… would otherwise come along and add again.
    <form method="post" action={product.permalink} className="cart-form">
      {isVariable && (
        <>
          <div className="variations">
            {pickable.map((attribute) => (
              <AttributeSelect
                key={attribute.id || attribute.name}
                attribute={attribute}
                value={selection[attribute.name] ?? ""}
                onChange={(value) => setSelection((current) => ({ ...current, [attribute.name]: value }))}
              />
            ))}
            {hydrated && chosenAny && (
              <button
                type="button"
                className="link-button variations__reset"
                onClick={() => setSelection(Object.fromEntries(pickable.map((attribute) => [attribute.name, ""])))}
              >
                {productMessages.clearSelection}
              </button>
            )}
          </div>
          <div className="single-variation" aria-live="polite">
            {match && (
              <>
                <Price prices={match.prices} onSale={match.on_sale} className="price single-variation__price" />
                <StockStatus stock={match} />
              </>
            )}
            {complete && !match && <p className="notice notice--warning">{productMessages.unavailableCombination}</p>}
          </div>
          <input type="hidden" name="variation_id" value={match?.id ?? ""} />
        </>
      )}
      <div className="cart-form__actions">
        {product.sold_individually ? (
          <input type="hidden" name="quantity" value="1" />
        ) : (
          // A simple product that cannot be bought has no quantity to choose (its limits would read 1 to 0).
          (isVariable || canBuy(product)) && <QuantityInput limits={product.add_to_cart} posted={posted?.quantity} />
        )}
        <button
          type="submit"
          name="add-to-cart"
          value={product.id}
          className="button button--primary single_add_to_cart_button"
          disabled={disabled}
          ref={buttonRef}
        >
          {productMessages.addToCart}
        </button>
      </div>
    </form>
  );
}

function AttributeSelect({
  attribute,
  value,
  onChange,
}: {
  attribute: StoreProductAttribute;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="variations__field">
      <label htmlFor={id}>{attribute.name}</label>
      <select id={id} name={attributeFieldName(attribute)} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{productMessages.chooseOption}</option>
        {attribute.terms.map((term) => (
          <option key={term.slug} value={term.slug}>
            {term.name}
          </option>
        ))}
      </select>
    </div>
  );
}
