/**
 * The legacy page calls (spec §7 "Legacy page calls") on POST /ajax (http/ajax.ts): action=add_to_cart or
 * action=remove_from_cart, form-encoded as themes post it, answering page fragments (the
 * mini-cart's badge and amount) and the cart hash, or {error, product_url} to send the browser
 * to the product page.
 */
import { type Currency, formatAmount } from "@cartwright/commerce";
import type { FastifyReply } from "fastify";
import { isStoredId } from "../../db/ids.ts";
import { type AjaxActions, formField } from "../../http/ajax.ts";
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

/** The cart's /ajax actions (http/ajax.ts), on the visitor's cart session. */
export const cartAjaxActions: AjaxActions = {
  add_to_cart: {
    session: true,
    async handle(request, reply, form) {
      const context = request.ctx;
      const shop = await context.shopSettings();
      const id = Number(formField(form, "product_id"));
      const product = isStoredId(id) ? await getProduct(context, String(id)) : null;
      const given = formField(form, "quantity");
      const quantity = given ? Number(given) : (product?.add_to_cart.minimum ?? 1);
      try {
        if (!product || !Number.isInteger(quantity) || quantity < 1)
          throw new StoreError("cw_rest_cart_invalid_product", "This product cannot be added to the cart.", 400);
        return answer(reply, (await cart.addItem(context, { id, quantity, variation: [] })).view, shop);
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        // The theme sends the shopper to the product page, where the reason is explained.
        return { error: true, code: error.code, message: error.message, product_url: product?.permalink ?? shop.storePages.shop };
      }
    },
  },
  remove_from_cart: {
    session: true,
    async handle(request, reply, form) {
      const context = request.ctx;
      const shop = await context.shopSettings();
      try {
        return answer(reply, (await cart.removeItem(context, formField(form, "cart_item_key") ?? "")).view, shop);
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        // The theme reads `error`; `code` and `message` make it the shop's error shape as well.
        return reply.status(error.status === 409 ? 404 : error.status).send({ error: true, code: error.code, message: error.message });
      }
    },
  },
};

function answer(reply: FastifyReply, view: CartView, shop: ShopSettings) {
  reply.header("Cart-Hash", cartHash(view));
  return { fragments: cartFragments(view, shop, shopCurrency(shop)), cart_hash: cartHash(view) };
}
