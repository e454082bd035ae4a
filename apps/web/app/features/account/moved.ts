/**
 * The account pages' WooCommerce addresses, which a shop moving to us has in its customers'
 * emails and bookmarks: each answers a permanent redirect to our page for the same thing.
 */
import { ACCOUNT_PATH } from "./AccountNav.tsx";

/** Our page for a WooCommerce account path ("/my-account/view-order/12/" → "/my-account/orders/12"), or null. */
export function movedAccountPath(pathname: string): string | null {
  const rest = pathname.replace(/\/+$/, "").slice(ACCOUNT_PATH.length);
  const order = /^\/view-order\/(\d+)$/.exec(rest);
  if (order) return `${ACCOUNT_PATH}/orders/${order[1]}`;
  const address = /^\/edit-address(?:\/(billing|shipping))?$/.exec(rest);
  if (address) return address[1] ? `${ACCOUNT_PATH}/addresses/${address[1]}` : `${ACCOUNT_PATH}/addresses`;
  if (rest === "/edit-account") return `${ACCOUNT_PATH}/details`;
  return null;
}
