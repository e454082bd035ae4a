/**
 * The category, brand and tag pages' texts (decisions 0043, 0095), loaded with those pages only; their menu
 * names are messages.ts's termMessages, which the console's frame loads everywhere.
 */
import { termMessages } from "../nav-labels.ts";

/** What a delete does to the products holding the term, counted by the server (owner audit 2026-12-06, finding 11). */
const productsLosing = (count: number, noun: string) =>
  count === 0
    ? `No product is in this ${noun}.`
    : `${count === 1 ? "1 product loses" : `${count} products lose`} this ${noun} (${count === 1 ? "it stays" : "they stay"} in the shop).`;

export const termPageMessages = {
  categories: {
    title: termMessages.categories.nav,
    intro: "Groups of products, each with its page in the shop.",
    add: "Add category",
    addTitle: "Add a category",
    editTitle: (name: string) => `Category ${name}`,
    back: "All categories",
    empty: "No categories yet.",
    created: "Category created.",
    saved: "Category saved.",
    delete: "Delete category",
    deleteTitle: (name: string) => `Delete category ${name}?`,
    deleteBody: (count: number) => `${productsLosing(count, "category")} Its subcategories move to the top.`,
    deleted: (name: string) => `Category ${name} deleted.`,
  },
  brands: {
    title: termMessages.brands.nav,
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
    deleteBody: (count: number) => `${productsLosing(count, "brand")} Its sub-brands move to the top.`,
    deleted: (name: string) => `Brand ${name} deleted.`,
    parent: "Parent brand",
    /** The product editor's picker. */
    picker: "Brands",
    pickerHint: "The makers shoppers see on the product page, each linking to its brand page.",
    pickerEmpty: "No brands yet: add them under Brands.",
  },
  tags: {
    title: termMessages.tags.nav,
    intro: "Words shoppers can find products by.",
    add: "Add tag",
    addTitle: "Add a tag",
    editTitle: (name: string) => `Tag ${name}`,
    back: "All tags",
    empty: "No tags yet.",
    created: "Tag created.",
    saved: "Tag saved.",
    delete: "Delete tag",
    deleteTitle: (name: string) => `Delete tag ${name}?`,
    deleteBody: (count: number) => productsLosing(count, "tag"),
    deleted: (name: string) => `Tag ${name} deleted.`,
  },
  name: "Name",
  slug: "Slug",
  slugHint: "Lower-case letters, digits and hyphens. Left empty, it is made from the name.",
  description: "Description",
  parent: "Parent category",
  noParent: "None (top level)",
  menuOrder: "Position in menus",
  products: "Products",
  save: "Save",
  deleteConfirm: "Delete",
  notWhole: "Enter a whole number.",
};
