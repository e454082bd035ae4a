/**
 * The order page's item editor (decision 0092) as Add order's draft of items: the order's lines,
 * coupons, shipping line and the owner's fees made into the form's rows, and back. Pure.
 */
import { type ItemsDraft, SAVED_LINE, type SavedShipping, type VariationChoice } from "../new-order/model.ts";
import { moneyInput } from "../order/format.ts";
import type { ItemsForm } from "./api.ts";

/** The method of a shipping line typed by hand (the server's `manual`). */
const HAND_METHOD = "manual";

/**
 * The form's rows from the order's items: amounts as the owner types them, each line keyed, a
 * variable product's line with its variations (`choices`, by product id; else the one it has).
 */
export function draftFromForm(form: ItemsForm, currency: string, minorUnit: number, choices: Map<number, VariationChoice[]>): ItemsDraft {
  const shipping = form.shipping_lines[0];
  const saved: SavedShipping | null =
    shipping && shipping.method_id !== HAND_METHOD
      ? { name: shipping.method_title, total: moneyInput(shipping.total, currency, minorUnit), cost: shipping.total }
      : null;
  return {
    lines: form.line_items.map((line, index) => ({
      key: `order-line-${index}`,
      productId: line.product_id,
      name: line.name,
      sku: line.sku,
      variations:
        line.variation_id === null
          ? []
          : (choices.get(line.product_id) ?? [
              { id: line.variation_id, label: line.variation.map((v) => v.value).join(" / ") || `#${line.variation_id}` },
            ]),
      variationId: line.variation_id,
      quantity: String(line.quantity),
    })),
    coupon: form.coupon_lines.map((line) => line.code).join(", "),
    // A line one of the shop's rates made is listed among the rates as saved, and chosen: sent back untouched it is
    // kept whole (method and amount), where choosing the rate again would price it at today's cost. A typed line is
    // the owner's own ("None"). Choosing one of the shop's rates makes it that rate's.
    shippingRate: saved ? { id: SAVED_LINE, name: saved.name, total: saved.total } : null,
    savedShipping: saved,
    shippingTitle: shipping?.method_title ?? "",
    shippingTotal: shipping ? moneyInput(shipping.total, currency, minorUnit) : "",
    fees: form.fee_lines.map((fee, index) => ({
      key: `order-fee-${index}`,
      name: fee.name,
      amount: fee.total < 0 ? `-${moneyInput(-fee.total, currency, minorUnit)}` : moneyInput(fee.total, currency, minorUnit),
      taxable: fee.tax_status === "taxable",
      // As the order taxed it (decision 0101): "" is the standard class.
      taxClass: fee.tax_class || "standard",
    })),
  };
}

/** The products of the variable lines, whose variations the editor reads to offer them. */
export const variableProducts = (form: ItemsForm): number[] => [
  ...new Set(form.line_items.filter((line) => line.variation_id !== null).map((line) => line.product_id)),
];
