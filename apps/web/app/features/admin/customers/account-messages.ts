/** The texts of the customers' add, edit, delete and export (decision 0103); not in messages.ts, which the console's frame loads on every page. */
export const accountMessages = {
  addCustomer: "Add customer",
  addTitle: "Add customer",
  editTitle: (name: string) => `Edit ${name}`,
  edit: "Edit",
  create: "Add customer",
  save: "Save customer",
  allCustomers: "All customers",
  backToCustomer: "Back to the customer",
  details: "Account",
  email: "Email",
  emailHint: "The customer signs in with it. No two accounts share one, whatever the letter case.",
  emailChangeHint: "A new email signs the customer out everywhere: they sign in again with the new one.",
  firstName: "First name",
  lastName: "Last name",
  billing: "Billing address",
  shipping: "Shipping address",
  addressHint: {
    billing: "Optional. Leave every field empty for no saved address; the billing email defaults to the account's.",
    shipping: "Optional. Leave every field empty for no saved address.",
  },
  sendLink: "Email the customer a link to choose their password",
  sendLinkHint:
    "The link works once, for 72 hours. Without it the customer has no password until they use “Lost your password?” on the sign-in page. You never choose their password.",
  created: (email: string, mailed: boolean) =>
    mailed ? `Customer added; a link to choose a password was sent to ${email}.` : `Customer added (${email}).`,
  notMailed:
    "The account was made, but the email with the password link could not be sent. Send a password reset link from the customer's page.",
  saved: "Customer saved.",
  leaveTitle: "Leave without saving?",
  leaveBody: "Your changes to this customer will be lost.",
  leave: "Leave",
  staffHint: "This is a staff account: its details are changed on the Staff page.",
  exportCsv: "Export CSV",
  exportHint: (search: string) =>
    search
      ? `Export CSV downloads the accounts matching “${search}”.`
      : "Export CSV downloads every account, with its billing address, paid orders and spend.",
  deleteCustomer: "Delete customer",
  deleteTitle: "Delete this customer?",
  deleteBody: (orders: number) =>
    `The account, its saved addresses, saved cards, sessions and cart are deleted; this cannot be undone. Its orders stay in the shop as guest orders, under their billing email (${
      orders === 1 ? "1 order" : `${orders.toLocaleString("en")} orders`
    }).`,
  deleteConfirm: "Delete customer",
  deleted: (email: string) => `Customer ${email} deleted; their orders stay as guest orders.`,
  fieldLabel: (which: "billing" | "shipping", label: string) => `${which === "billing" ? "Billing" : "Shipping"}: ${label}`,
};
