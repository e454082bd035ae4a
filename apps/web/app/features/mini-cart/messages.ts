/** The mini-cart drawer's texts. */
export const drawerMessages = {
  title: (count: number) => `Your cart (${count} ${count === 1 ? "item" : "items"})`,
  close: "Close",
  empty: "Your cart is currently empty!",
  startShopping: "Start shopping",
  subtotal: "Subtotal",
  footerNote: "Shipping, taxes, and discounts calculated at checkout.",
  viewCart: "View my cart",
  checkout: "Go to checkout",
  remove: (name: string) => `Remove ${name} from cart`,
  quantity: (quantity: number) => `Quantity: ${quantity}`,
  loading: "Loading cart…",
};
