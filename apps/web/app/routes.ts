import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("product-category/:slug", "routes/category.tsx"),
  route("product/:slug", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/order-received/:id", "routes/order-received.tsx"),
  route("my-account", "routes/account.tsx"),
  route("my-account/orders", "routes/account-orders.tsx"),
  route("my-account/orders/:id", "routes/account-order.tsx"),
  route("my-account/addresses", "routes/account-addresses.tsx"),
  route("my-account/payment-methods", "routes/account-payment-methods.tsx"),
  route("my-account/details", "routes/account-details.tsx"),
  route("privacy", "routes/policy.tsx", { id: "privacy" }),
  route("terms", "routes/policy.tsx", { id: "terms" }),
  // A public form's page: HTML only, never hydrated (decision 0026).
  route("forms/:slug", "routes/form.tsx"),
  // The owner console: its own frame and stylesheet, its modules in chunks no shop page loads (decision 0022).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("widgets", "routes/admin/widgets.tsx"),
    route("widgets/new", "routes/admin/widget-new.tsx"),
    route("widgets/:id", "routes/admin/widget-edit.tsx"),
    route("widgets/:id/analytics", "routes/admin/widget-analytics.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("messages/:id", "routes/admin/message.tsx"),
    route("forms", "routes/admin/forms.tsx"),
    route("forms/:id/entries", "routes/admin/form-entries.tsx"),
    route("forms/:id/entries/:entryId", "routes/admin/form-entry.tsx"),
    route("forms/new", "routes/admin/form-new.tsx"),
    route("forms/:id", "routes/admin/form-edit.tsx"),
    route("orders/:id", "routes/admin/order.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("account", "routes/admin/account.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("customers/guests", "routes/admin/customer-guests.tsx"),
    route("customers/guest", "routes/admin/customer-guest.tsx"),
    route("customers/:id", "routes/admin/customer.tsx"),
    // Printable invoices and packing slips: the documents alone, without the console's frame (handle.frame).
    route("orders/print", "routes/admin/order-print.tsx"),
  ]),
  // Accepting a staff invitation: for a signed-out visitor, so outside the console's frame (decision 0032).
  route("admin/invite", "routes/admin/invite.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
