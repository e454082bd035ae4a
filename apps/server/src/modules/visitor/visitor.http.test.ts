import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
import { getVisitorMeta } from "./index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const DISMISS = { meta: { coming_soon_banner_dismissed: "yes" } };

describe("POST /visitor/meta", () => {
  it("remembers a dismissed banner for this visitor only", async () => {
    const visitor = new StoreClient(shop.app, "browser");
    await visitor.get("/cart");
    const response = await visitor.post("/visitor/meta", DISMISS);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DISMISS);

    const sid = visitor.sessionId();
    expect(await getVisitorMeta(testContext(shop, { sid, uid: 0 }))).toEqual({ coming_soon_banner_dismissed: "yes" });
    expect(await getVisitorMeta(testContext(shop, { sid: "someone-else", uid: 0 }))).toEqual({});

    // Undoing it is a write like any other.
    const undone = await visitor.post("/visitor/meta", { meta: { coming_soon_banner_dismissed: "no" } });
    expect(undone.json()).toEqual({ meta: { coming_soon_banner_dismissed: "no" } });
  });

  it("is a write: a browser without the nonce is refused", async () => {
    const visitor = new StoreClient(shop.app, "browser");
    await visitor.get("/cart");
    const response = await visitor.request("POST", "/visitor/meta", DISMISS, { nonce: "" });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("cw_rest_missing_nonce");
  });

  it("refuses unknown keys, unknown values, an empty meta object and a missing one", async () => {
    const client = new StoreClient(shop.app);
    for (const body of [{ meta: { favourite_colour: "blue" } }, { meta: { coming_soon_banner_dismissed: "maybe" } }, { meta: {} }]) {
      const response = await client.post("/visitor/meta", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("rest_invalid_param");
    }
    const missing = await client.post("/visitor/meta", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("rest_missing_callback_param");
  });
});
