/** WooCommerce's account addresses (view-order, edit-address, edit-account): a permanent redirect to ours. */
import { data, redirect } from "react-router";
import { movedAccountPath } from "../features/account/moved.ts";
import type { Route } from "./+types/account-moved";

export function loader({ url }: Route.LoaderArgs) {
  // The loader's `url`, not the request's: a client navigation's request ends in `.data`.
  const target = movedAccountPath(url.pathname);
  if (!target) throw data(null, { status: 404, statusText: "Not Found" });
  return redirect(`${target}${url.search}`, 301);
}

export default function AccountMoved() {
  return null;
}
