/** The home page is the shop for now. */
import { redirect } from "react-router";
import { storefrontContext } from "../context.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { settings } = context.get(storefrontContext);
  throw redirect(settings.storePages.shop || "/shop");
}
