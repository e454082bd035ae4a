/** Which owner API route patterns a manager may call (decision 0032): the listed areas and what lies below them, nothing else. */
import { describe, expect, it } from "vitest";
import { managerMayUse } from "./owner.ts";

describe("managerMayUse", () => {
  it("allows the manager's areas, what lies below them and their exports", () => {
    for (const pattern of [
      "/api/admin/v1/orders",
      "/api/admin/v1/orders/:id",
      "/api/admin/v1/orders/export.csv",
      "/api/admin/v1/orders/:id/refunds",
      "/api/admin/v1/customers/guest",
      "/api/admin/v1/reports/overview",
      "/api/admin/v1/contact-messages/:id/files/:fileId",
      "/api/admin/v1/form-entries/:id",
      "/api/admin/v1/forms/:id/entries",
      "/api/admin/v1/forms/:id/entries.csv",
      "/api/admin/v1/sessions/end-others",
    ])
      expect(managerMayUse(pattern), pattern).toBe(true);
  });

  it("refuses the owner's areas, look-alikes and anything unlisted (default deny)", () => {
    for (const pattern of [
      "",
      "/api/admin/v1",
      "/api/admin/v1/",
      "/api/admin/v1/staff",
      "/api/admin/v1/staff/invites",
      "/api/admin/v1/contact-widgets",
      "/api/admin/v1/contact-widgets/:id/analytics",
      "/api/admin/v1/forms",
      "/api/admin/v1/forms/:id",
      "/api/admin/v1/settings",
      "/api/admin/v1/coupons",
      "/api/admin/v1/coupons/:id",
      "/api/admin/v1/shipping-zones",
      "/api/admin/v1/shipping-zones/:id",
      "/api/admin/v1/local-pickup",
      "/api/admin/v1/ordersx",
      "/api/admin/v1/orders-secret",
      "/api/admin/v1/catalogue",
      "/api/store/v1/orders",
      "/orders",
    ])
      expect(managerMayUse(pattern), pattern).toBe(false);
  });
});
