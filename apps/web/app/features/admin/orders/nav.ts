/** The order list's name in the console's navigation: apart from messages.ts, so the frame loaded on every console page stays small. */
export const ORDERS_NAV_LABEL = "Orders";
