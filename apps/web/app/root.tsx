/** The page shell: head, store notice, header, main content, footer, and the error pages. */
import { type ReactNode, useLayoutEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { COMING_SOON_DISMISS_URL, ComingSoonBanner } from "./components/ComingSoonBanner.tsx";
import { ContactWidgets, pageContactWidgets } from "./components/ContactWidgets.tsx";
import { ErrorPanel, NotFound } from "./components/ErrorPanel.tsx";
import { miniCartTaxLabel } from "./components/MiniCartButton.tsx";
import { SiteFooter, SiteHeader } from "./components/SiteHeader.tsx";
import { StoreNotice } from "./components/StoreNotice.tsx";
import { contactWidgetsContext, storefrontContext } from "./context.ts";
import { CONSENT_META_NAME, listenForConsent } from "./features/attribution/consent.ts";
import { readCookie, storeNoticeCookie } from "./lib/cookies.ts";
import { shopCurrency } from "./lib/currency.ts";
import { keepEarlyInput } from "./lib/early-input.ts";
import { errorMessages, layoutMessages } from "./messages.ts";
import { CartProvider } from "./stores/cart-provider.tsx";
import stylesheet from "./styles/app.css?url";

// Order attribution's consent event can come before React hydrates (decision 0014).
if (typeof window !== "undefined") listenForConsent(window);

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // No favicon yet: an empty one saves every page a request that would render the 404 page.
  { rel: "icon", href: "data:," },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { settings, catalog, cart, visitor, cspNonce, nonce, attribution, contactWidgets } = context.get(storefrontContext);
  const [categories, summary, meta, widgets] = await Promise.all([
    catalog.listCategories(),
    cart.summary(),
    settings.comingSoon.enabled ? visitor.meta() : Promise.resolve({} as Awaited<ReturnType<typeof visitor.meta>>),
    contactWidgets(),
  ]);
  // The widgets' settings are for the page's data block alone (entry.server writes it), not for React's data.
  context.set(contactWidgetsContext, widgets);
  const notice = settings.storeNotice;
  const dismissed = readCookie(request.headers.get("cookie"), storeNoticeCookie(notice.id)) !== undefined;
  return {
    siteTitle: settings.siteTitle,
    storePages: settings.storePages,
    categories: categories.map(({ id, name, link }) => ({ id, name, link })),
    currency: shopCurrency(settings.currency),
    storeNotice: notice.enabled && notice.text && !dismissed ? { id: notice.id, text: notice.text } : null,
    comingSoon:
      settings.comingSoon.enabled && meta.coming_soon_banner_dismissed !== "yes"
        ? { text: settings.comingSoon.text, dismissUrl: COMING_SOON_DISMISS_URL }
        : null,
    // The amount follows the cart's tax display (spec §2 "Mini-cart").
    cart: {
      itemsCount: summary.itemsCount,
      amount: String(summary.totalItems + (settings.displayCartPricesIncludingTax ? summary.totalItemsTax : 0)),
    },
    nonce: cspNonce,
    /** The Store API nonce for this visitor's writes from the browser. */
    storeNonce: { value: nonce, timestamp: Math.floor(Date.now() / 1000) },
    /** What the consent listener needs; null when attribution is off. */
    attribution: attribution && { domain: attribution.domain, consent: attribution.consent },
    addToCartBehaviour: settings.addToCartBehaviour,
    displayCartPricesIncludingTax: settings.displayCartPricesIncludingTax,
    miniCartTaxLabel: miniCartTaxLabel(settings.displayCartPricesIncludingTax, settings.pricesIncludeTax),
    /** Plain text after product prices ("incl. VAT"); empty for none. */
    priceSuffix: settings.priceDisplaySuffix,
    /** The contact widgets' loader and reach (decision 0020); null when none shows. Their settings go in the page only. */
    contactWidgets: pageContactWidgets(widgets),
  };
}

/** Settings and categories change rarely: reload them (and the cart count) after a write, not on every page change. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const siteTitle = loaderData?.siteTitle ?? "";
  if (error) {
    const title = isRouteErrorResponse(error) && error.status === 404 ? errorMessages.notFoundTitle : errorMessages.title;
    return [{ title: siteTitle ? `${title} – ${siteTitle}` : title }];
  }
  return [{ title: siteTitle }];
}

/** Routes whose handle says `console: true` (the owner console at /admin) draw their own frame, not the shop's. */
function useConsolePage(): boolean {
  return useMatches().some((match) => (match.handle as { console?: boolean } | undefined)?.console === true);
}

/**
 * Routes whose handle says `hydrate: false` (a form's page, decision 0026) are HTML only: no
 * React scripts; their header works as plain links and forms.
 */
function useHydratedPage(): boolean {
  return !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const shop = !useConsolePage();
  const hydrate = useHydratedPage();
  const shopPath = data?.storePages.shop || "/shop";
  // The page's outermost effect: it runs once the whole page has hydrated, before any field renders again.
  useLayoutEffect(() => keepEarlyInput(document), []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data?.attribution && (
          <meta name={CONSENT_META_NAME} content={JSON.stringify({ ...data.attribution, nonce: data.storeNonce.value })} />
        )}
      </head>
      <body>
        {shop && (
          <a className="skip-link" href="#main">
            {layoutMessages.skipToContent}
          </a>
        )}
        <CartProvider nonce={data?.storeNonce ?? { value: "", timestamp: 0 }}>
          {shop && data?.storeNotice && <StoreNotice id={data.storeNotice.id} text={data.storeNotice.text} dismissible={hydrate} />}
          {shop && data && (
            <SiteHeader
              siteTitle={data.siteTitle}
              shopPath={shopPath}
              categories={data.categories}
              currency={data.currency}
              cart={data.cart}
              miniCart={{
                displayPricesIncludingTax: data.displayCartPricesIncludingTax,
                taxLabel: data.miniCartTaxLabel,
                openAfterAdd: data.addToCartBehaviour === "open_drawer",
                cartPath: data.storePages.cart || "/cart",
                checkoutPath: data.storePages.checkout || "/checkout",
                staticPage: !hydrate,
              }}
            />
          )}
          {shop ? (
            <main id="main" className="site-main">
              {children}
            </main>
          ) : (
            children
          )}
          {shop && data && (
            <SiteFooter
              siteTitle={data.siteTitle}
              privacyPath={data.storePages.privacy}
              termsPath={data.storePages.terms}
              widgetReach={data.contactWidgets?.reach ?? 0}
            />
          )}
          {shop && data?.comingSoon && (
            <ComingSoonBanner text={data.comingSoon.text} dismissUrl={data.comingSoon.dismissUrl} dismissible={hydrate} />
          )}
        </CartProvider>
        {hydrate && <ScrollRestoration nonce={data?.nonce} />}
        {hydrate && <Scripts nonce={data?.nonce} />}
        {shop && data?.contactWidgets && <ContactWidgets widgets={data.contactWidgets} nonce={data.nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound shopPath={data?.storePages.shop} />;
  let detail: string | undefined;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`.trim();
  else if (import.meta.env.DEV && error instanceof Error) detail = error.message;
  return <ErrorPanel detail={detail} />;
}
