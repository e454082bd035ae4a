/**
 * /admin/invite?token=…: a signed-out visitor accepts a staff invitation (decision 0032). Outside
 * the console's frame (which would ask them to sign in first); the console's stylesheet and client.
 */
import { useRouteLoaderData, useSearchParams } from "react-router";
import { storefrontContext } from "../../context.ts";
import adminStyles from "../../features/admin/admin.css?url";
import { AcceptInviteForm } from "../../features/admin/staff/AcceptInviteForm.tsx";
import { inviteMessages as t } from "../../features/admin/staff/messages.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/invite";

/** Tells the root layout to leave out the shop's header, footer and notices. */
export const handle = { console: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ context }: Route.LoaderArgs) {
  return { shopName: context.get(storefrontContext).settings.siteTitle };
}

export function headers() {
  // The token is in the address: no cache keeps the page (the shop's referrer policy already keeps paths from other sites).
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${t.title} – ${loaderData.shopName}` : t.title }, { name: "robots", content: "noindex" }];
}

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [params] = useSearchParams();
  return (
    <main id="admin-main" className="admin-signin" tabIndex={-1}>
      <div className="admin-signin__card">
        <p className="admin-signin__shop">{loaderData.shopName}</p>
        <h1>{t.title}</h1>
        <AcceptInviteForm token={params.get("token") ?? ""} nonce={root?.storeNonce.value ?? ""} />
      </div>
    </main>
  );
}
