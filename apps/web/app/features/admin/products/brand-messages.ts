/**
 * The brand pages' texts (decision 0095). Only the navigation label lives in messages.ts's termMessages,
 * which the console's frame loads on every page (decision 0093); these load with the brand pages alone.
 */
export const brandMessages = {
  title: "Brands",
  intro: "The makers of your products, each with its page in the shop.",
  add: "Add brand",
  addTitle: "Add a brand",
  editTitle: (name: string) => `Brand ${name}`,
  back: "All brands",
  empty: "No brands yet.",
  created: "Brand created.",
  saved: "Brand saved.",
  delete: "Delete brand",
  deleteTitle: (name: string) => `Delete brand ${name}?`,
  deleteBody: "Its products stay, without this brand; its sub-brands move to the top.",
  deleted: (name: string) => `Brand ${name} deleted.`,
  parent: "Parent brand",
  /** The product editor's picker. */
  picker: "Brands",
  pickerHint: "The makers shoppers see on the product page, each linking to its brand page.",
  pickerEmpty: "No brands yet: add them under Brands.",
};
