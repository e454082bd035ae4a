/** /my-account/downloads: the files the signed-in customer's paid orders let them download (decision 0094). */
import { Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout } from "../features/account/AccountNav.tsx";
import { DownloadsTable } from "../features/account/Downloads.tsx";
import { downloadRows } from "../features/account/downloads.server.ts";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages, downloadMessages as t } from "../features/account/messages.ts";
import type { Route } from "./+types/account-downloads";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  await requireCustomer(account, request);
  return {
    rows: downloadRows(await account.downloads(), settings.timeZone, (id) => `${ACCOUNT_PATH}/orders/${id}`),
    shopPath: settings.storePages.shop || "/shop",
    title: `${accountMessages.downloads} – ${settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? accountMessages.downloads }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountDownloads({ loaderData }: Route.ComponentProps) {
  return (
    <AccountLayout title={accountMessages.downloads}>
      {loaderData.rows.length === 0 ? (
        <div className="account-empty">
          <p>{t.none}</p>
          <Link to={loaderData.shopPath} className="button">
            {t.browse}
          </Link>
        </div>
      ) : (
        <DownloadsTable rows={loaderData.rows} heading={false} />
      )}
    </AccountLayout>
  );
}
