/**
 * The order summary beside the form (spec §2): each line with a quantity badge, its price for one
 * unit and its total, the coupon panel and the totals. The name and both prices go through the
 * checkout filters in the "summary" context (spec §5).
 */
import { type Currency, formatAmount, type StoreCart } from "@cartwright/commerce";
import type { ReactNode } from "react";
import { CouponPanel } from "../cart/CouponPanel.tsx";
import { cartPageMessages } from "../cart/messages.ts";
import { TotalsBlock, type TotalsSettings } from "../cart/TotalsBlock.tsx";
import { FormattedPrice, UnitPrice } from "./FormattedPrice.tsx";
import { applyCheckoutFilter, PRICE_PLACEHOLDER, useCheckoutFilters } from "./filters.ts";
import { checkoutMessages as t } from "./messages.ts";

export function OrderSummary({
  cart,
  currency,
  totals,
  prefersCollection,
  isAdmin = false,
  children,
}: {
  cart: StoreCart;
  currency: Currency;
  totals: TotalsSettings;
  prefersCollection?: boolean;
  /** Spec §5: a checkout filter of the wrong type is thrown for the store administrator, logged for others. */
  isAdmin?: boolean;
  /** Drawn after the totals: the totals' inner block area. */
  children?: ReactNode;
}) {
  useCheckoutFilters();
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        {t.orderSummary}
      </h2>
      <ul className="checkout-summary__items">
        {cart.items.map((item) => {
          const image = item.images[0];
          const line = Number(item.totals.line_subtotal) + (totals.withTax ? Number(item.totals.line_subtotal_tax) : 0);
          const filter = { extensions: cart.extensions, args: { cart, cartItem: item, context: "summary" }, isAdmin };
          return (
            <li key={item.key} className="checkout-summary__item">
              <span className="checkout-summary__image">
                {image ? <img src={image.thumbnail} alt="" width={48} height={48} loading="lazy" /> : null}
                <span className="checkout-summary__badge">
                  <span aria-hidden="true">{item.quantity}</span>
                  <span className="visually-hidden">{t.quantityBadge(item.quantity)}</span>
                </span>
              </span>
              <span className="checkout-summary__name">
                {applyCheckoutFilter({ filterName: "itemName", defaultValue: item.name, ...filter })}
                <UnitPrice
                  item={item}
                  currency={currency}
                  format={applyCheckoutFilter({ filterName: "subtotalPriceFormat", defaultValue: PRICE_PLACEHOLDER, ...filter })}
                  className="checkout-summary__unit-price"
                />
                {item.variation.length > 0 && (
                  <span className="checkout-summary__variation">{item.variation.map((v) => `${v.attribute}: ${v.value}`).join(", ")}</span>
                )}
              </span>
              <FormattedPrice
                format={applyCheckoutFilter({ filterName: "cartItemPrice", defaultValue: PRICE_PLACEHOLDER, ...filter })}
                className="checkout-summary__total"
              >
                {formatAmount(line, currency)}
              </FormattedPrice>
            </li>
          );
        })}
      </ul>
      <TotalsBlock
        cart={cart}
        currency={currency}
        {...totals}
        variant="checkout"
        prefersCollection={prefersCollection}
        totalLabel={applyCheckoutFilter({
          filterName: "totalLabel",
          defaultValue: cartPageMessages.total,
          extensions: cart.extensions,
          isAdmin,
        })}
      >
        <CouponPanel />
      </TotalsBlock>
      {children}
    </aside>
  );
}
