/**
 * /checkout (spec §2 "Checkout screen"; issue 6). The server renders the form from the cart and
 * the shopper's saved details; after hydration it follows the cart store and places the order
 * through the Store API. The order-received page follows.
 *
 * /checkout?preview=editor is the editor preview (spec §1, §2, §9): for the signed-in shop owner
 * the form shows the spec's sample cart instead of theirs; anyone else gets the normal checkout.
 */
import { currencyFromFields } from "@cartwright/commerce";
import { useEffect } from "react";
import { Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { BlockErrorBoundary } from "../features/checkout/blocks/BlockErrorBoundary.tsx";
import { CheckoutForm } from "../features/checkout/CheckoutForm.tsx";
import { exposeCheckoutExtensionApi } from "../features/checkout/extensions.ts";
import { checkoutMessages as t } from "../features/checkout/messages.ts";
import type { Route } from "./+types/checkout";

/** The express buttons, for the cart page's express area (features/cart/ExpressArea.tsx), taken through here for the same reason. */
export { ExpressButtons, handExpressToCheckout, usableExpressMethods } from "../features/checkout/payment/ExpressButtons.tsx";
/**
 * The payment section, for the pay-for-order page (routes/order-pay.tsx): taken through this module
 * so that page loads the checkout's own files, and the checkout's and the cart's stay as they are (decision 0085).
 */
export { PaymentSection } from "../features/checkout/payment/PaymentSection.tsx";

/** Shown above the form in the editor preview. */
const PREVIEW_BANNER = "Editor preview: sample data, nothing here is a real order.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cart, checkout, settings, account, attribution } = context.get(storefrontContext);
  // Null unless the signed-in customer is the owner: the parameter alone shows shoppers nothing.
  const sample = new URL(request.url).searchParams.get("preview") === "editor" ? await checkout.preview() : null;
  const [view, customer, savedMethods, draft] = sample
    ? [sample, null, [], null]
    : await Promise.all([cart.get(), checkout.customer(), checkout.savedMethods(), checkout.draft()]);
  const methods = checkout.paymentMethods().filter((m) => !sample || sample.payment_methods.includes(m.id));
  return {
    preview: sample !== null,
    // Cross-sells are the cart page's; the checkout page is lighter without them.
    cart: { ...view, cross_sells: [] },
    customer,
    draft,
    countries: checkout.countries(),
    additionalFields: checkout.additionalFields(),
    paymentMethods: methods.filter((m) => !m.express),
    expressMethods: methods.filter((m) => m.express),
    savedMethods,
    attribution: attribution && { consent: attribution.consent, fieldPrefix: attribution.fieldPrefix },
    settings: {
      locale: checkout.locale(),
      // The shop owner is the store administrator (spec §6): detailed errors instead of generic ones.
      currentUserIsAdmin: await account.isOwner(),
      allowsGuest: settings.checkoutAllowsGuest,
      canCreateAccount: settings.checkoutCanCreateAccount,
      totals: {
        withTax: settings.displayCartPricesIncludingTax,
        itemizedTaxes: settings.displayItemizedTaxes,
        taxesEnabled: settings.taxesEnabled,
      },
    },
    paths: {
      cart: settings.storePages.cart || "/cart",
      shop: settings.storePages.shop || "/shop",
      account: settings.storePages.myaccount || "/my-account",
      terms: settings.storePages.terms || "/terms",
      privacy: settings.storePages.privacy || "/privacy",
    },
    title: `${t.title} – ${settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.title }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  // Extension scripts in the page register through window.cartwright once the checkout is live.
  useEffect(() => exposeCheckoutExtensionApi(), []);
  if (loaderData.cart.items.length === 0) {
    return (
      <section className="checkout-page checkout-page--empty">
        <h1>{t.title}</h1>
        <p>{t.emptyCart}</p>
        <Link to={loaderData.paths.shop} className="button">
          {t.browse}
        </Link>
      </section>
    );
  }
  // The spread hands CheckoutForm `preview` too (no Store API writes, no placing the order).
  const form = (
    <BlockErrorBoundary blockName={t.title} isAdmin={loaderData.settings.currentUserIsAdmin}>
      <CheckoutForm {...loaderData} currency={currencyFromFields(loaderData.cart.totals)} />
    </BlockErrorBoundary>
  );
  if (!loaderData.preview) return form;
  return (
    <>
      <p className="notice notice--info checkout-preview-banner" role="status">
        {PREVIEW_BANNER}
      </p>
      {form}
    </>
  );
}
