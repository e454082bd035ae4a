/**
 * The OpenAPI document (/api/docs) held to the server: every operation named once, and every documented 2xx reply
 * checked against the real reply. Each call below names its operation by operationId, takes its path from the
 * document, and its reply is validated with Ajv against the document's schema for the status it got, with every object
 * closed (additionalProperties false unless the schema says otherwise) and every field required unless optional: a
 * field the code adds or drops and the document does not is a failure here (decision 0173).
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CONTACT_FORM } from "@cartwright/commerce/forms";
import AjvCompiler from "@fastify/ajv-compiler";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOutbox, createTestShop, newOutbox, TEST_SECRET, type TestShop } from "../../../test/app.ts";
import { insertFormEntry, oneFieldForm } from "../../../test/form-entries.ts";
import { signedInOwner } from "../../../test/owner-client.ts";
import { exportProductCsv, importProductCsv } from "../../../test/product-csv.ts";
import { productId, StoreClient, testBilling, testCard, variationId } from "../../../test/store-client.ts";
// biome-ignore lint/style/noRestrictedImports: the contact messages' own test helpers (a channel with a form, a message, multipart bodies, sample files)
import { contactChannel, messageFields, multipart, SAMPLES } from "./modules/contact-widget/messages.test-support.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own outbox reader, not the module's code
import { parseEml } from "./modules/emails/eml.test-support.ts";
import { createFormToken } from "./modules/forms/index.ts";
// biome-ignore lint/style/noRestrictedImports: the media tests' own images, made by sharp
import { solid } from "./modules/media/test-images.ts";
import { saveKey } from "./modules/payments/index.ts";

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

let shop: TestShop;
/** The shop as main.ts builds it, with a mailer (the order e-mails, password resets). */
let app: FastifyInstance;
let outbox: string;
let owner: StoreClient;
const operations = new Map<string, Operation>();
/** The operations whose documented reply a call below checked. */
const checked = new Set<string>();

// Fastify's own Ajv, made to judge rather than fix: no coercion, no defaults filled in, nothing removed.
const compile = AjvCompiler()(
  {},
  { customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: true, strict: false } },
);

/**
 * The schema with every object that lists its properties closed to others, unless it says what others may be. An
 * intersection of objects (allOf) is made one object first: closed one by one, each would refuse the others' fields.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== "object") return schema;
  const { allOf, ...rest } = schema as Schema & { allOf?: Schema[] };
  const merged = allOf?.every((part) => part.type === "object" && part.properties)
    ? {
        ...rest,
        type: "object",
        properties: Object.assign({}, ...allOf.map((part) => part.properties)),
        required: allOf.flatMap((part) => (part.required as string[] | undefined) ?? []),
      }
    : schema;
  const copy = Object.fromEntries(
    Object.entries(merged).map(([key, value]) => [key, key === "enum" || key === "const" ? value : closed(value)]),
  );
  if ("properties" in copy && !("additionalProperties" in copy)) copy.additionalProperties = false;
  return copy;
}

/** A JSON reply's documented schema: none for a file (CSV, images), which is no JSON. */
function jsonSchemaOf(operation: Operation, status: number): Schema | undefined {
  const schema = operation.responses[String(status)]?.content?.["application/json"]?.schema;
  return schema && schema.format !== "binary" ? schema : undefined;
}

const isDocumentedReply = (operation: Operation) =>
  Object.keys(operation.responses).some(
    (status) => status === "204" || (status.startsWith("2") && jsonSchemaOf(operation, Number(status)) !== undefined),
  );

/**
 * Calls an operation as a client would and checks the reply: a success, with a status the document names, whose body
 * its schema accepts. Answers the reply for the next step.
 */
async function call(
  client: StoreClient,
  operationId: string,
  request: { params?: Record<string, string | number>; query?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const operation = operationNamed(operationId);
  const response = await client.request(
    operation.method.toUpperCase() as "GET",
    `${pathOf(operation, request.params)}${request.query ? `?${request.query}` : ""}`,
    request.body,
    request.headers,
  );
  return documentedReply(operationId, response);
}

/** The document's operation of this id: an id the document lacks fails the test. */
function operationNamed(operationId: string): Operation {
  const operation = operations.get(operationId);
  if (!operation) throw new Error(`the document has no operation ${operationId}`);
  return operation;
}

/** The operation's path from the document, its parameters filled in. */
const pathOf = (operation: Operation, params: Record<string, string | number> = {}) =>
  operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));

/** Checks a reply got otherwise (a CSV file sent, not JSON) as `call` checks its own: a success the document describes. */
function documentedReply(operationId: string, response: LightMyRequestResponse): LightMyRequestResponse {
  const operation = operationNamed(operationId);
  expect(response.statusCode, `${operationId}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  if (response.statusCode === 204) {
    expect(operation.responses["204"], `${operationId} answered 204, which the document does not name`).toBeDefined();
    expect(response.body).toBe("");
    checked.add(operationId);
    return response;
  }
  const schema = jsonSchemaOf(operation, response.statusCode);
  expect(schema, `${operationId} answered ${response.statusCode}, a status the document gives no schema`).toBeDefined();
  const validate = compile({ schema: closed(schema) as Schema, method: operation.method, url: operation.path, httpPart: "body" });
  const body = response.json();
  expect(validate(body) ? [] : validate.errors, `${operationId}'s reply against the document`).toEqual([]);
  checked.add(operationId);
  return response;
}

/** Posts a multipart body (an upload) as the owner to an operation, with the owner's cookie and nonce, and checks the reply. */
async function upload(
  operationId: string,
  params: Record<string, string | number>,
  parts: Parameters<typeof multipart>[0],
): Promise<LightMyRequestResponse> {
  const nonce = String((await owner.get("/api/admin/v1/payment-methods")).headers.nonce ?? "");
  const { payload, headers } = multipart(parts);
  const response = await app.inject({
    method: "POST",
    url: pathOf(operationNamed(operationId), params),
    payload,
    headers: { ...headers, cookie: owner.credentials().cookie ?? "", nonce },
  });
  return documentedReply(operationId, response);
}

/** The newest link of this kind mailed to an address (the e-mail may leave after the answer: waited for). */
async function mailedLink(to: string, pattern: RegExp): Promise<string> {
  for (let waited = 0; waited < 5000; waited += 25) {
    const links = readdirSync(outbox)
      .filter((name) => name.endsWith(".eml"))
      .map((name) => parseEml(readFileSync(join(outbox, name), "utf8")))
      .filter((mail) => mail.headers.to === to)
      .map((mail) => mail.text.match(pattern)?.[1])
      .filter((link) => link !== undefined);
    if (links.length) return links[links.length - 1] as string;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`nothing mailed to ${to} matches ${pattern}`);
}

beforeAll(async () => {
  // An extension answering POST /cart/extensions, registered for the process while the shop runs.
  shop = await createTestShop({ rateLimit: false, extensions: [{ name: "gift-note", cartExtension: (data) => ({ note: data.note }) }] });
  outbox = newOutbox("openapi");
  app = await appWithOutbox(shop, outbox);
  const document = (await app.inject("/api/docs/json")).json();
  for (const [path, methods] of Object.entries<Record<string, Operation & { operationId: string }>>(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(operation.operationId, { ...operation, method, path });
  }
  owner = await signedInOwner({ app, db: shop.db });
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

describe("the OpenAPI document's operation ids", () => {
  it("names every operation, each with an id of its own", async () => {
    const document = (await app.inject("/api/docs/json")).json();
    const ids: string[] = [];
    for (const [path, methods] of Object.entries<Record<string, { operationId?: string }>>(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.operationId, `${method.toUpperCase()} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        ids.push(operation.operationId as string);
      }
    }
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(ids).toEqual(expect.arrayContaining(["listOrders", "createOrderRefund", "getCart", "addCartItem", "placeOrder"]));
  });

  it("leaves the storefront's pages out: a shop serving its pages documents the same operations", async () => {
    const withPages = await createTestShop({ rateLimit: false, web: true });
    try {
      const paths = Object.keys((await withPages.app.inject("/api/docs/json")).json().paths);
      const documented = new Set([...operations.values()].map((operation) => operation.path));
      expect(paths.filter((path) => !documented.has(path))).toEqual([]);
    } finally {
      await withPages.close();
    }
  });
});

describe("the documented replies, against the real ones", () => {
  it("the cart: read, its items added, changed and removed, coupons, shipping, addresses, extensions", async () => {
    const shopper = new StoreClient(app);
    await call(shopper, "getCart");
    const hoodie = await variationId(app, "hoodie", ["blue", "m"]);
    await call(shopper, "addCartItem", { body: { id: await productId(app, "classic-t-shirt"), quantity: 2 } });
    const cart = (await call(shopper, "addCartItem", { body: { id: hoodie, quantity: 1 } })).json();
    await call(shopper, "updateCartItem", { body: { key: cart.items[0].key, quantity: 3 } });
    await call(shopper, "applyCartCoupon", { body: { code: "save10" } });
    await call(shopper, "updateCartCustomer", {
      body: { shipping_address: { country: "US", state: "CA", postcode: "94103", city: "San Francisco", address_1: "1 Main St" } },
    });
    const priced = (await call(shopper, "getCart")).json();
    const rate = priced.shipping_rates[0].shipping_rates.at(-1);
    await call(shopper, "selectCartShippingRate", { body: { package_id: 0, rate_id: rate.rate_id } });
    await call(shopper, "removeCartCoupon", { body: { code: "save10" } });
    await call(shopper, "removeCartItem", { body: { key: cart.items[1].key } });
  });

  it("the checkout: its draft read and updated, an order declined, paid for later, and one placed", async () => {
    const shopper = new StoreClient(app);
    await call(shopper, "addCartItem", { body: { id: await productId(app, "classic-t-shirt"), quantity: 1 } });
    await call(shopper, "getCheckout");
    await call(shopper, "updateCheckout", { body: { order_notes: "Leave it by the door" } });
    await call(shopper, "updateCheckout", { query: "__experimental_calc_totals=true", body: {} });
    const declined = await shopper.post("/checkout", {
      billing_address: testBilling("guest@example.com"),
      payment_method: "test_card",
      payment_data: testCard("4000 0000 0000 0002"),
    });
    expect(declined.statusCode).toBe(400);
    const failed = await shop.db
      .selectFrom("orders")
      .select(["id", "order_key"])
      .where("id", "=", declined.json().data.order_id)
      .executeTakeFirstOrThrow();
    const paid = await call(shopper, "payOrder", {
      params: { id: failed.id },
      body: { key: failed.order_key, billing_email: "guest@example.com", payment_method: "test_card", payment_data: testCard() },
    });
    await call(shopper, "getStoreOrder", {
      params: { id: paid.json().order_id },
      query: `key=${failed.order_key}&billing_email=guest%40example.com`,
    });
    const next = new StoreClient(app);
    await call(next, "addCartItem", { body: { id: await productId(app, "beanie"), quantity: 1 } });
    await call(next, "placeOrder", { body: { billing_address: testBilling("next@example.com"), payment_method: "cod" } });
  });

  it("the owner's orders: made by hand, listed, read, edited, moved, noted, mailed, refunded", async () => {
    const tShirt = await productId(app, "classic-t-shirt");
    const address = {
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "1 Main St",
      city: "Springfield",
      postcode: "12345",
      country: "US",
      state: "CA",
    };
    const hand = {
      billing: { ...address, email: "phone@example.com" },
      shipping: address,
      line_items: [{ product_id: tShirt, quantity: 2 }],
    };
    await call(owner, "calculateOrder", { body: hand });
    const made = (await call(owner, "createOrder", { body: { ...hand, status: "pending" } })).json();
    await call(owner, "listOrders");
    await call(owner, "listOrders", { query: "status=pending&search=phone&orderby=total&order=asc" });
    await call(owner, "listOrderUpdates", { query: "after_id=0" });
    await call(owner, "listOrderDocuments", { query: `ids=${made.id}` });
    await call(owner, "getOrder", { params: { id: made.id } });
    const form = (await call(owner, "getOrderItems", { params: { id: made.id } })).json();
    const items = {
      line_items: [{ product_id: tShirt, quantity: 3 }],
      coupon_lines: [{ code: "save10" }],
      shipping_lines: [],
      fee_lines: [],
    };
    await call(owner, "calculateOrderItems", { params: { id: made.id }, body: items });
    await call(owner, "replaceOrderItems", { params: { id: made.id }, body: { ...items, date_modified: form.date_modified } });
    await call(owner, "replaceOrderAddress", { params: { id: made.id, which: "shipping" }, body: { ...address, first_name: "Hal" } });
    await call(owner, "createOrderNote", { params: { id: made.id }, body: { note: "Called back", to_customer: false } });
    await call(owner, "sendOrderEmail", { params: { id: made.id }, body: { email: "customer_invoice" } });
    await call(owner, "changeOrderStatus", { params: { id: made.id }, body: { status: "processing" } });
    await call(owner, "changeOrdersStatus", { body: { ids: [made.id], status: "completed" } });
    const order = (await call(owner, "getOrder", { params: { id: made.id } })).json();
    await call(owner, "createOrderRefund", {
      params: { id: made.id },
      body: {
        amount: 500,
        lines: [{ line_id: order.lines[0].id, quantity: 1, amount: 500 }],
        restock: true,
        reason: "Too small",
        method: "manual",
      },
    });
    await call(owner, "listOrderRefunds", { params: { id: made.id } });
  });

  it("the owner's coupons: made, listed, read, replaced, changed, deleted", async () => {
    const coupon = { code: "openapi-15", type: "percent", amount: 1500 };
    const made = (await call(owner, "createCoupon", { body: coupon })).json();
    await call(owner, "listCoupons");
    await call(owner, "getCoupon", { params: { id: made.id } });
    const replaced = (
      await call(owner, "replaceCoupon", { params: { id: made.id }, body: { ...coupon, amount: 2000, version: made.version } })
    ).json();
    await call(owner, "updateCoupon", { params: { id: made.id }, body: { enabled: false, version: replaced.version } });
    await call(owner, "deleteCoupon", { params: { id: made.id } });
    const used = (await owner.get("/api/admin/v1/coupons?search=save10")).json().coupons[0];
    await call(owner, "getCoupon", { params: { id: used.id } });
  });

  it("the owner's webhooks: made, listed, read, changed, pinged, their deliveries read and sent again, deleted", async () => {
    const made = (
      await call(owner, "createWebhook", { body: { name: "Orders", topic: "order.created", delivery_url: "https://hooks.invalid/orders" } })
    ).json();
    await call(owner, "listWebhooks");
    await call(owner, "getWebhook", { params: { id: made.id } });
    const replaced = (
      await call(owner, "replaceWebhook", { params: { id: made.id }, body: { name: "New orders", version: made.version } })
    ).json();
    await call(owner, "updateWebhook", { params: { id: made.id }, body: { status: "paused", version: replaced.version } });
    const ping = (await call(owner, "pingWebhook", { params: { id: made.id } })).json();
    await call(owner, "listWebhookDeliveries", { params: { id: made.id } });
    await call(owner, "getWebhookDelivery", { params: { id: made.id, delivery: ping.id } });
    await call(owner, "redeliverWebhookDelivery", { params: { id: made.id, delivery: ping.id } });
    await call(owner, "deleteWebhook", { params: { id: made.id } });
  });

  it("the owner's customers: accounts listed, read, added, changed, mailed a link and deleted; guests listed and read", async () => {
    // A shopper with an order and a saved card, so the account's page has something in every list.
    const shopper = new StoreClient(app);
    expect((await shopper.post("/account/register", { email: "saver@example.com", password: "saver-password-2026" })).statusCode).toBe(201);
    await shopper.post("/cart/add-item", { id: await productId(app, "beanie"), quantity: 1 });
    const placed = await shopper.post("/checkout", {
      billing_address: testBilling("saver@example.com"),
      payment_method: "test_card",
      payment_data: [...testCard(), { key: saveKey("test_card"), value: true }],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await call(owner, "listCustomers");
    await call(owner, "listCustomers", { query: "sort=spend&order=desc" });
    const saver = (await call(owner, "listCustomers", { query: "search=saver" })).json().customers[0];
    const read = (await call(owner, "getCustomer", { params: { id: saver.id } })).json();
    expect(read.payment_methods).toHaveLength(1);
    const made = (
      await call(owner, "createCustomer", { body: { email: "added@example.com", first_name: "Ann", send_password_link: false } })
    ).json();
    // An add and a change answer the account as its read does: the version sent back is the reply's own.
    const changed = (
      await call(owner, "updateCustomer", { params: { id: made.id }, body: { last_name: "Lee", version: made.version } })
    ).json();
    await call(owner, "replaceCustomer", {
      params: { id: made.id },
      body: { first_name: "Ann", billing: { ...testBilling("added@example.com") }, version: changed.version },
    });
    await call(owner, "sendCustomerPasswordReset", { params: { id: made.id } });
    await call(owner, "deleteCustomer", { params: { id: made.id } });
    await call(owner, "listGuestCustomers");
    const guestOrder = {
      billing: testBilling("walk-in@example.com"),
      line_items: [{ product_id: await productId(app, "beanie"), quantity: 1 }],
      status: "processing",
    };
    expect((await owner.post("/api/admin/v1/orders", guestOrder)).statusCode).toBe(201);
    await call(owner, "getGuestCustomer", { query: "email=walk-in%40example.com" });
  });

  it("the owner's products: listed, read, made, replaced, changed, given variations, edited in bulk, deleted", async () => {
    await call(owner, "listProducts");
    await call(owner, "listProducts", { query: "orderby=price&order=asc&type=variable" });
    const hoodie = (await call(owner, "getProduct", { params: { id: await productId(app, "hoodie") } })).json();
    await call(owner, "getProduct", { params: { id: await productId(app, "classic-t-shirt") } });
    const made = (
      await call(owner, "createProduct", { body: { name: "Scarf", slug: "openapi-scarf", regular_price: 1500, status: "draft" } })
    ).json();
    const replaced = (
      await call(owner, "replaceProduct", {
        params: { id: made.id },
        body: { name: "Wool scarf", slug: "openapi-scarf", regular_price: 1800, version: made.version },
      })
    ).json();
    const changed = (
      await call(owner, "updateProduct", { params: { id: made.id }, body: { sale_price: 1200, version: replaced.version } })
    ).json();
    // One product shape for a read and every save: the shop's currency with the amounts.
    const currency = { currency_code: hoodie.currency_code, currency_minor_unit: hoodie.currency_minor_unit };
    for (const saved of [made, replaced, changed]) expect(saved).toMatchObject(currency);
    const variable = (
      await call(owner, "createProduct", {
        body: {
          name: "Cap",
          slug: "openapi-cap",
          type: "variable",
          status: "draft",
          attributes: hoodie.attributes.map((a: object) => ({ ...a, used_for_variations: true })),
        },
      })
    ).json();
    await call(owner, "generateProductVariations", { params: { id: variable.id } });
    await call(owner, "bulkEditProducts", { body: { ids: [made.id, variable.id], changes: { regular_price: 2000 } } });
    await call(owner, "deleteProduct", { params: { id: made.id } });
    // The catalogue's own file sent back: its answer counts every row unchanged.
    const file = await exportProductCsv(owner);
    documentedReply("importProducts", await importProductCsv(app, owner, file.body, { dryRun: true }));
    documentedReply("importProducts", await importProductCsv(app, owner, file.body));
  });

  it("the Store API's catalogue: products, a product, its taxonomies, attributes, collection data, reviews", async () => {
    const shopper = new StoreClient(app);
    await call(shopper, "listStoreProducts");
    await call(shopper, "listStoreProducts", { query: "orderby=price&order=asc&per_page=5" });
    await call(shopper, "getStoreProduct", { params: { idOrSlug: "hoodie" } });
    const attribute = (await call(shopper, "listProductAttributes")).json()[0];
    await call(shopper, "getProductAttribute", { params: { id: attribute.id } });
    await call(shopper, "listProductAttributeTerms", { params: { id: attribute.id } });
    await call(shopper, "getProductCollectionData", { query: "calculate_price_range=true&calculate_stock_status_counts=true" });
    const category = (await call(shopper, "listProductCategories")).json()[0];
    await call(shopper, "getProductCategory", { params: { id: category.id } });
    const brand = await owner.post("/api/admin/v1/brands", { name: "Northwind" });
    expect(brand.statusCode, brand.body).toBe(201);
    await call(shopper, "listProductBrands");
    await call(shopper, "getProductBrand", { params: { id: brand.json().id } });
    await call(shopper, "listProductTags");
    const beanie = await productId(app, "beanie");
    await call(shopper, "createProductReview", {
      body: { product_id: beanie, reviewer: "Ada", reviewer_email: "ada@example.com", review: "Warm and soft.", rating: 5 },
    });
    await call(shopper, "listProductReviews", { query: `product_id=${beanie}` });
  });

  it("an extension's cart call", async () => {
    const shopper = new StoreClient(app);
    await call(shopper, "callCartExtension", { body: { namespace: "gift-note", data: { note: "Happy birthday" } } });
  });

  it("the shopper's account: registered, read, signed out and in, its password changed, lost and reset", async () => {
    const shopper = new StoreClient(app, "browser");
    await shopper.get("/cart");
    const email = "account@example.com";
    await call(shopper, "registerAccount", { body: { email, password: "first-password-2026", first_name: "Ada" } });
    await call(shopper, "getAccount");
    await call(shopper, "changePassword", { body: { current_password: "first-password-2026", new_password: "second-password-2026" } });
    await call(shopper, "signOut");
    await call(shopper, "signIn", { body: { email, password: "second-password-2026" } });
    await call(shopper, "signOutEverywhere");
    await call(shopper, "requestPasswordReset", { body: { email } });
    const key = await mailedLink(email, /reset-password\?key=([A-Za-z0-9_-]{43})/);
    await call(shopper, "checkPasswordReset", { body: { key } });
    await call(shopper, "resetPassword", { body: { key, password: "third-password-2026" } });
  });

  it("the owner's staff, sessions and API keys: an invitation looked up and accepted, a manager removed, an invitation withdrawn, another session ended, keys made, changed, revoked and deleted", async () => {
    await call(owner, "listStaff");
    const email = "manager@example.com";
    await call(owner, "createStaffInvite", { body: { email, role: "manager" } });
    const token = await mailedLink(email, /invite\?token=([A-Za-z0-9_-]+)/);
    const invited = new StoreClient(app, "browser");
    await invited.get("/cart");
    await call(invited, "lookUpInvite", { body: { token } });
    await call(invited, "acceptInvite", { body: { token, password: "manager-password-2026", first_name: "Max" } });
    const manager = (await call(owner, "listStaff")).json().staff.find((member: { email: string }) => member.email === email);
    await call(owner, "deleteStaff", { params: { id: manager.id } });
    const invite = (await call(owner, "createStaffInvite", { body: { email: "later@example.com", role: "manager" } })).json();
    await call(owner, "deleteStaffInvite", { params: { id: invite.id } });
    // The owner signed in elsewhere too: that session is ended from here.
    await signedInOwner({ app, db: shop.db });
    const elsewhere = (await call(owner, "listSessions")).json().sessions.find((session: { current: boolean }) => !session.current);
    await call(owner, "deleteSession", { params: { id: elsewhere.id } });
    await call(owner, "endOtherSessions");
    await call(owner, "listApiKeys");
    const key = (await call(owner, "createApiKey", { body: { description: "Warehouse", permission: "read" } })).json();
    await call(owner, "updateApiKey", { params: { id: key.id }, body: { description: "Warehouse sync" } });
    await call(owner, "revokeApiKey", { params: { id: key.id } });
    await call(owner, "listApiKeys");
    await call(owner, "deleteApiKey", { params: { id: key.id } });
  });

  it("the owner's contact widgets and the messages their visitors send; a widget deleted", async () => {
    await call(owner, "listContactWidgets");
    const widget = (
      await call(owner, "createContactWidget", {
        body: { identifier: "Help", channels: [{ channel_type: "Email", value: "help@example.com" }, contactChannel()] },
      })
    ).json();
    await call(owner, "getContactWidget", { params: { id: widget.id } });
    await call(owner, "updateContactWidget", { params: { id: widget.id }, body: { identifier: "Help desk", version: widget.version } });
    const current = (await call(owner, "getContactWidget", { params: { id: widget.id } })).json();
    const { id: _id, created_at: _created, updated_at: _updated, ...document } = current;
    await call(owner, "replaceContactWidget", { params: { id: widget.id }, body: { ...document, identifier: "Help" } });
    await call(owner, "getContactWidgetAnalytics", { params: { id: widget.id } });
    const fields = messageFields({ id: widget.id, token: current.settings.widget_token }, TEST_SECRET);
    const { payload, headers } = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
    const sent = await app.inject({ method: "POST", url: "/ajax", payload, headers });
    expect(sent.json(), sent.body).toMatchObject({ status: 1 });
    const message = (await call(owner, "listContactMessages")).json().messages[0];
    await call(owner, "getContactMessage", { params: { id: message.id } });
    await call(owner, "updateContactMessage", { params: { id: message.id }, body: { read: true } });
    await call(owner, "deleteContactMessage", { params: { id: message.id } });
    await call(owner, "deleteContactWidget", { params: { id: widget.id } });
  });

  it("the owner's categories, brands, tags and attributes: listed, made, read, replaced, changed, deleted; a term added", async () => {
    for (const [kind, list, body] of [
      ["Category", "listCategories", { name: "Scarves", slug: "openapi-scarves" }],
      ["Brand", "listBrands", { name: "Fjord", slug: "openapi-fjord" }],
      ["Tag", "listTags", { name: "Woolly", slug: "openapi-woolly" }],
      ["Attribute", "listAttributes", { name: "Fabric", slug: "openapi-fabric", terms: [{ name: "Wool", slug: "wool" }] }],
    ] as const) {
      const made = (await call(owner, `create${kind}`, { body })).json();
      await call(owner, list);
      await call(owner, `get${kind}`, { params: { id: made.id } });
      const replaced = (await call(owner, `replace${kind}`, { params: { id: made.id }, body: { ...body, version: made.version } })).json();
      await call(owner, `update${kind}`, { params: { id: made.id }, body: { name: `${body.name} too`, version: replaced.version } });
      if (kind === "Attribute") await call(owner, "createAttributeTerm", { params: { id: made.id }, body: { name: "Linen", slug: "" } });
      await call(owner, `delete${kind}`, { params: { id: made.id } });
    }
  });

  it("the owner's shipping: zones, everywhere else, shipping classes and local pickup", async () => {
    const zone = {
      name: "Norway",
      locations: [{ type: "country", code: "NO" }],
      methods: [{ method_id: "flat_rate", title: "Standard", enabled: true, cost: 900 }],
    };
    const made = (await call(owner, "createShippingZone", { body: zone })).json();
    const zones = (await call(owner, "listShippingZones")).json();
    await call(owner, "reorderShippingZones", { body: { ids: zones.zones.map((z: { id: number }) => z.id).reverse() } });
    const read = (await call(owner, "getShippingZone", { params: { id: made.id } })).json();
    const free = { method_id: "free_shipping", title: "Free", enabled: true, requires: "min_amount", min_amount: 5000 };
    await call(owner, "replaceShippingZone", {
      params: { id: made.id },
      body: { ...zone, methods: [...read.methods, free], version: read.version },
    });
    await call(owner, "deleteShippingZone", { params: { id: made.id } });
    const rest = (await call(owner, "getShippingZoneRestOfWorld")).json();
    await call(owner, "replaceShippingZoneRestOfWorld", { body: rest });

    const bulky = (await call(owner, "createShippingClass", { body: { name: "Bulky" } })).json();
    await call(owner, "listShippingClasses");
    await call(owner, "listProductShippingClasses");
    await call(owner, "getShippingClass", { params: { id: bulky.id } });
    const { id: _id, count: _count, ...named } = bulky;
    const replaced = (await call(owner, "replaceShippingClass", { params: { id: bulky.id }, body: named })).json();
    await call(owner, "updateShippingClass", { params: { id: bulky.id }, body: { description: "Big boxes", version: replaced.version } });
    await call(owner, "deleteShippingClass", { params: { id: bulky.id } });

    const { currency_code: _code, currency_minor_unit: _unit, ...pickup } = (await call(owner, "getLocalPickup")).json();
    const location = { name: "Shop", address: { address_1: "1 Main St", city: "Oslo", country: "NO" }, details: "", enabled: true };
    await call(owner, "replaceLocalPickup", { body: { ...pickup, enabled: true, locations: [location] } });
  });

  it("the owner's taxes: classes, rates and the class shipping is taxed in", async () => {
    const reduced = (await call(owner, "createTaxClass", { body: { name: "Reduced by the API" } })).json();
    const classes = (await call(owner, "listTaxClasses")).json();
    await call(owner, "getTaxClass", { params: { slug: reduced.slug } });
    await call(owner, "replaceTaxClass", {
      params: { slug: reduced.slug },
      body: { name: "Reduced rate by the API", version: reduced.version },
    });
    const owned = classes.classes.map((c: { slug: string }) => c.slug).filter((slug: string) => slug !== "standard");
    await call(owner, "reorderTaxClasses", { body: { slugs: owned.reverse() } });
    const rate = { class: reduced.slug, country: "NO", rate: "12", name: "MVA" };
    const made = (await call(owner, "createTaxRate", { body: rate })).json();
    await call(owner, "listTaxRates", { query: `class=${reduced.slug}` });
    await call(owner, "getTaxRate", { params: { id: made.id } });
    await call(owner, "replaceTaxRate", { params: { id: made.id }, body: { ...rate, rate: "15", version: made.version } });
    await call(owner, "reorderTaxRates", { body: { class: reduced.slug, ids: [made.id] } });
    await call(owner, "listProductTaxClasses");
    const shipping = (await call(owner, "getShippingTaxClass")).json();
    await call(owner, "replaceShippingTaxClass", { body: shipping });
    await call(owner, "deleteTaxRate", { params: { id: made.id } });
    await call(owner, "deleteTaxClass", { params: { slug: reduced.slug } });
  });

  it("the owner's payment methods: listed, read, changed, put in order", async () => {
    const { methods } = (await call(owner, "listPaymentMethods")).json();
    const bacs = (await call(owner, "getPaymentMethod", { params: { id: "bacs" } })).json();
    await call(owner, "updatePaymentMethod", { params: { id: "bacs" }, body: { title: "Bank transfer", version: bacs.version } });
    await call(owner, "getPaymentMethod", { params: { id: "cod" } });
    await call(owner, "reorderPaymentMethods", { body: { order: methods.map((m: { id: string }) => m.id).reverse() } });
  });

  it("the owner's images: one uploaded, read, its alt text changed, deleted", async () => {
    const made = (
      await upload("uploadMedia", {}, [
        { name: "file", filename: "square.png", type: "image/png", data: await solid("png") },
        { name: "alt", value: "A dot" },
      ])
    ).json();
    await call(owner, "getMedia", { params: { id: made.id } });
    await call(owner, "updateMedia", { params: { id: made.id }, body: { alt: "A blue dot" } });
    await call(owner, "deleteMedia", { params: { id: made.id } });
  });

  it("the owner's downloads: a product's files and settings, an order's downloads granted and revoked", async () => {
    const beanie = await productId(app, "beanie");
    await call(owner, "listProductDownloads", { params: { id: beanie } });
    const file = (
      await upload("createProductDownloadFile", { id: beanie }, [
        { name: "file", filename: "pattern.pdf", type: "application/pdf", data: SAMPLES.pdf },
        { name: "name", value: "Knitting pattern" },
      ])
    ).json();
    await call(owner, "updateProductDownloadFile", {
      params: { id: beanie, fileId: file.id },
      body: { name: "The knitting pattern", version: file.version },
    });
    const settings = (await owner.get(`/api/admin/v1/products/${beanie}/downloads`)).json();
    await call(owner, "replaceProductDownloads", { params: { id: beanie }, body: { downloadable: true, version: settings.version } });
    const order = await owner.post("/api/admin/v1/orders", {
      billing: testBilling("knitter@example.com"),
      line_items: [{ product_id: beanie, quantity: 1 }],
      status: "processing",
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().id;
    await call(owner, "listGrantableOrderDownloads", { params: { id: orderId } });
    const granted = (await call(owner, "createOrderDownload", { params: { id: orderId }, body: { product_id: beanie } })).json();
    await call(owner, "listOrderDownloads", { params: { id: orderId } });
    await call(owner, "deleteOrderDownload", { params: { id: orderId, permissionId: granted.downloads[0].id } });
    await call(owner, "deleteProductDownloadFile", { params: { id: beanie, fileId: file.id } });
  });

  it("the owner's forms: listed, made, read, replaced, deleted; an entry read and deleted", async () => {
    await call(owner, "listForms");
    const made = (
      await call(owner, "createForm", { body: { status: "draft", definition: { ...CONTACT_FORM, slug: "openapi-contact" } } })
    ).json();
    await call(owner, "getForm", { params: { id: made.id } });
    await call(owner, "replaceForm", { params: { id: made.id }, body: { definition: made.definition, version: made.version } });
    await call(owner, "deleteForm", { params: { id: made.id } });
    // An entry of the demo shop's feedback form, as a visitor's answer is kept.
    const feedback = (await call(owner, "getForm", { params: { id: 3 } })).json();
    const entry = await insertFormEntry(shop.db, {
      form_id: feedback.id,
      values: JSON.stringify({ [String(feedback.definition.fields[0].id)]: "Quick delivery" }),
    });
    await call(owner, "getFormEntry", { params: { id: entry } });
    await call(owner, "deleteFormEntry", { params: { id: entry } });
  });

  it("the owner's reviews: the pending count, one read, answered, moderated in bulk and deleted", async () => {
    const written = (
      await new StoreClient(app).post("/products/reviews", {
        product_id: await productId(app, "classic-t-shirt"),
        reviewer: "Bo",
        reviewer_email: "bo@example.com",
        review: "Soft and well cut.",
        rating: 4,
      })
    ).json();
    await call(owner, "getReviewPendingCount");
    await call(owner, "getReview", { params: { id: written.id } });
    await call(owner, "updateReview", { params: { id: written.id }, body: { reply: "Thank you, Bo." } });
    await call(owner, "bulkModerateReviews", { body: { ids: [written.id], action: "approve" } });
    await call(owner, "deleteReview", { params: { id: written.id } });
  });

  it("the owner's figures: the sales overview and the stock counts", async () => {
    await call(owner, "getSalesOverview");
    await call(owner, "getStockReportCounts");
  });

  it("the health check, the route index, a batch, the attribution report, a page view and a visitor's fact", async () => {
    const shopper = new StoreClient(app);
    await call(shopper, "getHealth");
    await call(shopper, "getRouteIndex");
    await call(shopper, "runBatch", {
      body: {
        requests: [{ method: "POST", path: "/api/store/v1/cart/add-item", body: { id: await productId(app, "beanie"), quantity: 1 } }],
      },
    });
    const today = new Date().toISOString().slice(0, 10);
    await call(owner, "getAttributionReport", { query: `after=2026-01-01&before=${today}` });
    // A page of this shop: on the host the request came to.
    await call(shopper, "recordPageView", { headers: { host: "shop.test" }, body: { url: "http://shop.test/shop", referrer: "" } });
    await call(shopper, "recordVisitorMeta", { body: { meta: { coming_soon_banner_dismissed: "yes" } } });
  });

  it("the owner's other paged lists: images, reviews, the stock report, the report tabs, a form's entries", async () => {
    await call(owner, "listMedia");
    await call(owner, "listReviews");
    await call(owner, "listReviews", { query: "status=pending&per_page=1" });
    await call(owner, "getStockReport");
    // A paid order with a coupon and a taxed address, so every tab has rows its schema is checked against.
    const shopper = new StoreClient(app);
    await shopper.post("/cart/add-item", { id: await productId(app, "beanie"), quantity: 1 });
    expect((await shopper.post("/cart/apply-coupon", { code: "save10" })).statusCode).toBe(200);
    const paid = await shopper.post("/checkout", {
      billing_address: testBilling("reports@example.com"),
      payment_method: "test_card",
      payment_data: testCard(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const tab of ["products", "coupons", "taxes", "customers"]) {
      const page = (await call(owner, `get${tab.charAt(0).toUpperCase()}${tab.slice(1)}Report`)).json();
      expect(page[tab].length, tab).toBeGreaterThan(0);
    }
    // An entry sent as a visitor sends one, so the list's row carries its values.
    const form = await owner.post("/api/admin/v1/forms", { definition: oneFieldForm("openapi-entries") });
    expect(form.statusCode, form.body).toBe(201);
    const formId = form.json().id;
    const { payload, headers } = multipart(
      Object.entries({
        action: "forms_submit",
        "forms[id]": String(formId),
        "forms[token]": createFormToken(app.forms?.secret ?? "", formId, Date.now()),
        "forms[fields][1]": "Kept as text",
      }).map(([name, value]) => ({ name, value })),
    );
    const sent = await app.inject({ method: "POST", url: "/ajax", payload, headers });
    expect(sent.json().success, sent.body).toBe(true);
    const entries = (await call(owner, "listFormEntries", { params: { id: formId } })).json().entries;
    expect(entries.map((entry: { values: object }) => entry.values)).toEqual([{ 1: "Kept as text" }]);
  });

  it("the owner's settings: each group read and saved back as read", async () => {
    const groups = [...operations.keys()].filter((id) => /^get[A-Z][a-z]+Settings$/.test(id));
    expect(groups).toHaveLength(12);
    for (const read of groups) {
      const group = (await call(owner, read)).json();
      await call(owner, read.replace(/^get/, "replace"), { body: group });
    }
  });

  it("calls every operation whose reply the document describes", () => {
    const unchecked = [...operations].filter(([id, operation]) => isDocumentedReply(operation) && !checked.has(id)).map(([id]) => id);
    expect(unchecked).toEqual([]);
  });
});
