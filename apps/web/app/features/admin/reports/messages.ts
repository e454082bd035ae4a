/** The reports page's texts (decision 0104). */
import { NAV_LABELS } from "../nav-labels.ts";

export const reportsMessages = {
  nav: NAV_LABELS.reports,
  title: "Reports",
  intro: (zone: string) =>
    `Figures of paid orders (processing and completed) placed in the period, by the days of the shop's time zone, ${zone}. Wholly refunded orders leave them; what was refunded of the others is taken off where each tab says.`,
  tabsLabel: "Reports",
  tabs: { products: "Products", coupons: "Coupons", taxes: "Taxes", customers: "Customers" },
  hints: {
    products:
      "Every product and variation sold: items sold less those refunded; net sales are the lines' totals after discounts, before tax, less what was refunded of them.",
    coupons: "Every coupon code used: the orders it was used on and the amount it took off, before tax.",
    taxes:
      "Every tax rate charged, as each order kept it, with the tax each rate charged on shipping, whether or not taxes are itemised (Settings → Taxes). Orders placed before orders kept their taxes by rate show them as they did: one figure, shown as “Tax”, when taxes were not itemised, their shipping tax shared between their rates by their amounts. Partial refunds leave the tax as charged.",
    customers:
      "Accounts, and guests by the e-mail of their orders: spend is their orders' totals, tax and shipping included, less what was refunded of them.",
  },
  captions: {
    products: "Products sold",
    coupons: "Coupons used",
    taxes: "Taxes charged",
    customers: "Customers who ordered",
  },
  counts: {
    products: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "product" : "products"}`,
    coupons: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "coupon" : "coupons"}`,
    taxes: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "tax rate" : "tax rates"}`,
    customers: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "customer" : "customers"}`,
  },
  empty: {
    products: "No products sold in this period.",
    coupons: "No coupons used in this period.",
    taxes: "No tax charged in this period.",
    customers: "No paid orders in this period.",
  },
  emptySearch: "Nothing in this period matches this search.",
  search: { products: "Search products", customers: "Search customers" } as Record<string, string>,
  searchButton: "Search",
  clear: "Clear search",
  download: "Download CSV",
  downloadHint: (search: string) =>
    search
      ? `Every row of this tab matching “${search}” for the period, in this order.`
      : "Every row of this tab for the period, in this order.",
  total: "Total",
  sortBy: (column: string, direction: "ascending" | "descending") => `Sort by ${column}, ${direction}`,
  columns: {
    product: "Product",
    sku: "SKU",
    itemsSold: "Items sold",
    netSales: "Net sales",
    orders: "Orders",
    code: "Coupon code",
    discount: "Amount discounted",
    tax: "Tax",
    orderTax: "Order tax",
    shippingTax: "Shipping tax",
    totalTax: "Total tax",
    customer: "Customer",
    email: "Email",
    type: "Type",
    spend: "Total spend",
    average: "Average order value",
    lastOrder: "Last order",
  },
  types: { registered: "Registered", guest: "Guest" },
  deletedCoupon: "no longer exists",
};
