/** The owner API's products, categories, tags and attributes (decision 0043), as the server answers and the console reads them. */

export type ProductType = "simple" | "variable";
export type ProductStatus = "publish" | "draft";
export type StockStatus = "instock" | "outofstock" | "onbackorder";
export type Backorders = "no" | "notify" | "yes";
export type Visibility = "visible" | "catalog" | "search" | "hidden";

/** The shop's currency, sent beside prices so the console shows them as the shop does. */
export interface OwnerCurrency {
  currency_code: string;
  currency_minor_unit: number;
}

/** The paging fields of every paged owner list, beside its list; the headers X-WP-Total and X-WP-TotalPages repeat them (decision 0171). */
export interface OwnerPaging {
  /** Items the query matches, on every page. */
  total: number;
  page: number;
  per_page: number;
  /** Pages of per_page items: 0 when nothing matches. */
  pages: number;
}

/** One attribute of a product: the terms it offers, and whether its variations are chosen by it. */
export interface ProductAttributeInput {
  attribute_id: number;
  term_ids: number[];
  used_for_variations: boolean;
}

/** One variation as the owner writes it: the term it stands for of each variation attribute, its price and stock. */
export interface VariationInput {
  /** An existing variation of this product to keep (carts holding it keep it); absent or null for a new one. */
  id?: number | null;
  attributes: { attribute_id: number; term_id: number }[];
  sku: string;
  regular_price: number | null;
  sale_price: number | null;
  /** The sale price holds from this instant (ISO 8601, UTC when read back); null: from now on. */
  sale_starts_at: string | null;
  /** …until this instant, which it no longer holds; null: until changed. */
  sale_ends_at: string | null;
  manage_stock: boolean;
  stock_quantity: number | null;
  /**
   * The quantity the editor loaded, sent back on a save: left unchanged, the quantity keeps what
   * orders moved meanwhile; changed after such a move, the save is refused (409 cw_rest_stock_changed).
   * Absent: the quantity given is written as it is.
   */
  original_stock_quantity?: number | null;
  stock_status: StockStatus;
  backorders: Backorders;
  weight_grams: number | null;
  /** "parent" (its product's class, the default), "standard" or a tax class's slug (decision 0044). */
  tax_class?: string;
  /** Its own shipping class (decision 0106); null: the same as its product's; absent keeps the saved one. */
  shipping_class_id?: number | null;
  /** One of the images (its media id) shown when a shopper chooses this variation; null for the product's own; absent keeps the saved one. */
  image_id?: number | null;
}

/** taxable: the product and its shipping are taxed; shipping: only its shipping; none: neither (decision 0044). */
export type TaxStatus = "taxable" | "shipping" | "none";

/** A product as the owner API writes it: money in minor units. */
export interface ProductInput {
  type: ProductType;
  status: ProductStatus;
  name: string;
  slug: string;
  sku: string;
  short_description: string;
  description: string;
  regular_price: number | null;
  sale_price: number | null;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  manage_stock: boolean;
  stock_quantity: number | null;
  /**
   * The quantity the editor loaded, sent back on a save: left unchanged, the quantity keeps what
   * orders moved meanwhile; changed after such a move, the save is refused (409 cw_rest_stock_changed).
   * Absent: the quantity given is written as it is.
   */
  original_stock_quantity?: number | null;
  stock_status: StockStatus;
  backorders: Backorders;
  low_stock_amount: number | null;
  quantity_min: number;
  quantity_max: number | null;
  quantity_step: number;
  sold_individually: boolean;
  virtual: boolean;
  weight_grams: number | null;
  /** Taxable by default; its variations follow it (decision 0044). */
  tax_status?: TaxStatus;
  /** "standard" (the default) or a tax class's slug. */
  tax_class?: string;
  /** The shipping class flat rates price it by (decision 0106); null: none; absent keeps the saved one. */
  shipping_class_id?: number | null;
  featured: boolean;
  catalog_visibility: Visibility;
  menu_order: number;
  category_ids: number[];
  /** The product's brands (decision 0095). */
  brand_ids: number[];
  tag_ids: number[];
  cross_sell_ids: number[];
  /** Offered on the product's page in its place, in this order ("You may also like…"). */
  upsell_ids: number[];
  attributes: ProductAttributeInput[];
  variations: VariationInput[];
  /** The gallery in order, the first the main image (decision 0045); absent keeps the saved one. */
  images?: ProductImageInput[];
}

export interface OwnerVariation extends VariationInput {
  id: number;
  tax_class: string;
  shipping_class_id: number | null;
  image_id: number | null;
}

export interface OwnerProduct extends Omit<ProductInput, "variations" | "images"> {
  id: number;
  tax_status: TaxStatus;
  tax_class: string;
  shipping_class_id: number | null;
  variations: OwnerVariation[];
  permalink: string;
  images: OwnerImage[];
  total_sales: number;
  created_at: string;
  updated_at: string;
  /** What the owner can change, fingerprinted: sent back with a save, a product changed since is refused (decision 0158). */
  version: string;
}

/** A row of the owner's product list: a variable product's price is its variations' range. */
export interface ProductSummary {
  id: number;
  name: string;
  slug: string;
  type: ProductType;
  status: ProductStatus;
  sku: string;
  regular_price: number | null;
  sale_price: number | null;
  price_range: { min: number; max: number } | null;
  manage_stock: boolean;
  stock_quantity: number | null;
  /** What the shop shows: a variable product's from its priced variations (decision 0148), not its own stored column. */
  stock_status: StockStatus;
  variations: number;
  /** A variable product's variations that have a price, the only ones the shop sells (0 for a simple product). */
  priced_variations: number;
  catalog_visibility: Visibility;
  categories: { id: number; name: string }[];
  image: { src: string; alt: string } | null;
  permalink: string;
  updated_at: string;
}

export interface ProductList extends OwnerCurrency, OwnerPaging {
  products: ProductSummary[];
}

/** The fields a bulk edit may set on many products at once. */
export interface BulkChanges {
  regular_price?: number | null;
  sale_price?: number | null;
  stock_quantity?: number | null;
  stock_status?: StockStatus;
  status?: ProductStatus;
}

/** Each product of a bulk edit is its own write: one refused leaves the others done. */
export interface BulkResult {
  updated: number[];
  failed: { id: number; code: string; message: string; details?: Record<string, { message: string }> }[];
}

export interface CategoryInput {
  name: string;
  slug: string;
  description: string;
  parent_id: number | null;
  menu_order: number;
}

export interface TagInput {
  name: string;
  slug: string;
}

/** A new term of an attribute (POST /attributes/{id}/terms): a slug made from the name when empty. */
export interface AttributeTermInput {
  name: string;
  slug: string;
}

export interface AttributeInput {
  name: string;
  slug: string;
  /** In the order shoppers see them; a term with an id is kept (products and variations keep it). */
  terms: { id?: number | null; name: string; slug: string }[];
}

export interface Term {
  id: number;
  name: string;
  slug: string;
}

/** A term as the owner API answers it: how many products (drafts too, a variation counting as its product) use it. */
export interface OwnerAttributeTerm extends Term {
  count: number;
}

export interface OwnerAttribute extends Term {
  /** How many products (drafts too) offer it. */
  count: number;
  terms: OwnerAttributeTerm[];
  /** Its name, slug and terms fingerprinted: sent back with a save, an attribute changed since is refused (decision 0158). */
  version: string;
}

export interface OwnerCategory extends CategoryInput {
  id: number;
  /** How many products (drafts too) it holds: the list, a read and a save's reply all carry it. */
  count: number;
  /** What the owner can change, fingerprinted: sent back with a save, one changed since is refused (decision 0158). */
  version: string;
}

/** A brand (decision 0095) has a category's fields. */
export type BrandInput = CategoryInput;
export type OwnerBrand = OwnerCategory;

export interface OwnerTag extends TagInput {
  id: number;
  /** How many products (drafts too) it holds: the list, a read and a save's reply all carry it. */
  count: number;
  /** Its name and slug fingerprinted (decision 0158). */
  version: string;
}

/** One image of a product's gallery as the owner writes it, in order (the first is the main image); alt given replaces the image's. */
export interface ProductImageInput {
  id: number;
  alt?: string;
}

/** An image as a product shows it to the owner (decision 0045): `thumbnail` the smallest file, `src` the largest. */
export interface OwnerImage {
  id: number;
  src: string;
  thumbnail: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** An image in the owner's media library, with the products (and variations' parents) that use it. */
export interface OwnerMedia extends OwnerImage {
  filename: string;
  content_type: string;
  srcset: string;
  /** Bytes of the stored image. */
  size: number;
  created_at: string;
  used_by: { id: number; name: string }[];
}

export interface MediaList extends OwnerPaging {
  media: OwnerMedia[];
}
