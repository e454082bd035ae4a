/**
 * The shopper's e-mails after their order was placed (issue 18): the order is complete, its
 * invoice (details and how to pay, sent by the owner), and a note the owner wrote to them. Each is
 * the confirmation's order summary under its own words; every value is escaped by the renderer.
 */
import { type OrderEmailData, type RenderedEmail, renderOrderMessage, showsHowToPay } from "./templates.ts";

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();
const greeting = (data: OrderEmailData) => {
  const name = (data.order.billing_address.first_name ?? "").trim();
  return name ? `Hi ${name},` : "Hello,";
};

/** "Your order is complete": sent when the owner marks the order completed. */
export function renderOrderCompleted(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  return renderOrderMessage(data, {
    subject: `Your ${site} order #${data.order.order_number} is complete`,
    heading: "Your order is complete",
    intro: [greeting(data), `We have finished processing your order. Thank you for shopping at ${site}.`],
    link: { label: "View your order", url: data.orderUrl },
  });
}

/** "We have your payment": sent when the owner moves an order waiting for its payment (a bank transfer, a check) on to processing. */
export function renderOrderProcessing(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  return renderOrderMessage(data, {
    subject: `Your ${site} order #${data.order.order_number}: payment received`,
    heading: "We have your payment",
    intro: [greeting(data), `Your payment for order #${data.order.order_number} has arrived, and we are getting your order ready now.`],
    link: { label: "View your order", url: data.orderUrl },
  });
}

/** "Your order's payment failed": the order as it stands and the link to pay it (WooCommerce 9's customer failed-order e-mail). */
export function renderOrderFailed(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  const number = data.order.order_number;
  return renderOrderMessage(data, {
    subject: `Your ${site} order #${number}: the payment failed`,
    heading: "Your payment did not go through",
    intro: [
      greeting(data),
      `The payment for your order #${number} failed, so the order is not paid and nothing was charged for it. The items are not reserved for you; you can pay the order with the link below while they are in stock.`,
    ],
    link: { label: "Pay for this order", url: data.payUrl },
  });
}

/** The order's invoice: its details, and how to pay when it is not paid yet and the e-mail can say (an order awaiting its payment links to the page that pays it). */
export function renderOrderInvoice(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  const paid = data.order.date_paid !== null;
  const payable = !paid && (data.order.status === "pending" || data.order.status === "failed");
  // "How to pay" only when the e-mail says it: the pay link, or the method's instructions or account details.
  const saysHowToPay = !paid && (payable || showsHowToPay(data));
  return renderOrderMessage(data, {
    subject: `Invoice for your ${site} order #${data.order.order_number}`,
    heading: `Invoice for order #${data.order.order_number}`,
    intro: [
      greeting(data),
      saysHowToPay
        ? `Here are the details of your order at ${site}, and how to pay for it.`
        : `Here are the details of your order at ${site}.`,
    ],
    link: payable ? { label: "Pay for this order", url: data.payUrl } : { label: "View your order", url: data.orderUrl },
  });
}

/** "A note was added to your order": the owner's words first, as plain text. */
export function renderOrderNote(data: OrderEmailData, note: string): RenderedEmail {
  const site = oneLine(data.siteTitle);
  return renderOrderMessage(data, {
    subject: `A note was added to your ${site} order #${data.order.order_number}`,
    heading: "A note was added to your order",
    intro: [greeting(data), "The following note was added to your order:", note.trim()],
    link: { label: "View your order", url: data.orderUrl },
  });
}

/**
 * "Your order has been cancelled": sent when the owner cancels an order that was processing, on hold
 * or awaiting its payment, or the shop cancels one whose payment never came (decision 0084). What
 * it says of the money follows the order: nothing to pay, refunded (the refunds are in the summary),
 * or marked paid and not refunded yet (cash on delivery is marked paid before it is, so it asks).
 */
export function renderOrderCancelled(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  const { order } = data;
  const number = order.order_number;
  const refunded = order.refunds.reduce((sum, refund) => sum + Number(refund.total), 0);
  const total = Number((order.totals as { total_price?: string }).total_price ?? 0);
  const money =
    total <= 0
      ? []
      : order.date_paid === null
        ? ["You do not need to pay for it: please do not send a payment."]
        : refunded >= total
          ? ["Your payment has been refunded in full; the refund is listed below."]
          : refunded > 0
            ? [
                "Part of your payment has been refunded so far; the refund is listed below. Reply to this email if you have a question about the rest.",
              ]
            : ["If you have already paid for it, reply to this email about your refund."];
  return renderOrderMessage(data, {
    subject: `Your ${site} order #${number} has been cancelled`,
    heading: "Your order has been cancelled",
    intro: [greeting(data), `Your order #${number} at ${site} has been cancelled.`, ...money, "We hope to see you again."],
    link: { label: "View your order", url: data.orderUrl },
  });
}
