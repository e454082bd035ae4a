/** The mini-cart's slide-in drawer (spec §2 "Mini-cart"): title, lines with remove, footer, or the empty state. */
import { type Currency, formatAmount } from "@cartwright/commerce";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { useCart, useCartStore } from "../../stores/cart-context.tsx";
import { drawerMessages } from "./messages.ts";

/** What Tab stops at inside the drawer. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

interface MiniCartDrawerProps {
  /** The 300 ms closing animation is under way. */
  closing: boolean;
  close: () => void;
  itemsCount: number;
  /** Minor units: the items' total as the header shows it. */
  amount: string;
  currency: Currency;
  displayPricesIncludingTax: boolean;
  cartPath: string;
  checkoutPath: string;
}

export default function MiniCartDrawer({
  closing,
  close,
  itemsCount,
  amount,
  currency,
  displayPricesIncludingTax,
  cartPath,
  checkoutPath,
}: MiniCartDrawerProps) {
  const cartStore = useCartStore();
  const cart = useCart((s) => s.cart);
  const pendingDelete = useCart((s) => s.cartItemsPendingDelete);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!closing) panel.current?.focus();
  }, [closing]);

  // A modal dialog keeps Tab inside it: from the last control back to the first, and the other way.
  const keepTabInside = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !panel.current) return;
    const controls = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    const at = document.activeElement;
    if (event.shiftKey && (at === first || at === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && at === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicking outside is a pointer shortcut; Escape and Close serve the keyboard
    <div
      role="presentation"
      className={`drawer-overlay${closing ? " drawer-overlay--closing" : ""}`}
      onMouseDown={(e) => e.target === e.currentTarget && close()}
    >
      <div ref={panel} className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={keepTabInside}>
        <div className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            {drawerMessages.title(itemsCount)}
          </h2>
          <button type="button" className="drawer__close" onClick={close} aria-label={drawerMessages.close}>
            ×
          </button>
        </div>
        {!cart ? (
          <p className="drawer__loading" role="status">
            {drawerMessages.loading}
          </p>
        ) : cart.items.length === 0 ? (
          <div className="drawer__empty">
            <p>{drawerMessages.empty}</p>
            <Link to="/shop" className="button" onClick={close}>
              {drawerMessages.startShopping}
            </Link>
          </div>
        ) : (
          <>
            <ul className="drawer__items">
              {cart.items.map((item) => {
                const line = Number(item.totals.line_subtotal) + (displayPricesIncludingTax ? Number(item.totals.line_subtotal_tax) : 0);
                const removing = pendingDelete.includes(item.key);
                return (
                  <li key={item.key} className="drawer__item" aria-disabled={removing || undefined}>
                    {item.images[0] && <img src={item.images[0].thumbnail} alt="" width={64} height={64} className="drawer__image" />}
                    <div className="drawer__item-body">
                      <Link to={item.permalink} className="drawer__item-name" onClick={close}>
                        {item.name}
                      </Link>
                      {item.variation.length > 0 && (
                        <p className="drawer__item-meta">{item.variation.map((v) => `${v.attribute}: ${v.value}`).join(", ")}</p>
                      )}
                      <p className="drawer__item-meta">{drawerMessages.quantity(item.quantity)}</p>
                    </div>
                    <div className="drawer__item-end">
                      <span className="drawer__item-total">{formatAmount(line, currency)}</span>
                      <button
                        type="button"
                        className="drawer__remove"
                        disabled={removing}
                        aria-label={drawerMessages.remove(item.name)}
                        // The line and this button go: focus stays in the dialog instead of falling to the page.
                        onClick={() =>
                          void cartStore.removeItem(item.key).then(
                            () => panel.current?.focus(),
                            () => cartStore.refresh(),
                          )
                        }
                      >
                        ×
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
            <div className="drawer__footer">
              <p className="drawer__subtotal">
                <span>{drawerMessages.subtotal}</span>
                <strong>{formatAmount(amount, currency)}</strong>
              </p>
              <p className="drawer__note">{drawerMessages.footerNote}</p>
              <div className="drawer__actions">
                <Link to={cartPath} className="button button--secondary" onClick={close}>
                  {drawerMessages.viewCart}
                </Link>
                <Link to={checkoutPath} className="button" onClick={close}>
                  {drawerMessages.checkout}
                </Link>
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
