/**
 * The shopper's e-mails after their order was placed (issue 18): the order is complete, its
 * invoice (details and how to pay, sent by the owner), and a note the owner wrote to them. Each is
 * the confirmation's order summary under its own words; every value is escaped by the renderer.
 */
import { type OrderEmailData, type RenderedEmail, renderOrderMessage } from "./templates.ts";

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

/** The order's invoice: its details, and how to pay when it is not paid yet. */
export function renderOrderInvoice(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  const paid = data.order.date_paid !== null;
  return renderOrderMessage(data, {
    subject: `Invoice for your ${site} order #${data.order.order_number}`,
    heading: `Invoice for order #${data.order.order_number}`,
    intro: [
      greeting(data),
      paid ? `Here are the details of your order at ${site}.` : `Here are the details of your order at ${site}, and how to pay for it.`,
    ],
    link: { label: "View your order", url: data.orderUrl },
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
