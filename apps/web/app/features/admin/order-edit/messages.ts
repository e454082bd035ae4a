/** The texts of the order page's "Edit items" (decision 0092). */
export const orderEditMessages = {
  edit: "Edit items",
  heading: "Edit items",
  intro:
    "Change quantities, remove lines, add products, coupons, fees and shipping. The shop works out the new totals; the customer's payment page shows them once saved.",
  loading: "Loading the items…",
  loadFailed: "The order's items could not be read. Close and try again.",
  notEditable: "These items cannot be changed",
  save: "Save items",
  cancel: "Cancel",
  close: "Close",
  saved: (number: string) => `Order #${number}'s items saved.`,
  cancelled: "Edit items closed; nothing was changed.",
  leaveTitle: "Leave without saving?",
  leaveBody: "Your changes to this order's items will be lost.",
  leave: "Leave",
  failed: "The items were not saved: see the messages beside the fields.",
};
