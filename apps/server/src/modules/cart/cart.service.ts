/**
 * Cart operations. Every write runs in one transaction holding the cart's row lock, so
 * concurrent writes to one cart neither lose items nor duplicate lines; the reply is the
 * whole cart, priced afresh.
 */
import type { Db } from "../../db/index.ts";
import { snapshotRevisions } from "../../db/revisions.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { loadPurchasables } from "../catalog/index.ts";
import { getSettings, type ShopContext, withShopSettings } from "../settings/index.ts";
import { cartErrors } from "./cart.errors.ts";
import * as repo from "./cart.repo.ts";
import { checkQuantity, lineKey, resolveVariation, type VariationChoice } from "./cart-items.ts";
import { type CartView, loadPricedCart, type PricingInputs } from "./cart-view.ts";
import { type AddressInput, validateCustomerUpdate } from "./customer.ts";
import { runCartExtension } from "./extensions.ts";
import { expiryOf } from "./held-cart.ts";
import { type CartReply, cachedReply, cartStamp, keepReply, keptLines } from "./reply-cache.ts";

const nowOf = (ctx: { now?: Date }) => ctx.now ?? new Date();

export async function getCart(ctx: RequestContext): Promise<CartView> {
  return JSON.parse((await getCartReply(ctx)).body.toString("utf8")) as CartView;
}

/**
 * The cart as the Store API sends it. A reply priced earlier is sent again while its stamp holds
 * (reply-cache.ts): one read of the cart's row and the revisions instead of pricing it afresh.
 */
export async function getCartReply(ctx: RequestContext): Promise<CartReply> {
  const sid = ctx.session.sid;
  // One connection for the whole read, so the revisions are read once, before anything priced from them.
  return ctx.db.connection().execute(async (connection) => {
    const db = connection as Db;
    snapshotRevisions(db);
    const cart = await repo.findCartRow(db, sid);
    const version = cart?.version ?? null;
    const stamp = await cartStamp(db, version);
    const now = nowOf(ctx);
    const kept = cachedReply(db, sid, version, stamp, now.getTime());
    if (kept) return kept;
    const stored = cart && (keptLines(db, cart) ?? (await repo.withLines(db, cart)));
    // Settings only for pricing afresh (a kept reply's stamp covers them), read under the revisions of the stamp.
    const settings = await getSettings(db);
    const priced = await loadPricedCart({ ...ctx, settings, db }, stored);
    return keepReply(db, stored, sid, stamp, priced.stableUntil, await priced.view());
  });
}

/** What a write did beyond its own rows: pricing rows it already read, cart fields to save. */
interface WriteResult {
  known?: Partial<PricingInputs>;
  cartFields?: repo.CartFields;
}

/**
 * Runs a write under the cart's lock and prices the reply in the same transaction. The write
 * changes the rows and the in-memory cart alike, so the reply is priced without reading the cart
 * again; it may hand over the pricing rows it read, so they are not read again either.
 * Expected failures with status 409 carry the current cart.
 */
async function mutate(ctx: ShopContext, write: (trx: Db, stored: repo.StoredCart) => Promise<WriteResult | undefined>): Promise<CartView> {
  const now = nowOf(ctx);
  const sid = ctx.session.sid;
  try {
    const written = await ctx.db.transaction().execute(async (trx) => {
      const db = trx as unknown as Db;
      // Cart writes never touch settings, prices or the catalogue: their revisions hold throughout.
      snapshotRevisions(db);
      await repo.lockCart(db, sid, ctx.session.uid || null, expiryOf(now), now.toISOString());
      const cart = await repo.findCartRow(db, sid);
      if (!cart) throw new Error("cart vanished under its lock");
      // The lines as kept with the reply for this version of the row, else read.
      const stored = keptLines(ctx.db, cart) ?? (await repo.withLines(db, cart));
      const { known, cartFields = {} } = (await write(db, stored)) ?? {};
      const saved = await repo.touchCart(db, sid, now.toISOString(), expiryOf(now), cartFields);
      Object.assign(stored.cart, saved);
      const priced = await loadPricedCart({ ...ctx, db }, stored, known);
      // Kept only if the request's settings are those of the stamp (they were read before this transaction).
      const keep = (await getSettings(db)) === ctx.settings;
      return { view: await priced.view(), stored, stamp: await cartStamp(db, stored.cart.version), priced, keep };
    });
    // Kept only once committed: the version then names exactly the rows this reply was priced from.
    if (written.keep) keepReply(ctx.db, written.stored, sid, written.stamp, written.priced.stableUntil, written.view);
    return written.view;
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

export async function addItem(context: RequestContext, input: AddItemInput): Promise<CartView> {
  const ctx = await withShopSettings(context);
  return mutate(ctx, async (trx, stored) => {
    const products = await loadPurchasables(trx, [input.id], nowOf(ctx));
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
      const variations = await loadPurchasables(trx, [variationId], nowOf(ctx));
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
    if (existing) {
      await repo.setItemQuantity(trx, stored.cart.id, key, quantity);
      existing.quantity = quantity;
    } else {
      const line: repo.CartItemRow = {
        cart_id: stored.cart.id,
        key,
        product_id: productId,
        variation_id: variationId,
        quantity,
        variation: JSON.stringify(variation),
        item_data: "[]",
        price_when_added: item.price,
        // Lines are kept in position order, so the next position follows the last line's.
        position: (stored.items.at(-1)?.position ?? -1) + 1,
        added_at: nowOf(ctx).toISOString(),
      };
      await repo.insertItem(trx, line);
      stored.items.push(line);
    }
    return { known: { purchasables: new Map([[item.row.id, item]]) } };
  });
}

export async function updateItem(context: RequestContext, key: string, quantity: number): Promise<CartView> {
  const ctx = await withShopSettings(context);
  return mutate(ctx, async (trx, stored) => {
    const line = stored.items.find((i) => i.key === key);
    if (!line) throw cartErrors.invalidKey();
    if (quantity === 0) {
      await repo.deleteItem(trx, stored.cart.id, key);
      stored.items = stored.items.filter((i) => i !== line);
      return;
    }
    const id = line.variation_id ?? line.product_id;
    const item = (await loadPurchasables(trx, [id], nowOf(ctx))).get(id);
    if (!item) throw cartErrors.invalidKey();
    if (!item.limits.editable && quantity !== line.quantity) throw cartErrors.readonlyQuantity(item.parent.name);
    checkQuantity(item, quantity);
    await repo.setItemQuantity(trx, stored.cart.id, key, quantity);
    line.quantity = quantity;
    return { known: { purchasables: new Map([[id, item]]) } };
  });
}

export async function removeItem(context: RequestContext, key: string): Promise<CartView> {
  const ctx = await withShopSettings(context);
  return mutate(ctx, async (trx, stored) => {
    if ((await repo.deleteItem(trx, stored.cart.id, key)) === 0) throw cartErrors.invalidKey();
    stored.items = stored.items.filter((i) => i.key !== key);
  });
}

const normaliseCode = (code: string) => code.trim().toLowerCase();

export async function applyCoupon(context: RequestContext, rawCode: string): Promise<CartView> {
  const ctx = await withShopSettings(context);
  const code = normaliseCode(rawCode);
  return mutate(ctx, async (trx, stored) => {
    const priced = await loadPricedCart({ ...ctx, db: trx }, stored);
    if (priced.coupons.some((coupon) => coupon.code === code)) throw cartErrors.couponAlreadyApplied(code);
    // A code the cart keeps but no longer counts (expired, disabled since) is judged again: the shopper hears why.
    const verdict = await priced.checkNewCoupon(code);
    if (verdict) throw verdict;
    if (!stored.coupons.includes(code)) {
      await repo.addCoupon(trx, stored.cart.id, code);
      stored.coupons.push(code);
    }
    return { known: priced.inputs };
  });
}

export async function removeCoupon(context: RequestContext, rawCode: string): Promise<CartView> {
  const ctx = await withShopSettings(context);
  const code = normaliseCode(rawCode);
  return mutate(ctx, async (trx, stored) => {
    if ((await repo.removeCoupons(trx, stored.cart.id, [code])) === 0) throw cartErrors.couponNotApplied(code);
    stored.coupons = stored.coupons.filter((c) => c !== code);
  });
}

export async function selectShippingRate(context: RequestContext, packageId: number | undefined, rateId: string): Promise<CartView> {
  const ctx = await withShopSettings(context);
  if (!ctx.settings.shippingEnabled) throw cartErrors.shippingDisabled();
  if (!rateId) throw cartErrors.missingRateId();
  return mutate(ctx, async (trx, stored) => {
    const priced = await loadPricedCart({ ...ctx, db: trx }, stored);
    const selection = priced.selectRate(packageId, rateId);
    return { known: priced.inputs, cartFields: { selected_rates: JSON.stringify(selection) } };
  });
}

export async function updateCustomer(
  context: RequestContext,
  input: { billing_address?: AddressInput; shipping_address?: AddressInput },
): Promise<CartView> {
  const ctx = await withShopSettings(context);
  return mutate(ctx, async (_trx, stored) => ({ cartFields: validateCustomerUpdate(ctx.settings, stored.cart, input) }));
}

export async function callExtension(context: RequestContext, namespace: string, data: Record<string, unknown>): Promise<CartView> {
  const ctx = await withShopSettings(context);
  return mutate(ctx, async (_trx, stored) => {
    const extensions = await runCartExtension(namespace, data, JSON.parse(stored.cart.extensions) as Record<string, unknown>);
    return { cartFields: { extensions: JSON.stringify(extensions) } };
  });
}

/** Moves a guest cart's lines and coupons into the customer's saved cart (on sign-in). */
export async function mergeCarts(db: Db, guestCartId: string, customerCartId: string): Promise<void> {
  if (guestCartId === customerCartId) return;
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    await repo.lockCartRow(tx, customerCartId);
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
