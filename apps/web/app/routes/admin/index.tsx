/** /admin itself opens the first section of the console the signed-in role may use (a manager's differs, decision 0032). */
import { redirect } from "react-router";
import { storefrontContext } from "../../context.ts";
import { navItemsFor } from "../../features/admin/ConsoleShell.tsx";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const role = await context.get(storefrontContext).account.staffRole();
  return redirect(navItemsFor(role ?? "owner")[0]?.to ?? "/admin/account");
}

export default function AdminIndex() {
  return null;
}
