/** WooCommerce's account addresses (view-order, edit-address, edit-account): a permanent redirect to ours. */
import { data, redirect } from "react-router";
import { movedAccountPath } from "../features/account/moved.ts";
import type { Route } from "./+types/account-moved";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = movedAccountPath(url.pathname);
  if (!target) throw data(null, { status: 404, statusText: "Not Found" });
  return redirect(`${target}${url.search}`, 301);
}

export default function AccountMoved() {
  return null;
}
