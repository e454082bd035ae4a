/** A paid order's or an account's downloads as the shopper's pages show them (decision 0094). */
import type { AccountDownload } from "../../context.ts";
import { formatDate } from "./format.server.ts";
import { downloadMessages as t } from "./messages.ts";

export interface DownloadRow {
  id: number;
  product: string;
  file: string;
  /** "2 left", "Unlimited". */
  remaining: string;
  /** A date in the shop's time zone, or "Never". */
  expires: string;
  /** The ISO instant behind `expires`, for a <time> element; null: never. */
  expiresAt: string | null;
  url: string;
  orderLink: string | null;
}

/** Rows of downloads; `orderLink` makes each link to its order on the account's pages. */
export function downloadRows(downloads: AccountDownload[] | undefined, zone: string, orderLink?: (id: number) => string): DownloadRow[] {
  return (downloads ?? []).map((d) => ({
    id: d.id,
    product: d.product_name,
    file: d.file_name,
    remaining: d.downloads_remaining === null ? t.unlimited : t.left(d.downloads_remaining),
    expires: d.access_expires ? formatDate(d.access_expires, zone) : t.never,
    expiresAt: d.access_expires,
    url: d.download_url,
    orderLink: orderLink ? orderLink(d.order_id) : null,
  }));
}
