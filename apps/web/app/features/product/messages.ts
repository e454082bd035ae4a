/** The product page's texts (DESIGN §6: one catalogue per feature). */
import { plural } from "../../messages.ts";

export const productMessages = {
  invalidChoice: "Please choose the product options and a quantity before adding it to your cart.",
  breadcrumb: "Breadcrumb",
  breadcrumbHome: "Shop",
  inStock: "In stock",
  lowStock: (remaining: number) => `Only ${remaining} left in stock`,
  quantityInStock: (quantity: number) => `${quantity} in stock`,
  onBackorder: "Available on backorder",
  outOfStock: "Out of stock",
  quantityLabel: "Quantity",
  addToCart: "Add to cart",
  chooseOption: "Choose an option",
  clearSelection: "Clear",
  unavailableCombination: "Sorry, this product is unavailable. Please choose a different combination.",
  description: "Description",
  categories: (count: number) => plural(count, "Category:", "Categories:"),
  brands: (count: number) => plural(count, "Brand:", "Brands:"),
  tags: (count: number) => plural(count, "Tag:", "Tags:"),
  sku: "SKU:",
  upsells: "You may also like…",
  related: "Related products",
  gallery: "Product images",
  showImage: (position: number, total: number) => `Show image ${position} of ${total}`,
};
