/** Catalogue queries. Listing filters and ordering run in SQL; details load in one query per kind. */
import { starsRange } from "@cartwright/commerce";
import { type ExpressionBuilder, type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import { isStoredId } from "../../db/ids.ts";
import type { Database, Db } from "../../db/index.ts";
import type { ProductsTable } from "../../db/schema.ts";
import {
  LARGEST_STORED_PRICE,
  PRICE_DIGIT_BASE,
  type RoundedTaxFormula,
  type ShownPriceFormula,
  type StoredPriceFilter,
} from "../cart/index.ts";
import type { AttributeFilter, ListingQuery, ProductQuery } from "./catalog.types.ts";

export type ProductRow = Selectable<ProductsTable>;

type ProductsQuery = SelectQueryBuilder<Database, "products", object>;

/** The sale price of `alias` holds at `now` (ISO text; decision 0047's window, as `saleActive` reads it). */
const saleHolds = (alias: string, now: string) => {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column("sale_price")} is not null and ${column("regular_price")} is not null
  and ${column("sale_price")} < ${column("regular_price")}
  and (${column("sale_starts_at")} is null or ${column("sale_starts_at")} <= ${now})
  and (${column("sale_ends_at")} is null or ${column("sale_ends_at")} > ${now}))`;
};

/** The price a shopper pays at `now` for the row `alias` (a simple product or a variation). */
const unitPrice = (alias: string, now: string) =>
  sql<
    number | null
  >`(case when ${saleHolds(alias, now)} then ${sql.ref(`${alias}.sale_price`)} else ${sql.ref(`${alias}.regular_price`)} end)`;

/** A variation's tax class: its own, or its product's (`parent`); its tax status is always its product's. */
const variationClass = sql<string>`(case when v.tax_class = 'parent' then products.tax_class else v.tax_class end)`;

/** A row is taxable in the class `name`. */
const taxedIn = (taxStatus: RawBuilder<string>, taxClass: RawBuilder<string>, name: string) =>
  sql<boolean>`${taxStatus} = 'taxable' and ${taxClass} = ${name}`;

/**
 * The price a shopper pays at `now` as the shop shows it (decision 0164: with or without tax, per tax class); a variable
 * product's is its cheapest priced variation's, or its dearest when the listing runs from high to low (a $39–$45
 * hoodie sorts by $45 there, as WooCommerce sorts), each variation shown in its own class. A variation without a
 * price counts for neither (decision 0148).
 */
const currentPrice = (now: string, pick: "min" | "max", formulas: readonly ShownPriceFormula[]) => sql<
  number | null
>`case when products.type = 'variable'
  then (select ${sql.raw(pick)}(${shownPrice(unitPrice("v", now), sql`products.tax_status`, variationClass, formulas)}) from products v where v.parent_id = products.id)
  else ${shownPrice(unitPrice("products", now), sql`products.tax_status`, sql`products.tax_class`, formulas)} end`;

/** A stored price as shown: worked out by its class's formula when it is taxable in a class that has one, else itself. */
function shownPrice(
  price: RawBuilder<number | null>,
  taxStatus: RawBuilder<string>,
  taxClass: RawBuilder<string>,
  formulas: readonly ShownPriceFormula[],
): RawBuilder<number | null> {
  if (!formulas.length) return price;
  // In 64-bit integers on both databases, each product having a bigint factor: none passes 2^63 (`roundedTaxFormula`).
  const amount = price as RawBuilder<number>;
  const shown = ({ sign, taxes }: ShownPriceFormula) =>
    taxes.length
      ? sql`${amount} ${sql.raw(sign > 0 ? "+" : "-")} (${sql.join(
          taxes.map((tax) => roundedTax(amount, tax)),
          sql` + `,
        )})`
      : price;
  return sql<number | null>`(case ${sql.join(
    formulas.map((formula) => sql`when ${taxedIn(taxStatus, taxClass, formula.taxClass)} then ${shown(formula)}`),
    sql` `,
  )} else ${price} end)`;
}

/** One rate's tax on `amount`, rounded half up, in integer maths (`RoundedTaxFormula`). */
function roundedTax(amount: RawBuilder<number>, tax: RoundedTaxFormula) {
  const base = integer(PRICE_DIGIT_BASE);
  const digits = tax.digits === 1 ? [amount] : [sql<number>`(${amount} % ${base})`, sql<number>`(${amount} / ${base})`];
  const times = (values: number[]) => digits.flatMap((digit, j) => (values[j] ? [sql`${digit} * ${integer(values[j])}`] : []));
  const [wholes, rests] = [times(tax.wholes), times(tax.rests)];
  const rounded = rests.length
    ? sql`(2 * (${sql.join(rests, sql` + `)}) + ${integer(tax.denominator)}) / ${integer(2 * tax.denominator)}`
    : sql`0`;
  return wholes.length ? sql`${sql.join(wholes, sql` + `)} + ${rounded}` : rounded;
}

/** A whole number sent as a 64-bit integer (better-sqlite3 binds a number as a real, which would divide as reals). */
const integer = (value: number) => sql<number>`cast(${value} as bigint)`;

/** A stored bound as SQL: a minimum past every stored price is null, which no price reaches. */
function boundValue(bound: number, side: "min" | "max") {
  if (side === "min" && bound > LARGEST_STORED_PRICE) return sql<number | null>`cast(null as integer)`;
  return sql<number>`cast(${Math.min(bound, LARGEST_STORED_PRICE)} as integer)`;
}

/**
 * A price's shown amount passes one end of the filter: compared with its tax class's stored bound when it is taxable
 * in a class with a rate at the base location, else with the asked one (the bound picked per row, the price worked
 * out once), or it is one of the few amounts past its class's bound that pass too.
 */
function shownPricePasses(
  price: RawBuilder<number | null>,
  taxStatus: RawBuilder<string>,
  taxClass: RawBuilder<string>,
  filter: StoredPriceFilter,
  side: "min" | "max",
) {
  const asked = filter[side] as number;
  const classes = filter.classes.flatMap((c) => (c[side] ? [{ taxClass: c.taxClass, ...c[side] }] : []));
  const bound = classes.length
    ? sql`(case ${sql.join(
        classes.map((c) => sql`when ${taxedIn(taxStatus, taxClass, c.taxClass)} then ${boundValue(c.bound, side)}`),
        sql` `,
      )} else ${boundValue(asked, side)} end)`
    : boundValue(asked, side);
  const within = sql<boolean>`${price} ${sql.raw(side === "min" ? ">=" : "<=")} ${bound}`;
  const besides = classes.flatMap((c) => {
    const amounts = c.besides.filter((amount) => amount >= 0 && amount <= LARGEST_STORED_PRICE);
    return amounts.length ? [sql<boolean>`(${taxedIn(taxStatus, taxClass, c.taxClass)} and ${price} in (${sql.join(amounts)}))`] : [];
  });
  return besides.length ? sql<boolean>`(${within} or ${sql.join(besides, sql` or `)})` : within;
}

/**
 * A product's shown prices reach one end of the filter's range, so that with both ends its prices overlap the range
 * (decision 0087's amendment, as WooCommerce's lookup table compares its dearest with min_price and its cheapest with
 * max_price): a simple product's price, or any priced variation's, each in its own tax class (decision 0160).
 */
function shownPriceReaches(filter: StoredPriceFilter, side: "min" | "max", now: string) {
  const own = shownPricePasses(unitPrice("products", now), sql`products.tax_status`, sql`products.tax_class`, filter, side);
  const variation = shownPricePasses(unitPrice("v", now), sql`products.tax_status`, variationClass, filter, side);
  return sql<boolean>`(case when products.type = 'variable'
  then exists (select 1 from products v where v.parent_id = products.id and ${variation})
  else ${own} end)`;
}

const onSale = (now: string) => sql<boolean>`(${saleHolds("products", now)} or exists
  (select 1 from products v where v.parent_id = products.id and ${saleHolds("v", now)}))`;

/** Whether the product (`products`) has a variation with a price in this stock status. */
const pricedVariationIn = (status: ProductRow["stock_status"]) =>
  sql`exists (select 1 from products v where v.parent_id = products.id and v.regular_price is not null and v.stock_status = ${status})`;

/**
 * The stock status shoppers see (decision 0148; `product-shape.ts` `shownStockStatus` is the same rule): a variable
 * product's from its priced variations, in stock when one is, else on backorder when one is, else out of stock.
 */
export const shownStockStatus = sql<ProductRow["stock_status"]>`(case when products.type = 'variable' then
  case when ${pricedVariationIn("instock")} then 'instock' when ${pricedVariationIn("onbackorder")} then 'onbackorder' else 'outofstock' end
  else products.stock_status end)`;

/** Every instant at which some sale starts or ends (ms, sorted): between two of them, sales hold alike. */
export async function findSaleBoundaries(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom("products")
    .select(["sale_starts_at", "sale_ends_at"])
    .where("sale_price", "is not", null)
    .where((eb) => eb.or([eb("sale_starts_at", "is not", null), eb("sale_ends_at", "is not", null)]))
    .execute();
  const times = rows.flatMap((r) => [r.sale_starts_at, r.sale_ends_at]).filter((t): t is string => t !== null);
  return [...new Set(times.map((t) => Date.parse(t)))].sort((a, b) => a - b);
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The taxonomies products link to through a table of their own: its table, link table and link column. */
export type TaxonomyKind = "category" | "brand" | "tag";
const TAXONOMIES = {
  category: { table: "categories", link: "product_categories", column: "category_id" },
  brand: { table: "brands", link: "product_brands", column: "brand_id" },
  tag: { table: "tags", link: "product_tags", column: "tag_id" },
} as const;

/** The kind's link table joined to its terms as `link` and `term` (typed as the categories' tables, which every kind's match). */
const linkedTerms = (eb: ExpressionBuilder<Database, "products">, kind: TaxonomyKind) => {
  const { table, link, column } = TAXONOMIES[kind];
  return eb
    .selectFrom(`${link} as link` as "product_categories as link")
    .innerJoin(`${table} as term` as "categories as term", "term.id", `link.${column}` as "link.category_id");
};

/** Products linked to any of the given terms (ids or slugs) through a link table. */
function termFilter(eb: ExpressionBuilder<Database, "products">, kind: TaxonomyKind, values: readonly string[]) {
  const ids = values
    .filter((v) => /^\d+$/.test(v))
    .map(Number)
    .filter(isStoredId);
  const slugs = values.filter((v) => !/^\d+$/.test(v));
  return eb.exists(
    linkedTerms(eb, kind)
      .whereRef("link.product_id", "=", "products.id")
      .where((w) => w.or([...(ids.length ? [w("term.id", "in", ids)] : []), ...(slugs.length ? [w("term.slug", "in", slugs)] : [])]))
      .select(sql`1`.as("one")),
  );
}

/** in: any of the terms; and: each of them; not_in: none of them (decision 0095's brands, WooCommerce's category_operator and tag_operator). */
function termsMatch(
  eb: ExpressionBuilder<Database, "products">,
  kind: TaxonomyKind,
  values: readonly string[],
  operator: "in" | "and" | "not_in",
) {
  if (operator === "and") return eb.and(values.map((value) => termFilter(eb, kind, [value])));
  if (operator === "not_in") return eb.not(termFilter(eb, kind, values));
  return termFilter(eb, kind, values);
}

/**
 * Whether the product (`products`) offers the term `t` it carries: a variable product only when one of its
 * variations with a price (decision 0148: an unpriced one cannot be chosen) has the term, or leaves that
 * attribute open, and (when the listing asks for stock statuses, as a shop hiding sold-out products does) is
 * in one of them; so Blue does not list a hoodie whose every blue variation is sold out or unpriced, as the
 * product page could not sell it. With no priced variation it offers none of its variations' terms.
 */
function offered(stock: readonly string[] | undefined) {
  const inStock = stock?.length ? sql` and v.stock_status in (${sql.join(stock)})` : sql``;
  return sql<boolean>`(products.type <> 'variable'
  or not exists (select 1 from product_attributes pa where pa.product_id = products.id and pa.attribute_id = t.attribute_id and pa.used_for_variations = 1)
  or exists (select 1 from products v where v.parent_id = products.id and v.regular_price is not null${inStock}
    and (exists (select 1 from variation_attributes va where va.variation_id = v.id and va.term_id = t.id)
      or not exists (select 1 from variation_attributes va where va.variation_id = v.id and va.attribute_id = t.attribute_id))))`;
}

/** The attribute a filter names: its id, its slug, or pa_ and its slug. */
function attributeNamed(attribute: string) {
  if (/^\d+$/.test(attribute)) return sql<boolean>`a.id = ${isStoredId(Number(attribute)) ? Number(attribute) : 0}`;
  return sql<boolean>`a.slug = ${attribute.replace(/^pa_/, "")}`;
}

/** The product offers one of the terms of `attribute` with these slugs or ids (none given: none match). */
function offersAnyOf(attribute: string, slugs: string[], ids: number[], stock: readonly string[] | undefined) {
  const stored = ids.filter(isStoredId);
  const which = [
    ...(slugs.length ? [sql`t.slug in (${sql.join(slugs)})`] : []),
    ...(stored.length ? [sql`t.id in (${sql.join(stored)})`] : []),
  ];
  if (!which.length) return sql<boolean>`1 = 0`;
  return sql<boolean>`exists (select 1 from product_attribute_terms pat
  inner join attribute_terms t on t.id = pat.term_id inner join attributes a on a.id = t.attribute_id
  where pat.product_id = products.id and ${attributeNamed(attribute)} and (${sql.join(which, sql` or `)}) and ${offered(stock)})`;
}

/** One attribute filter: in (any term), and (every term), not_in (none of them). */
function attributeFilter(filter: AttributeFilter, stock: readonly string[] | undefined) {
  const slugs = filter.slugs ?? [];
  const ids = filter.termIds ?? [];
  if (filter.operator === "not_in") return sql<boolean>`not ${offersAnyOf(filter.attribute, slugs, ids, stock)}`;
  if (filter.operator === "in") return offersAnyOf(filter.attribute, slugs, ids, stock);
  const each = [
    ...slugs.map((slug) => offersAnyOf(filter.attribute, [slug], [], stock)),
    ...ids.map((id) => offersAnyOf(filter.attribute, [], [id], stock)),
  ];
  return each.length ? sql<boolean>`(${sql.join(each, sql` and `)})` : sql<boolean>`1 = 0`;
}

/** A parent id a filter can compare: 0 (none) or a stored id; a larger one matches nothing. */
const isParentId = (id: number) => id === 0 || isStoredId(id);

type Visibility = ProductRow["catalog_visibility"];

/**
 * The catalogue visibilities a listing shows. Unasked, the shop's own: 'catalog' ones only in listings, 'search'
 * ones only in search, hidden ones never. Asked (the Store API's catalog_visibility, decision 0151), as
 * WooCommerce reads it: catalog and search each take the visible ones too; hidden and any list hidden products,
 * which are published and open at their own address, only to a caller who names them.
 */
function listedVisibilities(asked: ProductQuery["catalogVisibility"], searching: boolean): Visibility[] {
  if (!asked) return searching ? ["visible", "search"] : ["visible", "catalog"];
  const shown: Record<NonNullable<ProductQuery["catalogVisibility"]>, Visibility[]> = {
    any: ["visible", "catalog", "search", "hidden"],
    visible: ["visible"],
    catalog: ["visible", "catalog"],
    search: ["visible", "search"],
    hidden: ["hidden"],
  };
  return shown[asked];
}

function filtered(db: Db, query: ListingQuery, now: string): ProductsQuery {
  // Drafts stay out of the shop until the owner publishes them (migration 025).
  let q: ProductsQuery = db.selectFrom("products").where("products.parent_id", "is", null).where("products.status", "=", "publish");
  const search = query.search?.trim();
  q = q.where("products.catalog_visibility", "in", listedVisibilities(query.catalogVisibility, Boolean(search)));
  if (search) {
    const pattern = likePattern(search);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(products.name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(products.sku)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(products.short_description)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (query.slug?.length) q = q.where("products.slug", "in", query.slug);
  // A SKU as given, or in other letter case (ASCII's, which lower() changes alike in both dialects).
  const skus = query.sku ?? [];
  if (skus.length) {
    const lowered = skus.map((sku) => sku.replace(/[A-Z]/g, (c) => c.toLowerCase()));
    q = q.where((eb) => eb.or([eb("products.sku", "in", skus), eb(sql`lower(products.sku)`, "in", lowered)]));
  }
  // Grouped and external products are WooCommerce's types this shop never makes: asked for, they match none.
  if (query.type) q = q.where(sql<boolean>`products.type = ${query.type}`);
  const terms = [
    ["category", query.category, query.categoryOperator],
    ["tag", query.tag, query.tagOperator],
    ["brand", query.brand, query.brandOperator],
  ] as const;
  for (const [kind, values, operator] of terms) if (values?.length) q = q.where((eb) => termsMatch(eb, kind, values, operator ?? "in"));
  if (query.onSale !== undefined) q = q.where(query.onSale ? onSale(now) : sql<boolean>`not ${onSale(now)}`);
  if (query.stockStatus?.length) q = q.where(shownStockStatus, "in", query.stockStatus);
  // A collection's filters (decision 0087); ids beyond what the database stores can match nothing.
  if (query.include) q = q.where("products.id", "in", [0, ...query.include.filter(isStoredId)]);
  if (query.exclude?.length) q = q.where("products.id", "not in", query.exclude.filter(isStoredId).concat(0));
  // WooCommerce's post_parent: 0 for a product, which every listed one is (variations are never listed on their own).
  const parentOf = sql<number>`coalesce(products.parent_id, 0)`;
  if (query.parent?.length) q = q.where(parentOf, "in", query.parent.filter(isParentId).concat(-1));
  if (query.parentExclude?.length) q = q.where(parentOf, "not in", query.parentExclude.filter(isParentId).concat(-1));
  const shares = query.sharesTerms;
  if (shares && (shares.categories.length || shares.tags.length)) {
    const categories = shares.categories.filter(isStoredId).map(String);
    const tags = shares.tags.filter(isStoredId).map(String);
    q = q.where((eb) =>
      eb.or([
        ...(categories.length ? [termFilter(eb, "category", categories)] : []),
        ...(tags.length ? [termFilter(eb, "tag", tags)] : []),
      ]),
    );
  }
  if (query.featured !== undefined) q = q.where("products.featured", "=", query.featured ? 1 : 0);
  if (query.createdAfter) q = q.where("products.created_at", ">=", query.createdAfter);
  if (query.createdBefore) q = q.where("products.created_at", "<", query.createdBefore);
  if (query.prices?.min !== undefined) q = q.where(shownPriceReaches(query.prices, "min", now));
  if (query.prices?.max !== undefined) q = q.where(shownPriceReaches(query.prices, "max", now));
  if (query.attributes?.length) {
    const each = query.attributes.map((filter) => attributeFilter(filter, query.stockStatus));
    q = q.where(sql<boolean>`(${sql.join(each, query.attributeRelation === "or" ? sql` or ` : sql` and `)})`);
  }
  // The average rounds to one of the chosen stars (decision 0090): a range of the stored average ×100 per star.
  const stars = (query.rating ?? []).filter((n) => Number.isInteger(n) && n >= 1 && n <= 5);
  if (query.rating) {
    if (!stars.length) q = q.where(sql<boolean>`1 = 0`);
    else
      q = q.where((eb) =>
        eb.or(
          stars.map((n) => {
            const [low, high] = starsRange(n);
            return eb.and([
              eb("products.rating_x100", ">=", low),
              eb("products.rating_x100", "<=", high),
              eb("products.review_count", ">", 0),
            ]);
          }),
        ),
      );
  }
  return q;
}

/** How many products the query lists that offer each attribute term (terms no product offers left out). */
export async function countTermProducts(db: Db, query: ListingQuery, now: string): Promise<{ term_id: number; count: number }[]> {
  const offering = filtered(db, query, now)
    .innerJoin("product_attribute_terms as pat", "pat.product_id", "products.id")
    .innerJoin("attribute_terms as t", "t.id", "pat.term_id")
    .where(offered(query.stockStatus));
  const skip = Math.max(0, query.offset ?? 0);
  if (!skip && query.limit === undefined) {
    const rows = await offering
      .select((eb) => ["t.id as term_id", eb.fn.countAll<number>().as("count")])
      .groupBy("t.id")
      .execute();
    return rows.map((r) => ({ term_id: r.term_id, count: Number(r.count) }));
  }
  // A collection's offset and last page cut the list after its filters: with a term chosen, the products
  // offering it are listed in the collection's order and cut there, so each term's products are ranked
  // apart and counted between the cuts (what choosing the term would list).
  const order = sql.join(orderKeys(query, now));
  const ranked = offering.select(["t.id as term_id", sql<number>`row_number() over (partition by t.id order by ${order})`.as("place")]);
  let counted = db.selectFrom(ranked.as("r")).where("r.place", ">", skip);
  if (query.limit !== undefined) counted = counted.where("r.place", "<=", skip + Math.max(0, query.limit));
  const rows = await counted
    .select((eb) => ["r.term_id", eb.fn.countAll<number>().as("count")])
    .groupBy("r.term_id")
    .execute();
  return rows.map((r) => ({ term_id: Number(r.term_id), count: Number(r.count) }));
}

/** How many products the query lists in each category, brand or with each tag (by the term's id), and the reviews they have between them. */
export async function countTaxonomyProducts(
  db: Db,
  kind: TaxonomyKind,
  query: ListingQuery,
  now: string,
): Promise<{ term_id: number; count: number; reviews: number }[]> {
  const { link, column } = TAXONOMIES[kind];
  const rows = await filtered(db, query, now)
    .innerJoin(`${link} as link` as "product_categories as link", "link.product_id", "products.id")
    .select(`link.${column} as term_id` as "link.category_id as term_id")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("products.review_count").as("reviews")])
    .groupBy("term_id")
    .execute();
  return rows.map((r) => ({ term_id: Number(r.term_id), count: Number(r.count), reviews: Number(r.reviews ?? 0) }));
}

/** How many products the query lists at each rounded average rating (1 to 5; products without a rating left out). */
export async function countRatings(db: Db, query: ListingQuery, now: string): Promise<{ rating: number; count: number }[]> {
  // rating_x100 is the average times 100: adding 50 and dividing as integers rounds half up, in both dialects.
  const rounded = sql<number>`((products.rating_x100 + 50) / 100)`;
  const rows = await filtered(db, query, now)
    .where("products.rating_x100", ">", 0)
    .select((eb) => [rounded.as("rating"), eb.fn.countAll<number>().as("count")])
    .groupBy(rounded)
    .orderBy(rounded)
    .execute();
  return rows.map((r) => ({ rating: Number(r.rating), count: Number(r.count) }));
}

/** How many products the query lists in each stock status (a variable product's from its variations: `shownStockStatus`). */
export async function countStockStatuses(db: Db, query: ListingQuery, now: string): Promise<{ status: string; count: number }[]> {
  const listed = filtered(db, query, now).select(shownStockStatus.as("status"));
  const rows = await db
    .selectFrom(listed.as("l"))
    .select((eb) => ["l.status", eb.fn.countAll<number>().as("count")])
    .groupBy("l.status")
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/**
 * The cheapest and dearest price a shopper pays at `now` among the products the query lists (a variable
 * product's priced variations each count), per tax status and class, so each can be shown with or without tax.
 */
export async function findPriceRange(
  db: Db,
  query: ListingQuery,
  now: string,
): Promise<{ tax_status: string; tax_class: string; min: number; max: number }[]> {
  const listed = filtered(db, query, now).select("products.id");
  const units = db
    .selectFrom("products as p")
    .where("p.id", "in", listed)
    .where("p.type", "<>", "variable")
    .select(["p.tax_status", "p.tax_class", unitPrice("p", now).as("price")])
    .unionAll(
      db
        .selectFrom("products as v")
        .innerJoin("products as p", "p.id", "v.parent_id")
        .where("p.id", "in", listed)
        .where("p.type", "=", "variable")
        .select([
          "p.tax_status",
          sql<string>`case when v.tax_class = 'parent' then p.tax_class else v.tax_class end`.as("tax_class"),
          unitPrice("v", now).as("price"),
        ]),
    );
  const rows = await db
    .selectFrom(units.as("u"))
    .where("u.price", "is not", null)
    .select((eb) => ["u.tax_status", "u.tax_class", eb.fn.min<number>("u.price").as("min"), eb.fn.max<number>("u.price").as("max")])
    .groupBy(["u.tax_status", "u.tax_class"])
    .execute();
  return rows.map((r) => ({ tax_status: r.tax_status, tax_class: r.tax_class, min: Number(r.min), max: Number(r.max) }));
}

/** Every tag, by name. */
export async function findTags(db: Db) {
  return db.selectFrom("tags").select(["id", "name", "slug"]).orderBy("name").orderBy("id").execute();
}

/** Every attribute with its terms, in the order the owner gave the terms. */
export async function findAttributes(db: Db) {
  const [attributes, terms] = await Promise.all([
    db.selectFrom("attributes").select(["id", "name", "slug"]).orderBy("name").orderBy("id").execute(),
    db.selectFrom("attribute_terms").select(["id", "attribute_id", "name", "slug"]).orderBy("menu_order").orderBy("id").execute(),
  ]);
  return { attributes, terms };
}

/** `now` (ISO text) decides which sales hold, for the on-sale filter and the price order. */
export async function countProducts(db: Db, query: ListingQuery, now: string): Promise<number> {
  const row = await filtered(db, query, now)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findProducts(db: Db, query: ListingQuery, now: string, limit: number, offset: number): Promise<ProductRow[]> {
  return ordered(filtered(db, query, now).selectAll("products"), query, now)
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A listing's rows in the query's order, with a stable tie-break so pages never repeat or skip a product. */
function ordered<O>(rows: SelectQueryBuilder<Database, "products", O>, query: ListingQuery, now: string) {
  return orderKeys(query, now).reduce((q, term) => q.orderBy(term), rows);
}

type Direction = "asc" | "desc";

/** One term of an `order by`: a key and its direction. */
const by = (key: RawBuilder<unknown>, direction: Direction) => sql`${key} ${sql.raw(direction)}`;
/** A term whose nulls come last either way: each database puts them at its own end otherwise (SQLite first going up, PostgreSQL first going down). */
const byNullsLast = (key: RawBuilder<unknown>, direction: Direction) => sql`${key} ${sql.raw(direction)} nulls last`;

/** What a listing sorts by, in turn, ending with the product's id (a stable tie-break keeps pages from repeating or skipping products). */
function orderKeys(query: ListingQuery, now: string): RawBuilder<unknown>[] {
  const direction = query.order ?? defaultDirection(query.orderBy);
  const column = (name: string) => sql.ref(`products.${name}`) as RawBuilder<unknown>;
  const byName = sql`lower(products.name)`;
  const keys: Record<NonNullable<ProductQuery["orderBy"]>, RawBuilder<unknown>[]> = {
    // A product without a price (none set, or no variation priced) comes after the priced ones, either way.
    price: [byNullsLast(currentPrice(now, direction === "desc" ? "max" : "min", query.shownPrices ?? []), direction)],
    popularity: [by(column("total_sales"), direction)],
    rating: [by(column("rating_x100"), direction), by(column("review_count"), direction)],
    date: [by(column("created_at"), direction)],
    title: [by(byName, direction)],
    id: [by(column("id"), direction)],
    menu_order: [by(column("menu_order"), direction), by(byName, "asc")],
    slug: [by(column("slug"), direction)],
    modified: [by(column("updated_at"), direction)],
    comment_count: [by(column("review_count"), direction)],
    include: [by(includedPosition(query.include ?? []), direction)],
  };
  return [...keys[query.orderBy ?? "menu_order"], by(column("id"), "asc")];
}

/** A product's place in `include`'s list (WooCommerce's orderby=include); without the list, every product alike. */
function includedPosition(ids: readonly number[]): RawBuilder<unknown> {
  const stored = ids.filter(isStoredId);
  if (!stored.length) return sql`0`;
  return sql`(case products.id ${sql.join(
    stored.map((id, i) => sql`when ${sql.lit(id)} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(stored.length)} end)`;
}

/** The orders that list the newest, most sold, best rated, last changed or most reviewed first unless told. */
const HIGHEST_FIRST: readonly ProductQuery["orderBy"][] = ["date", "popularity", "rating", "modified", "comment_count"];

function defaultDirection(orderBy: ProductQuery["orderBy"]): "asc" | "desc" {
  return HIGHEST_FIRST.includes(orderBy) ? "desc" : "asc";
}

export async function findProductByIdOrSlug(db: Db, idOrSlug: string): Promise<ProductRow | undefined> {
  const q = db.selectFrom("products").selectAll().where("status", "=", "publish");
  if (!/^\d+$/.test(idOrSlug)) return q.where("slug", "=", idOrSlug).where("type", "!=", "variation").executeTakeFirst();
  return isStoredId(Number(idOrSlug)) ? q.where("id", "=", Number(idOrSlug)).executeTakeFirst() : undefined;
}

export async function findVariations(db: Db, parentIds: number[]): Promise<ProductRow[]> {
  if (!parentIds.length) return [];
  return db.selectFrom("products").selectAll().where("parent_id", "in", parentIds).orderBy("menu_order").orderBy("id").execute();
}

/** Visible cross-sells of the given products in their order, each product once. */
export async function findCrossSells(db: Db, productIds: number[]): Promise<ProductRow[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom("cross_sells as x")
    .innerJoin("products as p", "p.id", "x.cross_sell_id")
    .selectAll("p")
    .where("x.product_id", "in", productIds)
    .where("p.catalog_visibility", "!=", "hidden")
    .where("p.status", "=", "publish")
    .orderBy("x.position")
    .execute();
  const unique = new Map<number, ProductRow>();
  for (const row of rows) if (!unique.has(row.id)) unique.set(row.id, row);
  return [...unique.values()];
}

/** What a product page may offer: published, and shown outside search (catalog_visibility visible or catalog), in stock when the shop hides the rest. */
const offerable = (hideOutOfStock: boolean) =>
  sql<boolean>`(products.status = 'publish' and products.catalog_visibility in ('visible', 'catalog')${
    hideOutOfStock ? sql` and ${shownStockStatus} <> 'outofstock'` : sql``
  })`;

/** A product's upsells that the shop may offer, in the owner's order. */
export async function findUpsells(db: Db, productId: number, hideOutOfStock: boolean): Promise<ProductRow[]> {
  return db
    .selectFrom("products")
    .innerJoin("upsells", "upsells.upsell_id", "products.id")
    .where(offerable(hideOutOfStock))
    .where("upsells.product_id", "=", productId)
    .selectAll("products")
    .orderBy("upsells.position")
    .execute();
}

/**
 * Up to `limit` products sharing a category, tag or brand with the product, those sharing more first, then
 * in the shop's default order; never the product itself nor its upsells.
 */
export async function findRelated(db: Db, productId: number, hideOutOfStock: boolean, limit: number): Promise<ProductRow[]> {
  const shared = db
    .selectFrom("product_categories as other")
    .select("other.product_id")
    .where("other.category_id", "in", (eb) => eb.selectFrom("product_categories").select("category_id").where("product_id", "=", productId))
    .unionAll((eb) =>
      eb
        .selectFrom("product_tags as other")
        .select("other.product_id")
        .where("other.tag_id", "in", (inner) => inner.selectFrom("product_tags").select("tag_id").where("product_id", "=", productId)),
    )
    // A shared brand relates products too, as WooCommerce's brands count among the terms it relates by.
    .unionAll((eb) =>
      eb
        .selectFrom("product_brands as other")
        .select("other.product_id")
        .where("other.brand_id", "in", (inner) =>
          inner.selectFrom("product_brands").select("brand_id").where("product_id", "=", productId),
        ),
    );
  const counted = db
    .selectFrom(shared.as("link"))
    .select((eb) => ["link.product_id", eb.fn.countAll<number>().as("shared")])
    .groupBy("link.product_id");
  return db
    .selectFrom("products")
    .innerJoin(counted.as("terms"), "terms.product_id", "products.id")
    .where(offerable(hideOutOfStock))
    .where("products.id", "<>", productId)
    .where("products.parent_id", "is", null)
    .where("products.id", "not in", (eb) => eb.selectFrom("upsells").select("upsell_id").where("product_id", "=", productId))
    .selectAll("products")
    .orderBy("terms.shared", "desc")
    .orderBy("products.menu_order", "asc")
    .orderBy(sql`lower(products.name)`, "asc")
    .orderBy("products.id", "asc")
    .limit(limit)
    .execute();
}

export async function findImages(db: Db, productIds: number[]) {
  if (!productIds.length) return [];
  return db
    .selectFrom("product_images as pi")
    .innerJoin("media as m", "m.id", "pi.media_id")
    .select(["pi.product_id", "m.id", "m.filename", "m.alt", "m.content_type", "m.width", "m.height", "m.hash"])
    .where("pi.product_id", "in", productIds)
    .orderBy("pi.position")
    .execute();
}

/** The categories (or brands) of the products, by name. */
export async function findProductCategories(db: Db, productIds: number[], kind: "category" | "brand" = "category") {
  if (!productIds.length) return [];
  const { table, link, column } = TAXONOMIES[kind];
  return db
    .selectFrom(`${link} as pc` as "product_categories as pc")
    .innerJoin(`${table} as c` as "categories as c", "c.id", `pc.${column}` as "pc.category_id")
    .select(["pc.product_id", "c.id", "c.name", "c.slug"])
    .where("pc.product_id", "in", productIds)
    .orderBy("c.name")
    .execute();
}

export async function findProductTags(db: Db, productIds: number[]) {
  if (!productIds.length) return [];
  return db
    .selectFrom("product_tags as pt")
    .innerJoin("tags as t", "t.id", "pt.tag_id")
    .select(["pt.product_id", "t.id", "t.name", "t.slug"])
    .where("pt.product_id", "in", productIds)
    .orderBy("t.name")
    .execute();
}

export async function findProductAttributes(db: Db, productIds: number[]) {
  if (!productIds.length) return { attributes: [], terms: [] };
  const attributes = await db
    .selectFrom("product_attributes as pa")
    .innerJoin("attributes as a", "a.id", "pa.attribute_id")
    .select(["pa.product_id", "a.id", "a.name", "a.slug", "pa.used_for_variations"])
    .where("pa.product_id", "in", productIds)
    .orderBy("pa.position")
    .execute();
  if (!attributes.length) return { attributes, terms: [] };
  const terms = await db
    .selectFrom("product_attribute_terms as pat")
    .innerJoin("attribute_terms as t", "t.id", "pat.term_id")
    .select(["pat.product_id", "t.id", "t.attribute_id", "t.name", "t.slug"])
    .where("pat.product_id", "in", productIds)
    .orderBy("t.menu_order")
    .orderBy("t.id")
    .execute();
  return { attributes, terms };
}

export async function findVariationAttributes(db: Db, variationIds: number[]) {
  if (!variationIds.length) return [];
  return db
    .selectFrom("variation_attributes as va")
    .innerJoin("attributes as a", "a.id", "va.attribute_id")
    .innerJoin("attribute_terms as t", "t.id", "va.term_id")
    .select([
      "va.variation_id",
      "a.id as attribute_id",
      "a.name as attribute_name",
      "a.slug as attribute_slug",
      "t.name as term_name",
      "t.slug as term_slug",
    ])
    .where("va.variation_id", "in", variationIds)
    .orderBy("a.id")
    .execute();
}

/** Every category (or brand) in the shop's order, counting its published products shown in the catalogue. */
export async function findCategories(db: Db, kind: "category" | "brand" = "category") {
  const { table, link, column } = TAXONOMIES[kind];
  return db
    .selectFrom(`${table} as c` as "categories as c")
    .select((eb) => [
      "c.id",
      "c.name",
      "c.slug",
      "c.description",
      "c.parent_id",
      eb
        .selectFrom(`${link} as pc` as "product_categories as pc")
        .innerJoin("products as p", "p.id", "pc.product_id")
        .whereRef(`pc.${column}` as "pc.category_id", "=", "c.id")
        .where("p.catalog_visibility", "in", ["visible", "catalog"])
        .where("p.status", "=", "publish")
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("count"),
    ])
    .orderBy("c.menu_order")
    .orderBy("c.name")
    .execute();
}
