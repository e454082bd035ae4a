/** The texts of the order page (the console's other texts are in ../messages.ts). */
import { ORDER_STATUS_NAMES } from "@cartwright/commerce";
import { consoleMessages } from "../messages.ts";
import type { OrderEmail, OrderStatus } from "./api.ts";

export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = ORDER_STATUS_NAMES;

export const EMAIL_LABELS: Record<
  | OrderEmail
  | "customer_processing"
  | "customer_refunded"
  | "customer_note"
  | "customer_cancelled"
  | "owner_failed"
  | "owner_cancelled"
  | "customer_failed",
  string
> = {
  customer_confirmation: "Order confirmation (to the customer)",
  owner_notice: "New order notice (to the shop)",
  customer_processing: "Payment received (to the customer)",
  customer_completed: "Order complete (to the customer)",
  customer_invoice: "Invoice and payment link (to the customer)",
  customer_refunded: "Refund notice (to the customer)",
  customer_note: "Note to the customer",
  customer_cancelled: "Cancelled order (to the customer)",
  owner_failed: "Failed order notice (to the shop)",
  customer_failed: "Failed order and payment link (to the customer)",
  owner_cancelled: "Cancelled order notice (to the shop)",
};

export const ADDRESS_FIELD_LABELS: Record<string, string> = {
  first_name: "First name",
  last_name: "Last name",
  company: "Company",
  address_1: "Address line 1",
  address_2: "Address line 2",
  city: "City",
  state: "State/County",
  postcode: "Postcode",
  country: "Country/Region",
  phone: "Phone",
  email: "Email",
};

/** The shop's shipping methods by id (rate_id's part before the colon), and an order's line typed by hand. */
const SHIPPING_METHODS: Record<string, string> = {
  flat_rate: "Flat rate",
  free_shipping: "Free shipping",
  pickup_location: "Local pickup",
  manual: "Entered by hand",
};

export const orderMessages = {
  title: (number: string) => `Order #${number}`,
  loadingTitle: "Order",
  allOrders: "All orders",
  notFoundTitle: "Order not found",
  notFoundBody: (id: string) => `No order has the number ${id}. It may have been deleted, or the address is mistyped.`,
  status: "Status",
  placed: "Placed",
  paid: "Paid",
  notPaid: "Not paid",
  modified: "Last changed",
  printInvoice: "Print invoice",
  printPackingSlip: "Print packing slip",
  // Lines and totals
  lines: "Items",
  editItems: "Edit items",
  loadingEditor: "Opening the item editor…",
  linesCaption: (number: string) => `Items of order #${number}`,
  product: "Product",
  sku: "SKU",
  variation: "Variation",
  quantity: "Quantity",
  unitPrice: "Unit price",
  lineTotal: "Total",
  refundedCol: "Refunded",
  refundedUnits: (units: number, amount: string) => `${units} ${units === 1 ? "unit" : "units"}, ${amount}`,
  refundedAmount: (amount: string) => amount,
  none: "—",
  totals: "Totals",
  itemsSubtotal: "Items subtotal",
  discount: "Discount",
  coupon: (code: string) => `Coupon ${code}`,
  shippingTotal: "Shipping",
  /** A fee with the class it is taxed in ("Reduced rate"), or "not taxable". */
  fee: (name: string, taxClass: string) => `Fee: ${name} (${taxClass ? `${taxClass} tax` : "not taxable"})`,
  tax: consoleMessages.taxLabel,
  orderTotal: "Order total",
  refunded: "Refunded",
  net: "Net payment",
  // Addresses
  billing: "Billing address",
  shipping: "Shipping address",
  noAddress: "No address.",
  edit: "Edit",
  editLabel: (which: string) => `Edit the ${which.toLowerCase()}`,
  /** A country or state select's empty choice, as the checkout words it. */
  chooseIn: (label: string) => `Select a ${label}`,
  save: "Save address",
  cancel: "Cancel",
  addressSaved: (which: string) => `${which} saved.`,
  addressSavedReprice: (which: string) =>
    `${which} saved. The order's taxes are still those worked out for the old address: choose Edit items, then Save items, to work them out for the new one.`,
  addressNotSaved: (labels: string[]) =>
    `The address was not saved. ${labels.length === 1 ? "Check this field" : "Check these fields"}: ${labels.join(", ")}.`,
  // Delivery, payment, fields, origin, customer
  delivery: "Shipping",
  pickup: "Pickup at",
  noShipping: "No shipping on this order.",
  /** A shipping line's method, under its name: the shop's kinds of rate by id, the owner's own line "manual". */
  shippingMethod: (method: string) => `Method: ${SHIPPING_METHODS[method] ?? method}`,
  payment: "Payment",
  awaitingPayment: "Awaiting payment",
  paymentPage: "Customer payment page →",
  paymentPageHint: "The customer pays this order there. Send them the link with the invoice e-mail.",
  sendInvoice: "Send invoice",
  method: "Method",
  transaction: "Transaction ID",
  noTransaction: "None",
  /** An order made by hand before it is paid, or marked paid by the owner, has no method. */
  noMethod: "None recorded",
  additionalFields: "Additional fields",
  origin: "Origin",
  customer: "Customer",
  account: "Account",
  guest: "Guest",
  customerNote: "Customer's note",
  noNote: "The customer left no note.",
  yes: "Yes",
  no: "No",
  // Timeline
  timeline: "History",
  newestFirst: "Newest first",
  // Actions
  actions: "Actions",
  changeStatus: "Change status",
  newStatus: "New status",
  saveStatus: "Save",
  statusSaved: (label: string) => `Status changed to ${label}.`,
  statusUnchanged: "The order already has this status.",
  confirmCancelTitle: (number: string) => `Cancel order #${number}?`,
  confirmFailTitle: (number: string) => `Mark order #${number} as failed?`,
  confirmStockBack: (coupons: string[]) =>
    `Its items go back into stock${coupons.length ? ` and the uses of coupon${coupons.length === 1 ? "" : "s"} ${coupons.join(", ")} are given back` : ""}. Paid money is not refunded: use Refund for that.`,
  confirmStatus: "Change status",
  keepStatus: "Keep status",
  addNote: "Add a note",
  note: "Note",
  noteKind: "Who sees it",
  notePrivate: "Private (only the shop)",
  noteCustomer: "The customer (sent by email)",
  sendNote: "Add note",
  noteAdded: (toCustomer: boolean) => (toCustomer ? "Note added and sent to the customer." : "Private note added."),
  noteEmpty: "Write the note first.",
  noteTooLong: "A note has at most 2,000 characters.",
  resendEmail: "Resend an email",
  email: "Email",
  // Not "Email": the billing address's field on the same page has that name.
  emailToSend: "Email to send",
  send: "Send",
  emailSent: (label: string) => `${label}: sent.`,
  // Refunds
  refund: "Refund",
  refundTitle: (number: string) => `Refund order #${number}`,
  refundEverything: "Fill in everything left to refund",
  refundLines: "Units to refund per item",
  refundUnits: (name: string) => `Units of ${name} to refund`,
  refundAmount: (name: string) => `Amount for ${name}`,
  refundUnitsHint: (left: number) => `${left} left to refund`,
  extraAmount: "Other amount (shipping, fees, goodwill)",
  restock: "Put the refunded units back into stock",
  reason: "Reason (optional)",
  refundMethod: "How the money goes back",
  methodGateway: (title: string) => `Through the payment gateway (${title})`,
  methodManual: "By hand (you pay it back yourself; the shop records it)",
  refundTotal: "Total to refund",
  refundableLeft: "Refundable left",
  refundSubmit: (amount: string) => `Refund ${amount}`,
  refundDone: (amount: string) => `${amount} refunded.`,
  refundExceeds: (left: string) => `This is more than can still be refunded: ${left} at most.`,
  nothingRefundable: "Nothing is left to refund on this order.",
  close: "Close",
};

export const refundErrors = {
  unitsWhole: "Enter a whole number of units.",
  unitsTooMany: (left: number) => `At most ${left} ${left === 1 ? "unit is" : "units are"} left to refund.`,
  amountInvalid: consoleMessages.notAmount,
  lineAmountTooHigh: (left: string) => `At most ${left} is left to refund on this item.`,
  totalZero: "Choose units or enter an amount to refund.",
  totalTooHigh: (left: string) => `The refund is above what can still be refunded (${left}).`,
  reasonTooLong: "A reason has at most 500 characters.",
};

/** Timeline words: "who did it" and what happened. */
export const timelineWords = {
  by: {
    owner: "by the shop owner",
    manager: "by a shop manager",
    customer: "by the customer",
    guest: "by the guest",
    gateway: "by the payment gateway",
    shop: "by the shop",
  } as Record<string, string>,
  withKey: (description: string) => ` with the API key ${description}`,
  placed: "Order placed",
  paymentSucceeded: (amount: string) => `Payment of ${amount} accepted`,
  paymentFailed: (amount: string) => `Payment of ${amount} failed`,
  paymentOther: (amount: string, status: string) => `Payment of ${amount}: ${status || "no answer"}`,
  paid: (amount: string) => `Paid ${amount}`,
  statusChanged: (from: string, to: string) => `Status changed from ${from} to ${to}`,
  statusIs: (to: string) => `Status: ${to}`,
  stockReturned: "The items went back into stock.",
  couponsReturned: (codes: string[]) => `Coupon uses given back: ${codes.join(", ")}.`,
  notePrivate: "Private note",
  noteToCustomer: "Note to the customer (sent by email)",
  emailSent: (label: string, to: string) => (to ? `Email sent: ${label}, to ${to}` : `Email sent: ${label}`),
  emailSkipped: (label: string) => `Email not sent: ${label}`,
  switchedOff: "It is switched off in Settings → Emails.",
  addressChanged: (which: string) => `${which === "shipping" ? "Shipping" : "Billing"} address changed`,
  changed: (field: string, before: string, after: string) => `${field}: ${before || "(empty)"} → ${after || "(empty)"}`,
  refund: (amount: string, method: string) => `Refunded ${amount} ${method === "gateway" ? "through the payment gateway" : "by hand"}`,
  restocked: "The refunded units went back into stock.",
  reason: (text: string) => `Reason: ${text}`,
};

/** The origin's stored fields (decision 0014) as the owner reads them; others are shown by their name. */
export const ORIGIN_FIELD_LABELS: Record<string, string> = {
  source_type: "Source type",
  referrer: "Referrer",
  utm_source: "Source (utm_source)",
  utm_medium: "Medium (utm_medium)",
  utm_campaign: "Campaign (utm_campaign)",
  utm_content: "Content (utm_content)",
  utm_id: "Campaign ID (utm_id)",
  utm_term: "Term (utm_term)",
  utm_source_platform: "Source platform",
  utm_creative_format: "Creative format",
  utm_marketing_tactic: "Marketing tactic",
  session_entry: "Entry page",
  session_start_time: "Session started",
  session_pages: "Pages viewed",
  session_count: "Visits",
  device_type: "Device",
  user_agent: "Browser",
};
