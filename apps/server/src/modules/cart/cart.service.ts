/**
 * Cart operations. Every write runs in one transaction holding the cart's row lock, so
 * concurrent writes to one cart neither lose items nor duplicate lines; the reply is the
 * whole cart, priced afresh.
 */
import type { Db } from "../../db/index.ts";
import { StoreError } from "../../http/errors.ts";
import { CART_TTL_SECONDS } from "../../http/tokens.ts";
import { loadPurchasables } from "../catalog/index.ts";
import type { ShopSettings } from "../settings/index.ts";
import { cartErrors } from "./cart.errors.ts";
import * as repo from "./cart.repo.ts";
import { checkQuantity, lineKey, resolveVariation, type VariationChoice } from "./cart-items.ts";
import { buildCartView, type CartView, loadPricedCart, type PricingInputs } from "./cart-view.ts";
import { type AddressInput, validateCustomerUpdate } from "./customer.ts";
import { runCartExtension } from "./extensions.ts";

export interface CartSession {
  sid: string;
  /** Signed-in customer id, 0 for a guest. */
  uid: number;
}

export interface CartContext {
  db: Db;
  settings: ShopSettings;
  session: CartSession;
  now?: Date;
}

const nowOf = (ctx: CartContext) => ctx.now ?? new Date();
const expiryOf = (now: Date) => new Date(now.getTime() + CART_TTL_SECONDS * 1000).toISOString();

export async function getCart(ctx: CartContext): Promise<CartView> {
  return buildCartView(ctx, await repo.findCart(ctx.db, ctx.session.sid));
}

/**
 * Runs a write under the cart's lock and prices the reply in the same transaction, from the cart
 * as written; a write may hand over the pricing rows it read, so they are not read again.
 * Expected failures with status 409 carry the current cart.
 */
async function mutate(
  ctx: CartContext,
  write: (trx: Db, stored: repo.StoredCart) => Promise<Partial<PricingInputs> | undefined>,
): Promise<CartView> {
  const now = nowOf(ctx);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const db = trx as unknown as Db;
      await repo.lockCart(db, ctx.session.sid, ctx.session.uid || null, expiryOf(now), now.toISOString());
      const stored = await repo.findCart(db, ctx.session.sid);
      if (!stored) throw new Error("cart vanished under its lock");
      const known = await write(db, stored);
      await repo.touchCart(db, ctx.session.sid, now.toISOString(), expiryOf(now));
      return buildCartView({ ...ctx, db }, await repo.findCart(db, ctx.session.sid), known);
    });
  } catch (error) {
    if (error instanceof StoreError && error.status === 409) {
      throw new StoreError(error.code, error.message, error.status, { ...error.data, cart: await getCart(ctx) });
    }
    throw error;
  }
}

export interface AddItemInput {
  id: number;
  quantity: number;
  variation: VariationChoice[];
}

export async function addItem(ctx: CartContext, input: AddItemInput): Promise<CartView> {
  return mutate(ctx, async (trx, stored) => {
    const products = await loadPurchasables(trx, [input.id]);
    const product = products.get(input.id);
    if (!product) throw cartErrors.invalidProduct();
    let productId = product.row.id;
    let variationId: number | null = null;
    let variation: VariationChoice[] = [];
    let item = product;
    if (product.row.type === "variable") {
      const resolved = resolveVariation(product, input.variation);
      variationId = resolved.variationId;
      variation = resolved.variation;
      const variations = await loadPurchasables(trx, [variationId]);
      item = variations.get(variationId) ?? product;
    } else if (product.row.type === "variation") {
      productId = product.parent.id;
      variationId = product.row.id;
      variation = product.attributes.map((a) => ({ attribute: a.attribute, value: a.value }));
    }
    const key = lineKey(productId, variationId, variation, []);
    const existing = stored.items.find((i) => i.key === key);
    if (existing && item.row.sold_individually) throw cartErrors.soldIndividually(item.parent.name);
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    checkQuantity(item, quantity);
    const known = { purchasables: new Map([[item.row.id, item]]) };
    if (existing) {
      await repo.setItemQuantity(trx, stored.cart.id, key, quantity);
    } else {
      await repo.insertItem(trx, {
        cart_id: stored.cart.id,
        key,
        product_id: productId,
        variation_id: variationId,
        quantity,
        variation: JSON.stringify(variation),
        item_data: "[]",
        price_when_added: item.price,
        position: await repo.nextItemPosition(trx, stored.cart.id),
        added_at: nowOf(ctx).toISOString(),
      });
    }
    return known;
  });
}

export async function updateItem(ctx: CartContext, key: string, quantity: number): Promise<CartView> {
  return mutate(ctx, async (trx, stored) => {
    const line = stored.items.find((i) => i.key === key);
    if (!line) throw cartErrors.invalidKey();
    if (quantity === 0) {
      await repo.deleteItem(trx, stored.cart.id, key);
      return;
    }
    const id = line.variation_id ?? line.product_id;
    const item = (await loadPurchasables(trx, [id])).get(id);
    if (!item) throw cartErrors.invalidKey();
    if (!item.limits.editable && quantity !== line.quantity) throw cartErrors.readonlyQuantity(item.parent.name);
    checkQuantity(item, quantity);
    await repo.setItemQuantity(trx, stored.cart.id, key, quantity);
    return { purchasables: new Map([[id, item]]) };
  });
}

export async function removeItem(ctx: CartContext, key: string): Promise<CartView> {
  return mutate(ctx, async (trx, stored) => {
    if ((await repo.deleteItem(trx, stored.cart.id, key)) === 0) throw cartErrors.invalidKey();
  });
}

const normaliseCode = (code: string) => code.trim().toLowerCase();

export async function applyCoupon(ctx: CartContext, rawCode: string): Promise<CartView> {
  const code = normaliseCode(rawCode);
  return mutate(ctx, async (trx, stored) => {
    if (stored.coupons.includes(code)) throw cartErrors.couponAlreadyApplied(code);
    const priced = await loadPricedCart({ ...ctx, db: trx }, stored);
    const verdict = await priced.checkNewCoupon(code);
    if (verdict) throw verdict;
    await repo.addCoupon(trx, stored.cart.id, code);
    return priced.inputs;
  });
}

export async function removeCoupon(ctx: CartContext, rawCode: string): Promise<CartView> {
  const code = normaliseCode(rawCode);
  return mutate(ctx, async (trx, stored) => {
    if ((await repo.removeCoupons(trx, stored.cart.id, [code])) === 0) throw cartErrors.couponNotApplied(code);
  });
}

export async function selectShippingRate(ctx: CartContext, packageId: number | undefined, rateId: string): Promise<CartView> {
  if (!ctx.settings.shippingEnabled) throw cartErrors.shippingDisabled();
  if (!rateId) throw cartErrors.missingRateId();
  return mutate(ctx, async (trx, stored) => {
    const priced = await loadPricedCart({ ...ctx, db: trx }, stored);
    const selection = priced.selectRate(packageId, rateId);
    await repo.touchCart(trx, stored.cart.id, nowOf(ctx).toISOString(), expiryOf(nowOf(ctx)), {
      selected_rates: JSON.stringify(selection),
    });
    return priced.inputs;
  });
}

export async function updateCustomer(
  ctx: CartContext,
  input: { billing_address?: AddressInput; shipping_address?: AddressInput },
): Promise<CartView> {
  return mutate(ctx, async (trx, stored) => {
    const update = validateCustomerUpdate(ctx.settings, stored.cart, input);
    await repo.touchCart(trx, stored.cart.id, nowOf(ctx).toISOString(), expiryOf(nowOf(ctx)), update);
  });
}

export async function callExtension(ctx: CartContext, namespace: string, data: Record<string, unknown>): Promise<CartView> {
  return mutate(ctx, async (trx, stored) => {
    const extensions = await runCartExtension(namespace, data, JSON.parse(stored.cart.extensions) as Record<string, unknown>);
    await repo.touchCart(trx, stored.cart.id, nowOf(ctx).toISOString(), expiryOf(nowOf(ctx)), { extensions: JSON.stringify(extensions) });
  });
}

/** Moves a guest cart's lines and coupons into the customer's saved cart (on sign-in). */
export async function mergeCarts(db: Db, guestCartId: string, customerCartId: string): Promise<void> {
  if (guestCartId === customerCartId) return;
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const guest = await repo.findCart(tx, guestCartId);
    const target = await repo.findCart(tx, customerCartId);
    if (!guest || !target) return;
    for (const item of guest.items) {
      const existing = target.items.find((i) => i.key === item.key);
      if (existing) {
        await repo.setItemQuantity(tx, customerCartId, item.key, Math.max(existing.quantity, item.quantity));
      } else {
        await repo.insertItem(tx, { ...item, cart_id: customerCartId, position: await repo.nextItemPosition(tx, customerCartId) });
      }
    }
    for (const code of guest.coupons) await repo.addCoupon(tx, customerCartId, code);
    await tx.deleteFrom("carts").where("id", "=", guestCartId).execute();
  });
}

export { deleteExpiredCarts } from "./cart.repo.ts";
