/** Where an order awaiting its payment is paid: its customer needs no key, anyone else the order's key. */
export const payPath = (orderId: number, key?: string | null) =>
  `/checkout/order-pay/${orderId}${key ? `?key=${encodeURIComponent(key)}` : ""}`;
