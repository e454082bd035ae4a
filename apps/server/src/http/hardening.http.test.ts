/** Hostile input at the edges (issue 14): batch nesting, ids past the column type, NUL and lone surrogates, non-finite numbers, raw HTTP errors. */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { productId, StoreClient, testBilling } from "../../../../test/store-client.ts";

const S = "/api/store/v1";
let shop: TestShop;
let beanie: number;
beforeAll(async () => {
  shop = await createTestShop();
  beanie = await productId(shop.app, "beanie");
});
afterAll(() => shop?.close());

const client = () => new StoreClient(shop.app);

/** A field error in the Store API's shape, naming the field. */
function expectFieldError(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { code: string; data: { status: number; details: Record<string, unknown> } };
  expect(body.code).toBe("rest_invalid_param");
  expect(body.data.status).toBe(400);
  expect(Object.keys(body.data.details)).toContain(field);
}

describe("POST /batch refuses nested batches in any spelling", () => {
  const spellings = [
    `${S}/batch/`,
    `${S}/batch//`,
    `${S}//batch`,
    `/api//store/v1/batch`,
    `${S}/batc%68`,
    `${S}/%62atch/`,
    `${S}/BATCH`,
    `${S}/batch?x=1`,
    `${S}/batch/?x=1`,
    `${S}/batch#frag`,
    `${S}/./batch`,
    `${S}/cart/../batch`,
    `${S}/cart/%2e%2e/batch`,
  ];
  for (const path of spellings) {
    it(`refuses ${path}`, async () => {
      const inner = { requests: [{ path: `${S}/cart/add-item`, body: { id: beanie, quantity: 1 } }] };
      const response = await client().post("/batch", { requests: [{ path, body: inner }] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe("cw_rest_invalid_path");
    });
  }

  it("still runs plain sub-requests, with a trailing slash too", async () => {
    const shopper = client();
    const response = await shopper.post("/batch", {
      requests: [
        { path: `${S}/cart/add-item/`, body: { id: beanie, quantity: 1 } },
        { path: `${S}/cart/add-item?x=1`, body: { id: beanie, quantity: 1 } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const statuses = response.json().responses.map((r: { status: number }) => r.status);
    expect(statuses).toEqual([201, 201]);
  });

  it("refuses a batch of batches before running any of them", async () => {
    // One sub-request reaching /batch by any route: the total across nesting stays within 25.
    const requests = Array.from({ length: 25 }, () => ({ path: `${S}/batch/`, body: { requests: [] } }));
    const response = await client().post("/batch", { requests });
    expect(response.statusCode).toBe(400);
  });
});

describe("ids past the database's integer range answer like any unknown id", () => {
  it("GET /products/2147483648 is a 404", async () => {
    for (const id of ["2147483648", "9007199254740993", "99999999999999999999999"]) {
      const response = await shop.app.inject(`${S}/products/${id}`);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
      expect(response.json().code).toBe("cw_rest_product_invalid_id");
    }
  });

  it("GET /products?category=2147483648 finds nothing", async () => {
    const response = await shop.app.inject(`${S}/products?category=2147483648`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("GET /order/2147483648 is refused by its schema", async () => {
    const response = await shop.app.inject(`${S}/order/2147483648`);
    expectFieldError(response, "id");
  });

  it("add-item with id 2147483648 is refused by its schema", async () => {
    const response = await client().post("/cart/add-item", { id: 2147483648, quantity: 1 });
    expectFieldError(response, "id");
  });

  it("the media route refuses an id past the range", async () => {
    const response = await shop.app.inject("/media/2147483648/x.jpg");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("rest_invalid_param");
  });

  it("/ajax with product_id 9007199254740993 is refused as an unknown product", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/ajax",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "action=add_to_cart&product_id=9007199254740993",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ error: true });
  });
});

describe("text with NUL or a lone surrogate is a field error", () => {
  const nul = "a\u0000b";
  const surrogate = "a\ud800b";
  for (const [name, bad] of [
    ["NUL", nul],
    ["a lone surrogate", surrogate],
  ] as const) {
    it(`refuses ${name} in an order note`, async () => {
      const response = await client().request("PUT", "/checkout", { order_notes: bad });
      expectFieldError(response, "order_notes");
    });

    it(`refuses ${name} in a name`, async () => {
      const response = await client().post("/cart/update-customer", { billing_address: { first_name: bad } });
      expectFieldError(response, "billing_address");
      expect(response.json().data.details.billing_address.message).toContain("billing_address.first_name");
    });

    it(`refuses ${name} in a coupon code`, async () => {
      expectFieldError(await client().post("/cart/apply-coupon", { code: bad }), "code");
    });

    it(`refuses ${name} in an item key`, async () => {
      expectFieldError(await client().post("/cart/remove-item", { key: bad }), "key");
    });

    it(`refuses ${name} in an email`, async () => {
      expectFieldError(await client().post("/account/sign-in", { email: `x${bad}@example.com`, password: "whatever1" }), "email");
      expectFieldError(await client().post("/account/register", { email: `x${bad}@example.com`, password: "whatever12345" }), "email");
    });

    it(`refuses ${name} in a checkout's billing email`, async () => {
      const shopper = client();
      await shopper.post("/cart/add-item", { id: beanie, quantity: 1 });
      const response = await shopper.post("/checkout", { billing_address: testBilling(`x${bad}@example.com`), payment_method: "cod" });
      expectFieldError(response, "billing_address");
    });

    it(`refuses ${name} in a property name`, async () => {
      const response = await client().post("/cart/extensions", { namespace: "x", data: { [bad]: 1 } });
      expectFieldError(response, "data");
    });

    it(`refuses ${name} in a batch's sub-request`, async () => {
      const response = await client().post("/batch", { requests: [{ path: `${S}/cart/apply-coupon`, body: { code: bad } }] });
      expectFieldError(response, "requests");
    });
  }

  it("refuses a body nested thousands of levels deep as a field error, not a 500", async () => {
    const token = String((await shop.app.inject(`${S}/cart`)).headers["cart-token"]);
    const response = await shop.app.inject({
      method: "POST",
      url: `${S}/cart/extensions`,
      headers: { "cart-token": token, "content-type": "application/json" },
      payload: `{"namespace":"x","data":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`,
    });
    expectFieldError(response, "data");
    expect(response.json().data.details.data.message).toMatch(/nested more than \d+ levels deep$/);
  });

  // A URL or form carries bytes: an unpaired surrogate cannot be sent in one (invalid UTF-8 decodes to U+FFFD).
  it("refuses NUL in a query string and a path", async () => {
    expectFieldError(await shop.app.inject(`${S}/products?search=${encodeURIComponent(nul)}`), "search");
    expectFieldError(await shop.app.inject(`${S}/order/1?key=${encodeURIComponent(nul)}`), "key");
  });

  it("refuses NUL in /ajax", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/ajax",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `action=remove_from_cart&cart_item_key=${encodeURIComponent(nul)}`,
    });
    expectFieldError(response, "cart_item_key");
  });

  it("a lone surrogate in the page view's referrer is refused, not a 500", async () => {
    const response = await client().post("/attribution/page-view", {
      url: "http://localhost/shop",
      referrer: "https://example.com/\ud800",
    });
    expectFieldError(response, "referrer");
  });
});

describe("non-finite numbers are a 400", () => {
  for (const value of ["Infinity", "-Infinity", "1e400", "NaN"]) {
    it(`page=${value} and per_page=${value}`, async () => {
      for (const name of ["page", "per_page"]) {
        const response = await shop.app.inject(`${S}/products?${name}=${encodeURIComponent(value)}`);
        expectFieldError(response, name);
      }
    });
  }

  it('{"quantity":"Infinity"} names the field and not "a multiple of 1"', async () => {
    for (const quantity of ["Infinity", "1e400", "-Infinity"]) {
      const response = await client().post("/cart/add-item", { id: beanie, quantity });
      expectFieldError(response, "quantity");
      expect(response.json().message).not.toContain("multiple");
    }
  });
});

describe("a number is read from decimal text alone, never made of true, null or other spellings", () => {
  it("true, false and null for a number are refused by the field's path, the null told as such", async () => {
    const shopper = client();
    for (const body of [
      { id: beanie, quantity: true },
      { id: beanie, quantity: false },
      { id: true, quantity: 1 },
    ]) {
      const response = await shopper.post("/cart/add-item", body);
      expectFieldError(response, body.id === true ? "id" : "quantity");
      expect(response.json().message, JSON.stringify(body)).toBe(`Invalid parameter(s): ${body.id === true ? "id" : "quantity"}`);
      expect(JSON.stringify(response.json().data.params), JSON.stringify(body)).toContain("must be a number");
    }
    const nulled = await shopper.post("/cart/add-item", { id: beanie, quantity: null });
    expectFieldError(nulled, "quantity");
    expect(nulled.json().data.params.quantity).toBe("quantity cannot be null: send a value, or leave the field out");
    // Nothing was added by any of them.
    expect((await shopper.get("/cart")).json().items_count).toBe(0);
  });

  it('"0x2", " 2" and "0b10" are refused in a body and in a query; "2" and "1e1" are numbers', async () => {
    const shopper = client();
    for (const quantity of ["0x2", " 2", "2 ", "0b10", " "]) {
      const response = await shopper.post("/cart/add-item", { id: beanie, quantity });
      expectFieldError(response, "quantity");
      expect(response.json().data.params.quantity, quantity).toBe("quantity must be a number written in decimal digits");
    }
    expectFieldError(await shop.app.inject(`${S}/products?per_page=0x10`), "per_page");
    expect((await shop.app.inject(`${S}/products?per_page=1e1`)).statusCode).toBe(200);
    const added = await shopper.post("/cart/add-item", { id: beanie, quantity: "2" });
    expect(added.statusCode).toBe(201);
    expect(added.json().items_count).toBe(2);
  });

  it("text and booleans a field takes as such are left as sent", async () => {
    // A coupon code is text, even one that reads as a number in hexadecimal: refused as unknown, not as a type.
    const coupon = await client().post("/cart/apply-coupon", { code: "0x2" });
    expect(coupon.statusCode).toBe(400);
    expect(coupon.json().code).toBe("cw_rest_cart_coupon_error");
  });
});

/** Sends raw bytes to a listening copy of the app and reads its whole answer. */
async function raw(port: number, text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("end", () => resolve(received));
    socket.on("error", (error) => (received ? resolve(received) : reject(error)));
    socket.write(text);
  });
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

describe("errors before routing answer in the Store API's shape with the security headers", () => {
  let port: number;
  beforeAll(async () => {
    await shop.app.listen({ port: 0, host: "127.0.0.1" });
    const address = shop.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  const expectShaped = (answer: { status: number; headers: Record<string, string>; body: string }, status: number) => {
    expect(answer.status).toBe(status);
    const body = JSON.parse(answer.body);
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status } });
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
  };

  it("malformed HTTP is a coded 400", async () => {
    expectShaped(await raw(port, "GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"), 400);
    expectShaped(await raw(port, "NOT HTTP AT ALL\r\n\r\n"), 400);
  });

  it("oversized headers are a coded 431", async () => {
    expectShaped(await raw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`), 431);
  });

  it("an address over 16 KB is a coded 414", async () => {
    expectShaped(await raw(port, `GET /api/store/v1/products?search=${"a".repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 414);
  });

  it("a malformed URL is coded, with the security headers", async () => {
    expectShaped(await raw(port, "GET /api/store/v1/products/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), 400);
  });
});

describe("replies holding the shopper's data are not cached", () => {
  it("GET /cart sends Cache-Control: no-store", async () => {
    const response = await client().get("/cart");
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("cart writes and the account send Cache-Control: no-store", async () => {
    const shopper = client();
    expect((await shopper.post("/cart/add-item", { id: beanie, quantity: 1 })).headers["cache-control"]).toBe("private, no-store");
    expect((await shopper.get("/account")).headers["cache-control"]).toBe("private, no-store");
  });
});

describe("the OpenAPI document", () => {
  it("is served at /api/docs/json as well", async () => {
    const response = await shop.app.inject("/api/docs/json");
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toMatch(/^3\./);
  });

  it("documents the test card's payment_data keys", async () => {
    const doc = (await shop.app.inject("/api/docs/json")).json();
    const text = JSON.stringify(doc.paths["/api/store/v1/checkout"].post);
    for (const key of ["cw-test-card-number", "cw-test-card-expiry", "cw-test-card-cvc"]) expect(text).toContain(key);
  });
});

describe("an order the shopper may not see", () => {
  it("answers the same for another account's order and one that does not exist", async () => {
    const owner = client();
    await owner.post("/account/register", { email: `owner-${Date.now()}@example.com`, password: "correct horse battery" });
    await owner.post("/cart/add-item", { id: beanie, quantity: 1 });
    const placed = (await owner.post("/checkout", { billing_address: testBilling(), payment_method: "cod" })).json();
    expect(placed.order_id).toBeGreaterThan(0);

    const other = client();
    await other.post("/account/register", { email: `other-${Date.now()}@example.com`, password: "correct horse battery" });
    const theirs = await other.get(`/order/${placed.order_id}`);
    const missing = await other.get("/order/999999");
    expect(theirs.statusCode).toBe(missing.statusCode);
    expect(theirs.json()).toEqual(missing.json());
  });
});
