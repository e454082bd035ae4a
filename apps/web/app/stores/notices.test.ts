import { describe, expect, it } from "vitest";
import { CONTEXTS, type Notice, noticesOf } from "./notices.ts";

const notice = (id: string, context: string, content: string): Notice => ({
  id,
  context,
  content,
  status: "error",
  isDismissible: true,
  type: "default",
});

describe("noticesOf", () => {
  it("shows one area's contexts as one list, each text once, the first kept", () => {
    const stock = "There is not enough “Limited Print” in stock: 1 left. Please lower the quantity in your cart.";
    const all = [
      notice("cw_rest_product_out_of_stock", CONTEXTS.checkout, stock),
      notice("cart-error-stock", CONTEXTS.cart, stock),
      notice("coupon", CONTEXTS.cart, "Coupon removed."),
      notice("elsewhere", CONTEXTS.payments, stock),
    ];
    expect(noticesOf(all, [CONTEXTS.checkout, CONTEXTS.cart]).map((n) => n.id)).toEqual(["cw_rest_product_out_of_stock", "coupon"]);
    expect(noticesOf(all, [CONTEXTS.payments]).map((n) => n.id)).toEqual(["elsewhere"]);
  });
});
