/**
 * /cart: the cart page (spec §2 "Cart screen"). The server renders it from the loader's cart;
 * after hydration it follows the cart store, which the loader's cart seeds. Its lines go through
 * the checkout filters, so extension scripts get window.cartwright here too, once the page is live.
 */
import { currencyFromFields } from "@cartwright/commerce";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { CartLineItem } from "../features/cart/CartLineItem.tsx";
import { CouponPanel } from "../features/cart/CouponPanel.tsx";
import { CrossSells } from "../features/cart/CrossSells.tsx";
import { ExpressPayments } from "../features/cart/ExpressPayments.tsx";
import { cartPageMessages as t } from "../features/cart/messages.ts";
import { NoticeList } from "../features/cart/NoticeList.tsx";
import { ProceedToCheckout } from "../features/cart/ProceedToCheckout.tsx";
import { TotalsBlock } from "../features/cart/TotalsBlock.tsx";
import { BlockErrorBoundary } from "../features/checkout/blocks/BlockErrorBoundary.tsx";
import { useContainerWidth } from "../lib/use-container-width.ts";
import { hasPendingOperations } from "../stores/cart.ts";
import { useCart, useCartStore } from "../stores/cart-context.tsx";
import { CONTEXTS, noticeStore } from "../stores/notices.ts";
import type { Route } from "./+types/cart";

export async function loader({ context }: Route.LoaderArgs) {
  const { cart, settings, account } = context.get(storefrontContext);
  const [view, isAdmin] = await Promise.all([cart.get(), account.isOwner()]);
  return {
    cart: view,
    // The shop owner is the store administrator (spec §6): a checkout filter's mistake is thrown for them.
    isAdmin,
    totals: {
      withTax: settings.displayCartPricesIncludingTax,
      itemizedTaxes: settings.displayItemizedTaxes,
      taxesEnabled: settings.taxesEnabled,
    },
    shopPath: settings.storePages.shop || "/shop",
    checkoutPath: settings.storePages.checkout || "/checkout",
    title: `${t.title} – ${settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.title }, { name: "robots", content: "noindex" }];
}

/** The cart shows the shopper's lines and address: no cache keeps it (decision 0018). */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { store } = useCartStore();
  const live = useCart((s) => s.cart);
  const loadError = useCart((s) => s.loadError);
  const heading = useRef<HTMLHeadingElement>(null);
  // Spec §9 layout widths, from the block's own width; the server renders is-large.
  const [block, width] = useContainerWidth<HTMLElement>();

  // Extension scripts register their filters through window.cartwright: the checkout's API, loaded once the page is live.
  useEffect(() => {
    import("../features/checkout/extensions.ts").then((api) => api.exposeCheckoutExtensionApi());
  }, []);

  // The loader's cart seeds the store, and replaces its copy after each load unless a write is under way.
  useEffect(() => {
    const state = store.getState();
    if (state.cart && (hasPendingOperations(state) || state.applyingCoupon || state.removingCoupon || state.updatingSelectedRate)) return;
    store.setState({ cart: loaderData.cart, loadError: null });
    // Cart item errors are notices of the cart context, under the ids the store clears them by (spec §4).
    const notices = noticeStore.getState();
    notices.removeWhere((n) => n.context === CONTEXTS.cart && n.id.startsWith("cart-error-"));
    for (const error of loaderData.cart.errors) {
      notices.add({ id: `cart-error-${error.code}-${error.message}`, context: CONTEXTS.cart, status: "error", content: error.message });
    }
  }, [store, loaderData.cart]);

  const cart = live ?? loaderData.cart;
  const currency = currencyFromFields(cart.totals);
  const { withTax } = loaderData.totals;
  const title = (
    <h1 ref={heading} tabIndex={-1} className="cart-page__title">
      {t.title}
    </h1>
  );

  // Spec §8 cart_api_error: the cart could not be fetched again; what is shown may be old.
  const failed = loadError && (
    <p className="notice notice--error" role="alert">
      {loadError}
    </p>
  );

  if (cart.items.length === 0) {
    return (
      <section ref={block} className={`cart-page cart-page--empty ${width}`}>
        {title}
        <NoticeList context={CONTEXTS.cart} />
        {failed}
        <div className="cart-empty">
          <h2 className="cart-empty__title">{t.empty}</h2>
          <p>{t.emptyHint}</p>
          <Link to={loaderData.shopPath} className="button">
            {t.browse}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section ref={block} className={`cart-page ${width}`}>
      {title}
      <NoticeList context={CONTEXTS.cart} />
      {failed}
      <div className="cart-page__layout">
        <div className="cart-page__main">
          {/* A checkout filter's mistake is thrown for the store administrator (spec §5): shown here, not instead of the page. */}
          <BlockErrorBoundary blockName={t.title} isAdmin={loaderData.isAdmin}>
            <table className="cart-table">
              <caption className="visually-hidden">{t.tableLabel}</caption>
              <thead>
                <tr>
                  <th scope="col" className="cart-table__image">
                    {t.product}
                  </th>
                  <th scope="col" className="cart-table__details">
                    {t.details}
                  </th>
                  <th scope="col" className="cart-table__total">
                    {t.total}
                  </th>
                </tr>
              </thead>
              <tbody>
                {cart.items.map((item) => (
                  <CartLineItem
                    key={item.key}
                    item={item}
                    cart={cart}
                    currency={currency}
                    withTax={withTax}
                    isAdmin={loaderData.isAdmin}
                    onRemoved={() => heading.current?.focus()}
                  />
                ))}
              </tbody>
            </table>
          </BlockErrorBoundary>
          <CrossSells products={cart.cross_sells} />
        </div>
        <aside className="cart-page__sidebar" aria-labelledby="cart-totals-title">
          <h2 id="cart-totals-title" className="cart-page__totals-title">
            {t.cartTotals}
          </h2>
          <TotalsBlock cart={cart} currency={currency} {...loaderData.totals}>
            <CouponPanel />
          </TotalsBlock>
          <ExpressPayments cart={cart} />
          <ProceedToCheckout to={loaderData.checkoutPath} />
        </aside>
      </div>
    </section>
  );
}
