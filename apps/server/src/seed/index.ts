/**
 * Seeds the demo shop of shared/DEMO.md once: on an empty database only, in one transaction,
 * guarded by a marker row so that a second start (or a second process) seeds nothing.
 */
import { parseDecimalAmount, ratingFromSum } from "@cartwright/commerce";
import type { Insertable } from "kysely";
import type { Db } from "../db/index.ts";
import type { Flag, ProductsTable } from "../db/schema.ts";
import { deriveStockStatus } from "../modules/catalog/index.ts";
import { installWidget } from "../modules/contact-widget/index.ts";
import { createCustomer } from "../modules/customers/index.ts";
import { installDemoForms } from "../modules/forms/index.ts";
import { mediaHash } from "../modules/media/index.ts";
import { savePaymentToken } from "../modules/payments/index.ts";
import { DEMO_COUPONS, DEMO_LOCAL_PICKUP, DEMO_REST_OF_WORLD, DEMO_TAX_RATES, DEMO_ZONES } from "./demo-cart.ts";
import { DEMO_ATTRIBUTES, DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_SETTINGS, type DemoProduct, HOODIE_VARIATIONS } from "./demo-catalogue.ts";
import { DEMO_CUSTOMERS } from "./demo-customers.ts";
import { demoReviews } from "./demo-reviews.ts";
import { DEMO_WIDGET } from "./demo-widget.ts";
import { productSvg } from "./images.ts";

const MARKER = "seed.demo";
const CART_MARKER = "seed.demo.cart";
const CUSTOMERS_MARKER = "seed.demo.customers";
const WIDGET_MARKER = "seed.demo.widget";
const FORMS_MARKER = "seed.demo.forms";

const cents = (price: string) => {
  const amount = parseDecimalAmount(price, 2);
  if (amount === null) throw new Error(`bad demo price ${price}`);
  return amount;
};
const flag = (value: boolean | undefined): Flag => (value ? 1 : 0);

/**
 * Returns true when it seeded anything. Each part has its own marker, so a shop seeded by an
 * older version gains the newer demo parts once, and a shop's own data is never touched.
 */
export async function seedDemoShop(db: Db): Promise<boolean> {
  const catalogue = await seedDemoCatalogue(db);
  const cart = await seedDemoCartRules(db);
  const customers = await seedDemoCustomers(db);
  const widget = await seedDemoWidget(db);
  const forms = await seedDemoForms(db);
  return catalogue || cart || customers || widget || forms;
}

/** Claims a marker inside the transaction; false when another start already claimed it. */
async function claim(trx: Db, key: string): Promise<boolean> {
  const marker = await trx
    .insertInto("settings")
    .values({ key, value: JSON.stringify(new Date().toISOString()) })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(marker.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function seedDemoCartRules(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const isDemo = await trx.selectFrom("settings").select("key").where("key", "=", MARKER).executeTakeFirst();
    const hasRules =
      (await trx.selectFrom("coupons").select("id").limit(1).executeTakeFirst()) ||
      (await trx.selectFrom("tax_rates").select("id").limit(1).executeTakeFirst()) ||
      (await trx.selectFrom("shipping_methods").select("id").limit(1).executeTakeFirst());
    if (!isDemo || hasRules || !(await claim(trx as unknown as Db, CART_MARKER))) return false;
    await seedCartRules(trx as unknown as Db);
    return true;
  });
}

/** Jane, with her saved California address, on a demo shop that has no customers yet. */
async function seedDemoCustomers(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const isDemo = await trx.selectFrom("settings").select("key").where("key", "=", MARKER).executeTakeFirst();
    const hasCustomers = await trx.selectFrom("customers").select("id").limit(1).executeTakeFirst();
    if (!isDemo || hasCustomers || !(await claim(trx as unknown as Db, CUSTOMERS_MARKER))) return false;
    for (const customer of DEMO_CUSTOMERS) {
      const { id } = await createCustomer(trx as unknown as Db, customer);
      await trx
        .updateTable("customers")
        .set({
          billing_address: JSON.stringify({ ...customer.address, email: customer.email }),
          shipping_address: JSON.stringify(customer.address),
        })
        .where("id", "=", id)
        .execute();
      await savePaymentToken(trx as unknown as Db, { customerId: id, ...customer.savedCard });
    }
    return true;
  });
}

/** Widget 1, "Help widget", on a demo shop that has no widget yet. */
async function seedDemoWidget(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const isDemo = await trx.selectFrom("settings").select("key").where("key", "=", MARKER).executeTakeFirst();
    const hasWidgets = await trx.selectFrom("contact_widgets").select("id").limit(1).executeTakeFirst();
    if (!isDemo || hasWidgets || !(await claim(trx as unknown as Db, WIDGET_MARKER))) return false;
    await installWidget(trx as unknown as Db, DEMO_WIDGET);
    return true;
  });
}

/** The three demo forms (DEMO.md "Public forms"), on a demo shop that has no forms yet. */
async function seedDemoForms(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const isDemo = await trx.selectFrom("settings").select("key").where("key", "=", MARKER).executeTakeFirst();
    const hasForms = await trx.selectFrom("forms").select("id").limit(1).executeTakeFirst();
    if (!isDemo || hasForms || !(await claim(trx as unknown as Db, FORMS_MARKER))) return false;
    return installDemoForms(trx as unknown as Db);
  });
}

async function seedDemoCatalogue(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const hasProducts = await trx.selectFrom("products").select("id").limit(1).executeTakeFirst();
    if (hasProducts) return false;
    if (!(await claim(trx as unknown as Db, MARKER))) return false;
    await seedCatalogue(trx as unknown as Db);
    for (const [key, value] of Object.entries(DEMO_SETTINGS)) {
      await trx
        .insertInto("settings")
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
    return true;
  });
}

/** A coupon row with no rule set: what the seed and the tests' coupons start from. */
export const COUPON_DEFAULTS = {
  enabled: 1,
  free_shipping: 0,
  individual_use: 0,
  exclude_sale_items: 0,
  excluded_product_ids: "[]",
  category_ids: "[]",
  excluded_category_ids: "[]",
  minimum_spend: null,
  maximum_spend: null,
  expires_at: null,
  usage_limit: null,
  usage_limit_per_user: null,
  limit_usage_to_x_items: null,
  allowed_emails: "[]",
  usage_count: 0,
} as const;

async function seedCartRules(db: Db): Promise<void> {
  const now = new Date().toISOString();
  for (const coupon of DEMO_COUPONS) {
    const { productSlugs, ...fields } = { productSlugs: [] as readonly string[], ...coupon };
    const products = productSlugs.length
      ? await db
          .selectFrom("products")
          .select("id")
          .where("slug", "in", [...productSlugs])
          .execute()
      : [];
    await db
      .insertInto("coupons")
      .values({ ...COUPON_DEFAULTS, ...fields, product_ids: JSON.stringify(products.map((p) => p.id)), created_at: now })
      .execute();
  }
  for (const [i, rate] of DEMO_TAX_RATES.entries()) {
    await db
      .insertInto("tax_rates")
      .values({ ...rate, postcodes: "[]", cities: "[]", priority: 1, compound: 0, shipping: 1, tax_class: "", sort_order: i })
      .execute();
  }
  for (const [i, zone] of DEMO_ZONES.entries()) {
    const row = await db.insertInto("shipping_zones").values({ name: zone.name, sort_order: i }).returning("id").executeTakeFirstOrThrow();
    for (const location of zone.locations)
      await db
        .insertInto("shipping_zone_locations")
        .values({ zone_id: row.id, ...location })
        .execute();
    for (const [order, method] of zone.methods.entries()) {
      await db
        .insertInto("shipping_methods")
        .values({
          zone_id: row.id,
          method_id: method.method_id,
          title: method.title,
          settings: JSON.stringify(method.settings),
          sort_order: order,
        })
        .execute();
    }
  }
  for (const [order, method] of DEMO_REST_OF_WORLD.entries()) {
    await db
      .insertInto("shipping_methods")
      .values({
        zone_id: null,
        method_id: method.method_id,
        title: method.title,
        settings: JSON.stringify(method.settings),
        sort_order: order,
      })
      .execute();
  }
  await db
    .insertInto("settings")
    .values({ key: "localPickup", value: JSON.stringify(DEMO_LOCAL_PICKUP) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(DEMO_LOCAL_PICKUP) }))
    .execute();
}

async function seedCatalogue(db: Db): Promise<void> {
  const now = Date.now();
  const categoryIds = new Map<string, number>();
  for (const [i, category] of DEMO_CATEGORIES.entries()) {
    const row = await db
      .insertInto("categories")
      .values({ ...category, parent_id: null, menu_order: i })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(category.slug, row.id);
  }

  const tagIds = new Map<string, number>();
  for (const slug of new Set(DEMO_PRODUCTS.flatMap((p) => p.tags ?? []))) {
    const name = slug.charAt(0).toUpperCase() + slug.slice(1);
    const row = await db.insertInto("tags").values({ name, slug }).returning("id").executeTakeFirstOrThrow();
    tagIds.set(slug, row.id);
  }

  const attributeIds = new Map<string, number>();
  const termIds = new Map<string, number>();
  for (const attribute of DEMO_ATTRIBUTES) {
    const row = await db
      .insertInto("attributes")
      .values({ name: attribute.name, slug: attribute.slug })
      .returning("id")
      .executeTakeFirstOrThrow();
    attributeIds.set(attribute.slug, row.id);
    for (const [i, [name, slug]] of attribute.terms.entries()) {
      const term = await db
        .insertInto("attribute_terms")
        .values({ attribute_id: row.id, name, slug, menu_order: i })
        .returning("id")
        .executeTakeFirstOrThrow();
      termIds.set(`${attribute.slug}:${slug}`, term.id);
    }
  }

  const productIds = new Map<string, number>();
  for (const [i, product] of DEMO_PRODUCTS.entries()) {
    // Older products first, one day apart, so 'latest' has a clear order.
    const created = new Date(now - (DEMO_PRODUCTS.length - i) * 86_400_000).toISOString();
    const isVariable = product.slug === "hoodie";
    const id = await insertProduct(db, productRow(product, i, created, isVariable));
    productIds.set(product.slug, id);
    await db
      .insertInto("product_categories")
      .values({ product_id: id, category_id: categoryIds.get(product.category) as number })
      .execute();
    for (const tag of product.tags ?? []) {
      await db
        .insertInto("product_tags")
        .values({ product_id: id, tag_id: tagIds.get(tag) as number })
        .execute();
    }
    const picture = new TextEncoder().encode(productSvg(product.name, product.colors[0], product.colors[1]));
    // Its resized files are made on their first request and kept (decision 0045): seeding stays quick.
    const media = await db
      .insertInto("media")
      .values({
        filename: `${product.slug}.svg`,
        content_type: "image/svg+xml",
        alt: product.name,
        bytes: picture,
        width: 600,
        height: 600,
        hash: mediaHash(picture),
        created_at: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("product_images").values({ product_id: id, media_id: media.id, position: 0 }).execute();
    if (isVariable) await seedHoodieVariations(db, id, product, created, attributeIds, termIds);
  }

  // Each product's review rows, whose approved ratings its figures follow (decision 0090).
  const reviews = DEMO_PRODUCTS.flatMap((product, i) => {
    const listed = Date.parse(new Date(now - (DEMO_PRODUCTS.length - i) * 86_400_000).toISOString());
    return demoReviews(product, i).map((review) => {
      const at = new Date(Math.round(listed + (now - listed) * review.at)).toISOString();
      return {
        product_id: productIds.get(product.slug) as number,
        customer_id: null,
        reviewer_name: review.name,
        reviewer_email: review.email,
        rating: review.rating,
        content: review.text,
        status: "approved" as const,
        previous_status: null,
        verified: 0,
        reply: null,
        reply_at: null,
        created_at: at,
        updated_at: at,
      };
    });
  });
  for (let start = 0; start < reviews.length; start += 100) {
    await db
      .insertInto("product_reviews")
      .values(reviews.slice(start, start + 100))
      .execute();
  }

  for (const product of DEMO_PRODUCTS) {
    for (const [position, slug] of (product.crossSells ?? []).entries()) {
      await db
        .insertInto("cross_sells")
        .values({ product_id: productIds.get(product.slug) as number, cross_sell_id: productIds.get(slug) as number, position })
        .execute();
    }
  }
}

function productRow(product: DemoProduct, index: number, created: string, isVariable: boolean): Insertable<ProductsTable> {
  const managed = product.stock !== undefined;
  const quantity = product.stock?.quantity ?? null;
  const backorders = product.stock?.backorders ?? "no";
  const status = deriveStockStatus({
    manage_stock: flag(managed),
    stock_quantity: quantity,
    backorders,
    stock_status: product.status ?? "instock",
  });
  return {
    parent_id: null,
    type: isVariable ? "variable" : "simple",
    status: "publish",
    name: product.name,
    slug: product.slug,
    sku: `CW-${String(index + 1).padStart(3, "0")}`,
    short_description: `<p>${product.short}</p>`,
    description: `<p>${product.description ?? product.short}</p><p>Made with care and shipped from our California studio.</p>`,
    regular_price: isVariable ? null : cents(product.price),
    sale_price: product.sale && !isVariable ? cents(product.sale) : null,
    sale_starts_at: null,
    sale_ends_at: null,
    manage_stock: flag(managed),
    stock_quantity: quantity,
    stock_status: status,
    backorders,
    low_stock_amount: product.stock?.lowStockAmount ?? null,
    quantity_min: product.quantity?.min ?? 1,
    quantity_max: product.quantity?.max ?? null,
    quantity_step: product.quantity?.step ?? 1,
    sold_individually: flag(product.soldIndividually),
    catalog_visibility: product.visibility ?? "visible",
    virtual: flag(product.virtual),
    weight_grams: product.weightGrams ?? null,
    featured: 0,
    menu_order: index,
    total_sales: product.sales,
    // The figures its seeded review rows give (demo-reviews.ts), as the reviews module keeps them.
    ...demoFigures(product, index),
    created_at: created,
    updated_at: created,
  };
}

function demoFigures(product: DemoProduct, index: number): { rating_x100: number; review_count: number } {
  const ratings = demoReviews(product, index).map((r) => r.rating);
  const figures = ratingFromSum(
    ratings.reduce((a, b) => a + b, 0),
    ratings.length,
  );
  return { rating_x100: figures.ratingX100, review_count: figures.count };
}

async function insertProduct(db: Db, row: Insertable<ProductsTable>): Promise<number> {
  const inserted = await db.insertInto("products").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

async function seedHoodieVariations(
  db: Db,
  parentId: number,
  parent: DemoProduct,
  created: string,
  attributeIds: Map<string, number>,
  termIds: Map<string, number>,
): Promise<void> {
  for (const [position, attribute] of DEMO_ATTRIBUTES.entries()) {
    const attributeId = attributeIds.get(attribute.slug) as number;
    await db
      .insertInto("product_attributes")
      .values({ product_id: parentId, attribute_id: attributeId, position, used_for_variations: 1 })
      .execute();
    for (const [, slug] of attribute.terms) {
      await db
        .insertInto("product_attribute_terms")
        .values({ product_id: parentId, term_id: termIds.get(`${attribute.slug}:${slug}`) as number })
        .execute();
    }
  }
  for (const [i, variation] of HOODIE_VARIATIONS.entries()) {
    const managed = variation.stock !== undefined;
    const quantity = variation.stock?.quantity ?? null;
    const backorders = variation.stock?.backorders ?? "no";
    const suffix = Object.values(variation.attributes).join("-");
    const id = await insertProduct(db, {
      parent_id: parentId,
      type: "variation",
      status: "publish",
      // Variations take their parent's tax class (migration 027).
      tax_class: "parent",
      name: parent.name,
      slug: `${parent.slug}-${suffix}`,
      sku: `CW-HOODIE-${suffix.toUpperCase()}`,
      short_description: "",
      description: "",
      regular_price: cents(variation.price),
      sale_price: variation.sale ? cents(variation.sale) : null,
      sale_starts_at: null,
      sale_ends_at: null,
      manage_stock: flag(managed),
      stock_quantity: quantity,
      stock_status: deriveStockStatus({ manage_stock: flag(managed), stock_quantity: quantity, backorders, stock_status: "instock" }),
      backorders,
      low_stock_amount: null,
      quantity_min: 1,
      quantity_max: null,
      quantity_step: 1,
      sold_individually: 0,
      catalog_visibility: "visible",
      virtual: 0,
      weight_grams: parent.weightGrams ?? null,
      featured: 0,
      menu_order: i,
      total_sales: 0,
      rating_x100: 0,
      review_count: 0,
      created_at: created,
      updated_at: created,
    });
    for (const [attribute, term] of Object.entries(variation.attributes)) {
      await db
        .insertInto("variation_attributes")
        .values({
          variation_id: id,
          attribute_id: attributeIds.get(attribute) as number,
          term_id: termIds.get(`${attribute}:${term}`) as number,
        })
        .execute();
    }
  }
}
