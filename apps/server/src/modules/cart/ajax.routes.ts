/**
 * The legacy page endpoint (spec §7 "Legacy page calls"): POST /ajax with action=add_to_cart or
 * action=remove_from_cart, form-encoded as themes post it, answering page fragments (the
 * mini-cart's badge and amount) and the cart hash, or {error, product_url} to send the browser
 * to the product page.
 */
import { type Currency, formatAmount } from "@cartwright/commerce";
import type { FastifyPluginAsync } from "fastify";
import { isStoredId } from "../../db/ids.ts";
import { StoreError } from "../../http/errors.ts";
import { getProduct } from "../catalog/index.ts";
import { type ShopSettings, shopCurrency } from "../settings/index.ts";
import * as cart from "./cart.service.ts";
import type { CartView } from "./cart-view.ts";
import { cartHash } from "./reply-cache.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The pieces of the page that show the cart, keyed by the selector a theme replaces. */
export function cartFragments(view: CartView, settings: ShopSettings, currency: Currency): Record<string, string> {
  const amount = Number(view.totals.total_items) + (settings.displayCartPricesIncludingTax ? Number(view.totals.total_items_tax) : 0);
  return {
    "span.mini-cart__badge": `<span class="mini-cart__badge">${view.items_count}</span>`,
    "span.mini-cart__amount": `<span class="mini-cart__amount" aria-hidden="true">${escapeHtml(formatAmount(amount, currency))}</span>`,
  };
}

export const ajaxRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post("/ajax", { schema: { hide: true } }, async (request, reply) => {
    const form = { ...(request.query as Record<string, string>), ...((request.body as Record<string, string> | undefined) ?? {}) };
    const context = request.ctx;
    const shop = await context.shopSettings();
    const answer = (view: CartView) => {
      reply.header("Cart-Hash", cartHash(view));
      return { fragments: cartFragments(view, shop, shopCurrency(shop)), cart_hash: cartHash(view) };
    };

    if (form.action === "add_to_cart") {
      const id = Number(form.product_id);
      const product = isStoredId(id) ? await getProduct(context, String(id)) : null;
      const quantity = form.quantity ? Number(form.quantity) : (product?.add_to_cart.minimum ?? 1);
      try {
        if (!product || !Number.isInteger(quantity) || quantity < 1)
          throw new StoreError("cw_rest_cart_invalid_product", "This product cannot be added to the cart.", 400);
        return answer(await cart.addItem(context, { id, quantity, variation: [] }));
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        // The theme sends the shopper to the product page, where the reason is explained.
        return { error: true, message: error.message, product_url: product?.permalink ?? shop.storePages.shop };
      }
    }
    if (form.action === "remove_from_cart") {
      try {
        return answer(await cart.removeItem(context, String(form.cart_item_key ?? "")));
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        return reply.status(error.status === 409 ? 404 : error.status).send({ error: true, message: error.message });
      }
    }
    throw new StoreError("cw_ajax_unknown_action", "Unknown action: use add_to_cart or remove_from_cart.", 400);
  });
};
