export type { ContactMessageEmailData } from "./contact-message.ts";
export { renderContactMessageNotice, sendContactMessageNotice } from "./contact-message.ts";
export type { MailLog, OrderEmailDeps, OrderEmailKind, SentOrderEmail } from "./emails.service.ts";
export { onOrderPlaced, registerOrderEmails, sendOrderEmails } from "./emails.service.ts";
export type { OrderEmailData, RenderedEmail } from "./templates.ts";
export { renderNewOrderNotice, renderOrderConfirmation } from "./templates.ts";
export type { Delivery, Mailer, OutgoingMail } from "./transport.ts";
export { createMailer } from "./transport.ts";
