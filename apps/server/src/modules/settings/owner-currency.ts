import type { OwnerCurrency } from "@cartwright/commerce/admin";
import type { RequestContext } from "../../http/context.ts";

/** The shop's currency, which owner replies carry beside their amounts so the console shows and takes them in whole units. */
export async function ownerCurrency(ctx: RequestContext): Promise<OwnerCurrency> {
  const { currency } = await ctx.shopSettings();
  return { currency_code: currency.code, currency_minor_unit: currency.minorUnit };
}
