/**
 * The calls of the order page's "Edit items" (decision 0092): what the editor starts from, the new
 * totals priced without writing, and the save, each sending the order's date_modified back.
 */
import { adminClient } from "../api.ts";
import type { Calculation } from "../new-order/api.ts";
import type { ItemsBody } from "../new-order/model.ts";
import type { OrderReply } from "../order/api.ts";

/** The order's items as an edit sends them (GET /orders/{id}/items), and whether they may change. */
export interface ItemsForm {
  editable: boolean;
  reason: string | null;
  date_modified: string;
  line_items: {
    product_id: number;
    variation_id: number | null;
    quantity: number;
    name: string;
    sku: string;
    variation: { attribute: string; value: string }[];
  }[];
  coupon_lines: { code: string }[];
  /** `method_id`: "manual" for a line typed by hand, else the shop's method that made it. */
  shipping_lines: { method_title: string; total: number; method_id: string }[];
  fee_lines: { name: string; total: number; tax_status: "taxable" | "none"; tax_class: string }[];
}

export type EditBody = ItemsBody & { date_modified: string };

const c = () => adminClient();

export const orderEditApi = {
  form: (id: number) => c().admin<ItemsForm>(`/orders/${id}/items`),
  calculate: (id: number, body: EditBody, signal?: AbortSignal) =>
    c().admin<Calculation & { previous_total: number }>(`/orders/${id}/items/calculate`, {
      method: "POST",
      body,
      ...(signal ? { signal } : {}),
    }),
  save: (id: number, body: EditBody) => c().admin<OrderReply>(`/orders/${id}/items`, { method: "PUT", body }),
};
