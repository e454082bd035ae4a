/**
 * One row of the 'Products in cart' table (spec §2 "Cart screen"): image and name linked to the
 * product unless it is hidden from the catalogue, stock badges, unit price with its saving,
 * the clamped short description, variation and item data, quantity, remove, and the line total.
 * The name and both prices go through the checkout filters in the "cart" context (spec §5).
 */
import { type Currency, formatAmount, type StoreCart, type StoreCartItem } from "@cartwright/commerce";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCart, useCartStore } from "../../stores/cart-context.tsx";
import { CONTEXTS, noticeStore } from "../../stores/notices.ts";
import { FormattedPrice, UnitPrice } from "../checkout/FormattedPrice.tsx";
import { applyCheckoutFilter, PRICE_PLACEHOLDER, useCheckoutFilters } from "../checkout/filters.ts";
import { cartPageMessages as t } from "./messages.ts";
import { QuantitySelector } from "./QuantitySelector.tsx";
import { clampWords, failureMessage, plainText } from "./text.ts";

/** item_data as extensions send it: a key or a name, a value or a display text, maybe hidden. */
interface ItemData {
  key?: string;
  name?: string;
  value: string;
  display?: string;
  hidden?: boolean | string;
}

interface CartLineItemProps {
  item: StoreCartItem;
  /** The cart the line is in: the filters' extensions and arguments. */
  cart: StoreCart;
  currency: Currency;
  withTax: boolean;
  /** Spec §5: a filter's mistake is thrown for the store administrator, logged for others. */
  isAdmin?: boolean;
  /** Called once the line is gone, so focus can move somewhere sensible. */
  onRemoved: () => void;
}

export function CartLineItem({ item, cart, currency, withTax, isAdmin = false, onRemoved }: CartLineItemProps) {
  const store = useCartStore();
  const removing = useCart((s) => s.cartItemsPendingDelete.includes(item.key));
  useCheckoutFilters();
  const filter = { extensions: cart.extensions, args: { cart, cartItem: item, context: "cart" }, isAdmin };
  const name = applyCheckoutFilter({ filterName: "itemName", defaultValue: item.name, ...filter });
  const unitFormat = applyCheckoutFilter({ filterName: "subtotalPriceFormat", defaultValue: PRICE_PLACEHOLDER, ...filter });
  const lineFormat = applyCheckoutFilter({ filterName: "cartItemPrice", defaultValue: PRICE_PLACEHOLDER, ...filter });
  const money = (amount: number) => formatAmount(amount, currency);
  const linked = item.catalog_visibility !== "hidden" && item.catalog_visibility !== "search";
  const regular = Number(item.prices.regular_price);
  const price = Number(item.prices.price);
  const saving = regular > price ? regular - price : 0;
  const line = Number(item.totals.line_subtotal) + (withTax ? Number(item.totals.line_subtotal_tax) : 0);
  const image = item.images[0];
  const description = clampWords(item.short_description || item.summary);
  const details = [
    ...item.variation.map((v) => ({ name: v.attribute, value: v.value })),
    ...(item.item_data as ItemData[])
      .filter((d) => !d.hidden || d.hidden === "false")
      .map((d) => ({ name: plainText(d.name ?? d.key ?? ""), value: plainText(d.display ?? d.value) })),
  ];
  const link = (children: ReactNode, className: string, hidden = false) =>
    linked ? (
      <Link to={item.permalink} className={className} tabIndex={hidden ? -1 : undefined} aria-hidden={hidden || undefined}>
        {children}
      </Link>
    ) : (
      <span className={className} aria-hidden={hidden || undefined}>
        {children}
      </span>
    );

  const remove = () =>
    store.removeItem(item.key).then(onRemoved, (failure: unknown) => {
      noticeStore.getState().add({ id: `remove-${item.key}`, context: CONTEXTS.cart, status: "error", content: failureMessage(failure) });
    });

  return (
    <tr className={`cart-line${removing ? " cart-line--removing" : ""}`} aria-disabled={removing || undefined}>
      <td className="cart-line__image">
        {link(
          image ? (
            <img src={image.thumbnail || image.src} alt={image.alt || t.productImage(name)} width={96} height={96} loading="lazy" />
          ) : (
            <span className="cart-line__placeholder" />
          ),
          "cart-line__image-link",
          true,
        )}
      </td>
      <td className="cart-line__details">
        {link(name, "cart-line__name")}
        {item.show_backorder_badge ? (
          <span className="cart-badge">{t.backorder}</span>
        ) : item.low_stock_remaining ? (
          <span className="cart-badge">{t.lowStock(item.low_stock_remaining)}</span>
        ) : null}
        <div className="cart-line__price">
          <UnitPrice item={item} currency={currency} format={unitFormat} />
          {saving > 0 && (
            <>
              {" "}
              <span className="cart-badge cart-badge--sale">{t.save(money(saving))}</span>
            </>
          )}
        </div>
        {description && <p className="cart-line__description">{description}</p>}
        {details.length > 0 && (
          <ul className="cart-line__meta">
            {details.map((d) => (
              <li key={`${d.name}:${d.value}`}>
                {d.name ? <span className="cart-line__meta-name">{d.name}:</span> : null} {d.value}
              </li>
            ))}
          </ul>
        )}
        <div className="cart-line__actions">
          {!item.sold_individually && (
            <QuantitySelector itemKey={item.key} name={name} quantity={item.quantity} limits={item.quantity_limits} disabled={removing} />
          )}
          <button
            type="button"
            className="link-button cart-line__remove"
            aria-label={t.removeLabel(name)}
            disabled={removing}
            onClick={remove}
          >
            {t.removeItem}
          </button>
        </div>
      </td>
      <td className="cart-line__total">
        <FormattedPrice format={lineFormat} className="cart-line__total-amount">
          {money(line)}
        </FormattedPrice>
        {item.quantity > 1 && saving > 0 && <span className="cart-badge cart-badge--sale">{t.save(money(saving * item.quantity))}</span>}
      </td>
    </tr>
  );
}
