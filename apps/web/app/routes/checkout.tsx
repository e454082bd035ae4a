/**
 * /checkout (spec §2 "Checkout screen"; issue 6). The server renders the form from the cart and
 * the shopper's saved details; after hydration it follows the cart store and places the order
 * through the Store API. The order-received page follows.
 */
import { currencyFromFields } from "@cartwright/commerce";
import { Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { CheckoutForm } from "../features/checkout/CheckoutForm.tsx";
import { checkoutMessages as t } from "../features/checkout/messages.ts";
import type { Route } from "./+types/checkout";

export async function loader({ context }: Route.LoaderArgs) {
  const { cart, checkout, settings } = context.get(storefrontContext);
  const [view, customer, savedMethods] = await Promise.all([cart.get(), checkout.customer(), checkout.savedMethods()]);
  const methods = checkout.paymentMethods();
  return {
    cart: view,
    customer,
    countries: checkout.countries(),
    paymentMethods: methods.filter((m) => !m.express),
    expressMethods: methods.filter((m) => m.express),
    savedMethods,
    settings: {
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
  return <CheckoutForm {...loaderData} currency={currencyFromFields(loaderData.cart.totals)} />;
}
