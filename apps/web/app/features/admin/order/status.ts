/** The status change's rules as the page applies them before asking the server (contract A): choices and the confirmation. */
import type { OrderReply, OrderStatus } from "./api.ts";
import { orderMessages as t } from "./messages.ts";

/** Statuses that give the order's stock and coupon uses back. */
const RELEASING: readonly OrderStatus[] = ["cancelled", "failed"];

/**
 * What the select offers: every status but the draft, and refunded only when the order is already
 * refunded (it is reached through a refund; the server refuses it otherwise).
 */
export function statusChoices(current: OrderStatus): OrderStatus[] {
  const all: OrderStatus[] = ["pending", "processing", "on-hold", "completed", "cancelled", "failed"];
  return current === "refunded" ? [...all, "refunded"] : current === "checkout-draft" ? ["checkout-draft", ...all] : all;
}

export interface StatusConfirmation {
  title: string;
  body: string;
}

/** The question asked before a change that gives stock and coupons back; null when the change needs none (or changes nothing). */
export function statusConfirmation(order: Pick<OrderReply, "number" | "status" | "totals">, next: OrderStatus): StatusConfirmation | null {
  if (next === order.status || !RELEASING.includes(next) || RELEASING.includes(order.status)) return null;
  const coupons = order.totals.coupons.map((coupon) => coupon.code);
  return {
    title: next === "cancelled" ? t.confirmCancelTitle(order.number) : t.confirmFailTitle(order.number),
    body: t.confirmStockBack(coupons),
  };
}

/** What Save does: nothing for the same status, ask first, or send. */
export function statusStep(order: Pick<OrderReply, "number" | "status" | "totals">, next: OrderStatus): "unchanged" | "confirm" | "send" {
  if (next === order.status) return "unchanged";
  return statusConfirmation(order, next) ? "confirm" : "send";
}

/** A note stays within what the server takes (1 to 2,000 characters); the message, or "" when it may be sent. */
export function noteProblem(note: string): "" | "empty" | "long" {
  if (!note.trim()) return "empty";
  return note.length > 2000 ? "long" : "";
}

/** Statuses whose items the owner may change (decision 0092): awaiting payment, or failed and payable again. */
const ITEMS_EDITABLE: readonly OrderStatus[] = ["pending", "on-hold", "failed"];

/** Whether the page offers "Edit items": an order not paid, nothing refunded (the server decides; this only hides the button). */
export function itemsEditable(order: Pick<OrderReply, "status" | "date_paid" | "totals">): boolean {
  return ITEMS_EDITABLE.includes(order.status) && !order.date_paid && order.totals.refunded === 0;
}
