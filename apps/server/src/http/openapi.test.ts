import { describe, expect, it } from "vitest";
import { documentedSchema, operationIdByRule, singular, withOperationIds } from "./openapi.ts";

describe("operation ids by rule", () => {
  it("names one resource, a collection, a singleton and an action", () => {
    expect(operationIdByRule("GET", "/api/admin/v1/orders/{id}")).toBe("getOrder");
    expect(operationIdByRule("PUT", "/api/admin/v1/coupons/{id}")).toBe("replaceCoupon");
    expect(operationIdByRule("PATCH", "/api/admin/v1/coupons/{id}")).toBe("updateCoupon");
    expect(operationIdByRule("DELETE", "/api/admin/v1/webhooks/{id}")).toBe("deleteWebhook");
    expect(operationIdByRule("GET", "/api/admin/v1/orders")).toBe("listOrders");
    expect(operationIdByRule("GET", "/api/admin/v1/orders/{id}/refunds")).toBe("listOrderRefunds");
    expect(operationIdByRule("POST", "/api/admin/v1/orders/{id}/refunds")).toBe("createOrderRefund");
    expect(operationIdByRule("GET", "/api/store/v1/products/categories/{id}")).toBe("getProductCategory");
    expect(operationIdByRule("GET", "/api/store/v1/cart")).toBe("getCart");
    expect(operationIdByRule("GET", "/api/admin/v1/local-pickup")).toBe("getLocalPickup");
    expect(operationIdByRule("POST", "/api/store/v1/cart/add-item")).toBe("addCartItem");
    expect(operationIdByRule("POST", "/api/store/v1/cart/select-shipping-rate")).toBe("selectCartShippingRate");
    expect(operationIdByRule("POST", "/api/admin/v1/products/import")).toBe("importProducts");
    expect(operationIdByRule("POST", "/api/admin/v1/webhooks/{id}/deliveries/{delivery}/redeliver")).toBe("redeliverWebhookDelivery");
    expect(operationIdByRule("HEAD", "/download/{key}")).toBe("checkDownload");
    expect(operationIdByRule("GET", "/api/health")).toBe("getHealth");
  });

  it("makes plurals one and leaves other words ending in s alone", () => {
    expect(["categories", "classes", "taxes", "orders", "status", "analytics", "address", "media"].map(singular)).toEqual([
      "category",
      "class",
      "tax",
      "order",
      "status",
      "analytics",
      "address",
      "media",
    ]);
  });

  it("keeps a route's own id, and gives each method of a shared route its own", () => {
    const document = withOperationIds({
      paths: { "/download/{key}": { get: {}, head: {} }, "/api/store/v1/checkout": { post: { operationId: "placeOrder" } } },
    });
    expect(document.paths["/download/{key}"].get).toEqual({ operationId: "getDownload" });
    expect(document.paths["/download/{key}"].head).toEqual({ operationId: "checkDownload" });
    expect(document.paths["/api/store/v1/checkout"].post).toEqual({ operationId: "placeOrder" });
  });
});

describe("documented replies", () => {
  it("shows a route's replies beside its response schemas, and leaves a route without them as it is", () => {
    const error = { type: "object" };
    const cart = { type: "object", properties: {} };
    expect(documentedSchema({ replies: { 200: cart }, response: { 400: error } }).response).toEqual({ 200: cart, 400: error });
    const plain = { response: { 400: error } };
    expect(documentedSchema(plain)).toBe(plain);
  });
});
