/** /cart: the cart page (spec §2 "Cart screen"), rendered on the server, then live from the cart store. */
import {
  type Currency,
  currencyFromFields,
  formatAmount,
  normaliseQuantity,
  quantityButtons,
  type StoreCart,
  type StoreCartItem,
} from "@cartwright/commerce";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { cartPageMessages as t } from "../features/cart/messages.ts";
import { Notices } from "../features/cart/Notices.tsx";
import { cartMessages } from "../messages.ts";
import { useCart, useCartStore } from "../stores/cart-context.tsx";
import { CONTEXTS, noticeStore } from "../stores/notices.ts";
import type { Route } from "./+types/cart";

export async function loader({ context }: Route.LoaderArgs) {
  const { cart, settings } = context.get(storefrontContext);
  return {
    cart: await cart.get(),
    withTax: settings.displayCartPricesIncludingTax,
    itemizedTaxes: settings.displayItemizedTaxes,
    taxesEnabled: settings.taxesEnabled,
    shopPath: settings.storePages.shop || "/shop",
    checkoutPath: settings.storePages.checkout || "/checkout",
    title: `${t.title} – ${settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.title }];
}

/** The short description as text, clamped to 15 words (spec §9). */
const clampWords = (html: string, words = 15) => {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .split(" ");
  return text.length > words ? `${text.slice(0, words).join(" ")}…` : text.join(" ");
};

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const store = useCartStore();
  const live = useCart((s) => s.cart);
  useEffect(() => {
    if (!store.store.getState().cart) store.store.setState({ cart: loaderData.cart });
  }, [store, loaderData.cart]);
  const cart: StoreCart = live ?? loaderData.cart;
  const currency = currencyFromFields(cart.totals);
  if (cart.items.length === 0) {
    return (
      <section className="cart-page cart-page--empty">
        <h1>{t.title}</h1>
        <Notices context={CONTEXTS.cart} />
        <p>{t.empty}</p>
        <Link to={loaderData.shopPath} className="button">
          {t.browse}
        </Link>
      </section>
    );
  }
  return (
    <section className="cart-page">
      <h1>{t.title}</h1>
      <Notices context={CONTEXTS.cart} />
      <div className="cart-page__layout">
        <table className="cart-table">
          <caption className="visually-hidden">{t.tableLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{t.product}</th>
              <th scope="col">{t.details}</th>
              <th scope="col">{t.total}</th>
            </tr>
          </thead>
          <tbody>
            {cart.items.map((item) => (
              <CartRow key={item.key} item={item} currency={currency} withTax={loaderData.withTax} />
            ))}
          </tbody>
        </table>
        <aside className="cart-totals">
          <CouponPanel cart={cart} />
          <Totals
            cart={cart}
            currency={currency}
            withTax={loaderData.withTax}
            itemizedTaxes={loaderData.itemizedTaxes}
            taxesEnabled={loaderData.taxesEnabled}
          />
          <Link
            to={loaderData.checkoutPath}
            className="button cart-totals__checkout"
            onClick={() => document.dispatchEvent(new CustomEvent("cart_proceed_to_checkout"))}
          >
            {t.proceed}
          </Link>
        </aside>
      </div>
      {cart.cross_sells.length > 0 && (
        <section className="cross-sells">
          <h2>{t.crossSells}</h2>
          <ul>
            {cart.cross_sells.map((product) => (
              <li key={product.id}>
                <Link to={product.permalink}>{product.name}</Link> <span>{formatAmount(product.prices.price, currency)}</span>{" "}
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void store.addItem(product.id, product.add_to_cart.minimum).catch(() => {})}
                >
                  {t.addToCart}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function CartRow({ item, currency, withTax }: { item: StoreCartItem; currency: Currency; withTax: boolean }) {
  const store = useCartStore();
  const removing = useCart((s) => s.cartItemsPendingDelete.includes(item.key));
  const [typed, setTyped] = useState(String(item.quantity));
  useEffect(() => setTyped(String(item.quantity)), [item.quantity]);
  const limits = item.quantity_limits;
  const step = Math.max(1, limits.multiple_of);
  const { canDecrease, canIncrease } = quantityButtons(item.quantity, limits);
  const setQuantity = (quantity: number) =>
    void store.setQuantity(item.key, normaliseQuantity(quantity, limits)).catch(() => store.refresh());
  // Typed quantities wait 600 ms for the shopper to finish; anything but a number reverts (spec §5).
  useEffect(() => {
    if (typed === String(item.quantity)) return;
    const timer = setTimeout(() => {
      const value = Number(typed);
      if (!typed.trim() || !Number.isFinite(value)) setTyped(String(item.quantity));
      else setQuantity(value);
    }, 600);
    return () => clearTimeout(timer);
  });
  const linked = item.catalog_visibility !== "hidden" && item.catalog_visibility !== "search";
  const regular = Number(item.prices.regular_price);
  const price = Number(item.prices.price);
  const line = Number(item.totals.line_subtotal) + (withTax ? Number(item.totals.line_subtotal_tax) : 0);
  const image = item.images[0];
  return (
    <tr className="cart-row" aria-disabled={removing || undefined}>
      <td className="cart-row__image">
        {image &&
          (linked ? (
            <Link to={item.permalink} tabIndex={-1} aria-hidden="true">
              <img src={image.thumbnail} alt="" width={80} height={80} />
            </Link>
          ) : (
            <img src={image.thumbnail} alt="" width={80} height={80} />
          ))}
      </td>
      <td className="cart-row__details">
        {linked ? <Link to={item.permalink}>{item.name}</Link> : <span>{item.name}</span>}
        {item.show_backorder_badge ? (
          <span className="badge">{t.backorder}</span>
        ) : item.low_stock_remaining ? (
          <span className="badge">{t.lowStock(item.low_stock_remaining)}</span>
        ) : null}
        <p className="cart-row__price">
          {regular > price && <del>{formatAmount(regular, currency)}</del>} {formatAmount(price, currency)}{" "}
          {regular > price && <span className="badge badge--sale">{t.save(formatAmount(regular - price, currency))}</span>}
        </p>
        {item.short_description && <p className="cart-row__summary">{clampWords(item.short_description)}</p>}
        {item.variation.length > 0 && (
          <p className="cart-row__meta">{item.variation.map((v) => `${v.attribute}: ${v.value}`).join(", ")}</p>
        )}
        <div className="cart-row__actions">
          {!item.sold_individually && (
            <div className="quantity-selector">
              <button
                type="button"
                aria-label={t.reduce(item.name)}
                disabled={!canDecrease || removing}
                onClick={() => setQuantity(item.quantity - step)}
              >
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                aria-label={t.quantityOf(item.name)}
                min={limits.minimum}
                max={limits.maximum}
                step={step}
                value={typed}
                disabled={!limits.editable || removing}
                onChange={(e) => setTyped(e.target.value)}
              />
              <button
                type="button"
                aria-label={t.increase(item.name)}
                disabled={!canIncrease || removing}
                onClick={() => setQuantity(item.quantity + step)}
              >
                +
              </button>
            </div>
          )}
          <button
            type="button"
            className="link-button"
            aria-label={t.removeLabel(item.name)}
            disabled={removing}
            onClick={() => void store.removeItem(item.key).catch(() => store.refresh())}
          >
            {t.removeItem}
          </button>
        </div>
      </td>
      <td className="cart-row__total">
        {formatAmount(line, currency)}
        {item.quantity > 1 && regular > price && (
          <span className="badge badge--sale">{t.save(formatAmount((regular - price) * item.quantity, currency))}</span>
        )}
      </td>
    </tr>
  );
}

function CouponPanel({ cart }: { cart: StoreCart }) {
  const store = useCartStore();
  const applying = useCart((s) => s.applyingCoupon);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    setError("");
    try {
      await store.applyCoupon(code.trim());
      noticeStore.getState().add({
        id: `coupon-${code}`,
        context: CONTEXTS.cart,
        status: "success",
        content: cartMessages.couponApplied(code.trim()),
        type: "snackbar",
      });
      setCode("");
      setOpen(false);
    } catch (failure) {
      const details = (failure as { error?: { message?: string; data?: { details?: { cart?: string; checkout?: string } } } }).error;
      setError(details?.data?.details?.checkout ?? details?.data?.details?.cart ?? details?.message ?? cartMessages.genericError);
    }
  };
  const remove = async (removed: string) => {
    try {
      await store.removeCoupon(removed);
      noticeStore.getState().add({
        id: `coupon-${removed}`,
        context: CONTEXTS.cart,
        status: "info",
        content: cartMessages.couponRemoved(removed),
        type: "snackbar",
      });
    } catch (failure) {
      noticeStore.getState().add({
        id: `coupon-remove-${removed}`,
        context: CONTEXTS.cart,
        status: "error",
        content: (failure as Error).message,
        type: "snackbar",
      });
    }
  };
  return (
    <div className="coupon-panel">
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t.addCoupons}
      </button>
      {open && (
        <form onSubmit={apply} className="coupon-panel__form">
          <label htmlFor="coupon-code">{t.enterCode}</label>
          <input
            id="coupon-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "validate-error-coupon" : undefined}
          />
          <button type="submit" className="button" disabled={!code.trim() || Boolean(applying)}>
            {t.apply}
          </button>
          {error && (
            <p id="validate-error-coupon" className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      {cart.coupons.length > 0 && (
        <ul className="coupon-chips">
          {cart.coupons.map((coupon) => (
            <li key={coupon.code} className="coupon-chip">
              {coupon.label}
              <button type="button" aria-label={t.removeCoupon(coupon.code)} onClick={() => void remove(coupon.code)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface TotalsProps {
  cart: StoreCart;
  currency: Currency;
  withTax: boolean;
  itemizedTaxes: boolean;
  taxesEnabled: boolean;
}

/** The Totals block rows of spec §9. */
function Totals({ cart, currency, withTax, itemizedTaxes, taxesEnabled }: TotalsProps) {
  const pending = useCart((s) => s.cartItemsPendingQuantity.length > 0 || s.cartItemsPendingDelete.length > 0);
  const totals = cart.totals;
  const money = (amount: number) => formatAmount(amount, currency);
  const n = Number;
  const selected = cart.shipping_rates.flatMap((p) => p.shipping_rates).find((r) => r.selected);
  const shipping = selected ? n(selected.price) + (withTax ? n(selected.taxes) : 0) : null;
  const showTaxes = !withTax && (taxesEnabled || n(totals.total_tax) > 0);
  const taxLines =
    itemizedTaxes && totals.tax_lines.length
      ? totals.tax_lines.map((l) => ({ label: `${l.name} ${l.rate}`, value: n(l.price) }))
      : [{ label: t.taxes, value: n(totals.total_tax) }];
  return (
    <dl className="totals">
      <div>
        <dt>{t.subtotal}</dt>
        <dd>{money(n(totals.total_items) + (withTax ? n(totals.total_items_tax) : 0))}</dd>
      </div>
      {cart.fees
        .filter((fee) => n(fee.totals.total) !== 0)
        .map((fee) => (
          <div key={fee.key}>
            <dt>{fee.name || t.fee}</dt>
            <dd>{money(n(fee.totals.total) + (withTax ? n(fee.totals.total_tax) : 0))}</dd>
          </div>
        ))}
      {n(totals.total_discount) > 0 && (
        <div>
          <dt>{t.discount}</dt>
          <dd>-{money(n(totals.total_discount) + (withTax ? n(totals.total_discount_tax) : 0))}</dd>
        </div>
      )}
      {cart.needs_shipping && shipping !== null && (
        <div>
          <dt>{t.shipping}</dt>
          <dd>{shipping === 0 ? t.free : money(shipping)}</dd>
        </div>
      )}
      {showTaxes &&
        taxLines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{money(line.value)}</dd>
          </div>
        ))}
      <div className="totals__total">
        <dt>{t.estimatedTotal}</dt>
        <dd>
          {pending ? (
            <span className="skeleton">
              <span className="visually-hidden">{t.loadingPrice}</span>
            </span>
          ) : (
            money(n(totals.total_price))
          )}
        </dd>
      </div>
      <p className="totals__note">{t.shippingNote}</p>
    </dl>
  );
}
