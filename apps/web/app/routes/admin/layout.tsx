/**
 * /admin: the owner console's frame. The server says who is asking (the storefront port's account):
 * a guest gets the sign-in, a shopper "This area is for the shop owner", the owner and managers
 * (decision 0032) the console around the child page, its navigation fitted to their role. Every
 * page below loads its data in the browser from the owner API, which decides what a role may do.
 */
import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import { storefrontContext } from "../../context.ts";
import adminStyles from "../../features/admin/admin.css?url";
import { ConsoleShell, SignOutButton } from "../../features/admin/ConsoleShell.tsx";
import { consoleMessages as t } from "../../features/admin/messages.ts";
import { SignInForm } from "../../features/admin/SignInForm.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/layout";

/** Tells the root layout to leave out the shop's header, footer and notices. */
export const handle = { console: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ context }: Route.LoaderArgs) {
  const { account, settings, forms } = context.get(storefrontContext);
  const customer = await account.current();
  const role = customer ? await account.staffRole() : null;
  // The navigation's numbers are a pointer: the console opens without them.
  const counts = role ? await account.consoleCounts().catch(() => null) : null;
  return {
    counts,
    shopName: settings.siteTitle,
    /** The shop's time zone: the console writes every date in it (decision 0086). */
    timeZone: settings.timeZone,
    /** The shop's separators: the console's amount fields are typed and shown in them. */
    amountFormat: { decimalSeparator: settings.currency.decimalSeparator, thousandSeparator: settings.currency.thousandSeparator },
    who: !customer ? ("guest" as const) : (role ?? ("shopper" as const)),
    /** "owner" or "manager" inside the console; null outside it. */
    role,
    email: customer?.email ?? "",
    // The shop's built forms runtime, which the form builder's preview runs (decision 0029); null before its build.
    formsRuntime: role === "owner" ? forms.runtimeScript() : null,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.role ? t.consoleTitle : t.signInTitle;
  return [{ title: loaderData ? `${title} – ${loaderData.shopName}` : title }, { name: "robots", content: "noindex" }];
}

/** Who is signed in changes only with a sign-in or sign-out, which load the page afresh. */
export function shouldRevalidate() {
  return false;
}

/** Child pages whose handle says `frame: false` (the printable order documents) are only themselves: no header, no navigation. */
function useFramelessPage(): boolean {
  return useMatches().some((match) => (match.handle as { frame?: boolean } | undefined)?.frame === false);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const frameless = useFramelessPage();
  const nonce = root?.storeNonce.value ?? "";
  const { shopName, who, email, role, timeZone, amountFormat, counts } = loaderData;
  // The console's dates are written in the shop's zone and its amounts typed in the shop's separators, which its pages
  // read from here (features/admin/time-zone.ts, money.ts): their client loaders run before this renders on a first load.
  // Written here, not imported, so that the frame stays without the pages' code.
  const shopMark = (
    <span
      hidden
      data-shop-time-zone={timeZone}
      data-shop-decimal-separator={amountFormat.decimalSeparator}
      data-shop-thousand-separator={amountFormat.thousandSeparator}
    />
  );
  if (who === "guest") return <SignInForm shopName={shopName} nonce={nonce} />;
  if (who === "shopper")
    return (
      <main id="admin-main" className="admin-signin" data-console-closed="">
        <div className="admin-signin__card">
          <p className="admin-signin__shop">{shopName}</p>
          <h1>{t.notOwnerTitle}</h1>
          <p>{t.notOwnerBody(email)}</p>
          <p className="admin-actions">
            <SignOutButton nonce={nonce} />
            <a href="/">{t.backToShop}</a>
          </p>
        </div>
      </main>
    );
  // Signed in as staff, as above: a frameless page still gets here only past the same checks.
  if (frameless)
    return (
      <>
        {shopMark}
        <Outlet />
      </>
    );
  return (
    <ConsoleShell shopName={shopName} email={email} nonce={nonce} role={role ?? "manager"} counts={counts}>
      {shopMark}
      <Outlet />
    </ConsoleShell>
  );
}
