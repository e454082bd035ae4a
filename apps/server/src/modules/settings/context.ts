/** The shop's settings in the request context (http/context.ts), and a context with them read. */
import type { RequestContext } from "../../http/context.ts";
import type { ShopSettings } from "./settings.types.ts";

declare module "../../http/context.ts" {
  interface ContextTypes {
    settings: ShopSettings;
  }
}

/** A request context with the shop's settings read: for services that use them throughout (pricing, checkout, product shapes). */
export type ShopContext = RequestContext & { readonly settings: ShopSettings };

/** The context with its settings read (once per request: the context keeps them); one that has them already is kept as it is. */
export async function withShopSettings(ctx: RequestContext | ShopContext): Promise<ShopContext> {
  return "settings" in ctx ? ctx : { ...ctx, settings: await ctx.shopSettings() };
}
