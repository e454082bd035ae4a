/**
 * Every owner list pages alike (decision 0171), on SQLite and PostgreSQL. The owner API's GET operations are read
 * from the OpenAPI document: each list (an operationId by the rule's "list…", and the report tabs) is either named
 * below as a list answered whole, with its reason, or walked here: X-WP-Total, X-WP-TotalPages and Link as the
 * Store API sends them (Link with first and last too), the same `total`, `page`, `per_page` and `pages` in the body,
 * the headers documented on its 200 reply, pages past the last and lists with nothing in them answered, and bad
 * paging refused with the Store API's 400. A new list that forgets its paging fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { insertFormEntry, oneFieldForm } from "../../../../test/form-entries.ts";
import { ADMIN, signedInOwner } from "../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../test/store-client.ts";

/** Lists answered whole, each for its reason (decision 0171): small sets the owner makes, or bounded by their parent. */
const WHOLE: Record<string, string> = {
  listTaxClasses: "the shop's tax classes, a handful",
  listProductTaxClasses: "the same classes as a product's choices",
  listTaxRates: "one class's rates, edited and ordered as a whole",
  listShippingZones: "the zones, matched in their order",
  listShippingClasses: "the shipping classes, a handful",
  listProductShippingClasses: "the same classes as a product's choices",
  listPaymentMethods: "the payment methods, in the checkout's order",
  listCategories: "the console's pickers need every category",
  listBrands: "the console's pickers need every brand",
  listTags: "the console's pickers need every tag",
  listAttributes: "the console's pickers need every attribute",
  listForms: "the forms the owner built, with their entry counts",
  listContactWidgets: "the widgets the owner built",
  listStaff: "the owner, the managers and the invitations waiting",
  listSessions: "the caller's own open sessions",
  listApiKeys: "the keys the owner made",
  listOrderUpdates: "a feed read from after_id, at most a bounded batch each call",
  listOrderDocuments: "the orders asked for by id, at most 100",
  listOrderRefunds: "one order's refunds",
  listOrderDownloads: "one order's downloads",
  listGrantableOrderDownloads: "the products a download can be granted from, a picker of at most 500",
  listProductDownloads: "one product's files",
};

/** Paged lists whose names are not the rule's "list…": the report tabs and the stock report. */
const PAGED_REPORTS = /^get(Products|Coupons|Taxes|Customers|Stock)Report$/;

interface Operation {
  operationId: string;
  path: string;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

let shop: TestShop;
let owner: StoreClient;
const paged: Operation[] = [];
const whole: string[] = [];
/** The path parameters of the lists under another resource: a webhook with two deliveries, a form with two entries. */
const params: Record<string, string> = {};

const get = async (url: string) => owner.request("GET", url);
const pathOf = (operation: Operation) =>
  operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[`${operation.operationId}.${name}`];
    if (!value) throw new Error(`${operation.operationId}: no ${name} to call it with`);
    return value;
  });
const rel = (link: string | undefined, name: string) => link?.match(new RegExp(`<([^>]+)>; rel="${name}"`))?.[1];
/** The page count the body's own total and per_page make. */
const pagesOf = (body: { total: number; per_page: number }) => Math.ceil(body.total / body.per_page);
const arraysOf = (body: Record<string, unknown>) => Object.values(body).filter(Array.isArray);

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  const webhook = (
    await owner.post(`${ADMIN}/webhooks`, { name: "Paging", topic: "order.created", delivery_url: "https://hooks.invalid/paging" })
  ).json();
  for (let ping = 0; ping < 2; ping++) expect((await owner.post(`${ADMIN}/webhooks/${webhook.id}/ping`)).statusCode).toBeLessThan(300);
  params["listWebhookDeliveries.id"] = String(webhook.id);
  const form = await owner.post(`${ADMIN}/forms`, { definition: oneFieldForm("paging") });
  expect(form.statusCode, form.body).toBe(201);
  for (let entry = 0; entry < 2; entry++) await insertFormEntry(shop.db, { form_id: form.json().id });
  params["listFormEntries.id"] = String(form.json().id);

  const document = (await shop.app.inject("/api/docs/json")).json();
  for (const [path, methods] of Object.entries<Record<string, Operation>>(document.paths)) {
    const operation = methods.get;
    if (!path.startsWith(`${ADMIN}/`) || !operation) continue;
    const { operationId } = operation;
    if (operationId in WHOLE) whole.push(operationId);
    else if (operationId.startsWith("list") || PAGED_REPORTS.test(operationId)) paged.push({ ...operation, path });
  }
});
afterAll(async () => {
  await shop?.close();
});

describe("the owner API's lists", () => {
  it("are each paged or named as whole, and every list named whole is still in the API", () => {
    expect(paged.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining([
        "listOrders",
        "listProducts",
        "listCoupons",
        "listCustomers",
        "listGuestCustomers",
        "listReviews",
        "listMedia",
        "listWebhooks",
        "listWebhookDeliveries",
        "listContactMessages",
        "listFormEntries",
        "getStockReport",
        "getProductsReport",
        "getCouponsReport",
        "getTaxesReport",
        "getCustomersReport",
      ]),
    );
    expect(whole.sort()).toEqual(Object.keys(WHOLE).sort());
  });

  it("document the paging headers and the paging fields on each paged list's 200 reply", () => {
    for (const operation of paged) {
      const reply = operation.responses["200"];
      expect(Object.keys(reply?.headers ?? {}), operation.operationId).toEqual(
        expect.arrayContaining(["X-WP-Total", "X-WP-TotalPages", "Link"]),
      );
      const schema = reply?.content?.["application/json"]?.schema as { properties?: object; required?: string[] } | undefined;
      expect(Object.keys(schema?.properties ?? {}), operation.operationId).toEqual(
        expect.arrayContaining(["total", "page", "per_page", "pages"]),
      );
      expect(schema?.required, operation.operationId).toEqual(expect.arrayContaining(["total", "page", "per_page", "pages"]));
    }
  });

  it("send the totals in X-WP-Total and X-WP-TotalPages, and the same four fields in the body", async () => {
    for (const operation of paged) {
      const response = await get(pathOf(operation));
      expect(response.statusCode, `${operation.operationId}: ${response.body.slice(0, 300)}`).toBe(200);
      const body = response.json();
      expect(body, operation.operationId).toMatchObject({ page: 1, total: expect.any(Number), per_page: expect.any(Number) });
      expect(body.pages, operation.operationId).toBe(pagesOf(body));
      expect(response.headers["x-wp-total"], operation.operationId).toBe(String(body.total));
      expect(response.headers["x-wp-totalpages"], operation.operationId).toBe(String(body.pages));
      const rows = Math.min(body.total, body.per_page);
      expect(
        arraysOf(body).some((list) => list.length === rows),
        `${operation.operationId}: a list of ${rows}`,
      ).toBe(true);
    }
  });

  it("link the first, previous, next and last pages, one item a page", async () => {
    let walked = 0;
    for (const operation of paged) {
      const first = await get(`${pathOf(operation)}?per_page=1`);
      const body = first.json();
      expect(body, operation.operationId).toMatchObject({ page: 1, per_page: 1, pages: body.total });
      if (body.total < 2) continue;
      walked++;
      const link = first.headers.link as string;
      expect(rel(link, "prev"), operation.operationId).toBeUndefined();
      expect(rel(link, "first"), operation.operationId).toBe(`${pathOf(operation)}?per_page=1&page=1`);
      expect(rel(link, "last"), operation.operationId).toBe(`${pathOf(operation)}?per_page=1&page=${body.total}`);
      const second = await get(rel(link, "next") as string);
      expect(second.json(), operation.operationId).toMatchObject({ page: 2, per_page: 1, total: body.total });
      expect(rel(second.headers.link as string, "prev"), operation.operationId).toBe(`${pathOf(operation)}?per_page=1&page=1`);
      const last = await get(rel(link, "last") as string);
      expect(rel(last.headers.link as string, "next"), operation.operationId).toBeUndefined();
      expect(rel(last.headers.link as string, "prev"), operation.operationId).toBe(
        `${pathOf(operation)}?per_page=1&page=${body.total - 1}`,
      );
    }
    // Orders, products, coupons, customers, media, webhooks, deliveries, entries at the least hold two items.
    expect(walked).toBeGreaterThanOrEqual(8);
  });

  it("answer a page past the last with no rows, the same totals, and a way back by rel=last", async () => {
    for (const operation of paged) {
      const { total, pages } = (await get(pathOf(operation))).json();
      const past = await get(`${pathOf(operation)}?page=${pages + 1}`);
      expect(past.statusCode, operation.operationId).toBe(200);
      const body = past.json();
      expect(body, operation.operationId).toMatchObject({ page: pages + 1, total, pages });
      expect(
        arraysOf(body).some((list) => list.length === 0),
        operation.operationId,
      ).toBe(true);
      const link = past.headers.link as string | undefined;
      expect(rel(link, "next"), operation.operationId).toBeUndefined();
      expect(rel(link, "prev"), operation.operationId).toBeUndefined();
      if (pages > 0) expect(rel(link, "last"), operation.operationId).toBe(`${pathOf(operation)}?page=${pages}`);
    }
  });

  it("answer a list with nothing in it with 0 pages and no Link", async () => {
    const nothing = (await owner.post(`${ADMIN}/forms`, { definition: oneFieldForm("paging-empty") })).json();
    for (const url of [
      `${ADMIN}/forms/${nothing.id}/entries`,
      `${ADMIN}/orders?search=nobody-ordered-this`,
      `${ADMIN}/products?search=nothing-sold-here`,
      `${ADMIN}/customers?search=nobody-signed-up`,
      `${ADMIN}/reports/products?search=nothing-sold-here`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toMatchObject({ total: 0, page: 1, pages: 0 });
      expect(response.headers["x-wp-total"], url).toBe("0");
      expect(response.headers["x-wp-totalpages"], url).toBe("0");
      expect(response.headers.link, url).toBeUndefined();
    }
  });

  it("refuse bad paging alike, 400 rest_invalid_param naming the parameter", async () => {
    for (const operation of paged) {
      for (const [query, name] of [
        ["page=0", "page"],
        ["page=100001", "page"],
        ["page=two", "page"],
        ["per_page=0", "per_page"],
        ["per_page=101", "per_page"],
      ]) {
        const response = await get(`${pathOf(operation)}?${query}`);
        expect(response.statusCode, `${operation.operationId}?${query}`).toBe(400);
        expect(response.json().code).toBe("rest_invalid_param");
        expect(Object.keys(response.json().data.params), `${operation.operationId}?${query}`).toEqual([name]);
      }
    }
  });

  it("answer the most a page holds and the last page a list takes", async () => {
    for (const operation of paged) {
      const response = await get(`${pathOf(operation)}?per_page=100&page=100000`);
      expect(response.statusCode, operation.operationId).toBe(200);
      expect(response.json(), operation.operationId).toMatchObject({ page: 100_000, per_page: 100 });
    }
  });
});
