import { describe, expect, it } from "vitest";
import { AdminApiError, AdminClient, errorFrom, fieldErrors, normalisePath } from "./api.ts";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("normalisePath", () => {
  it.each([
    ["settings.widget_color", "settings.widget_color"],
    ["/channels/2/value", "channels.2.value"],
    ["channels[2].value", "channels.2.value"],
    ["channels[2].agent_data[0].value", "channels.2.agent_data.0.value"],
  ])("%s → %s", (path, expected) => expect(normalisePath(path)).toBe(expected));
});

describe("fieldErrors", () => {
  it("reads data.details as messages by path", () => {
    expect(
      fieldErrors({ details: { "settings.widget_color": "Use a colour like #1d4ed8.", "channels.2.value": "Enter a number." } }),
    ).toEqual({
      "settings.widget_color": "Use a colour like #1d4ed8.",
      "channels.2.value": "Enter a number.",
    });
  });

  it("reads the Store API's {code, message} details and params too", () => {
    expect(
      fieldErrors({ params: { email: "email is invalid" }, details: { password: { code: "rest_invalid_param", message: "too short" } } }),
    ).toEqual({
      email: "Is invalid",
      password: "too short",
    });
  });

  it("drops the path the Store API starts a message with", () => {
    expect(
      fieldErrors({
        details: {
          "settings.widget_color": {
            code: "rest_invalid_param",
            message: "settings.widget_color must be a colour like #1d4ed8",
            data: null,
          },
        },
      }),
    ).toEqual({ "settings.widget_color": "Must be a colour like #1d4ed8" });
  });

  it("words the schema's refusals for the owner instead of Ajv's 'Must be >= 1'", () => {
    const schema = (message: string) => ({ code: "rest_invalid_param", message, data: null });
    expect(
      fieldErrors({
        details: {
          quantity_min: schema("quantity_min must be >= 1"),
          regular_price: schema("regular_price must be <= 99999999999"),
          weight_grams: schema("weight_grams must be an integer"),
          sku: schema("sku must NOT have more than 100 characters"),
          code: schema("code must NOT have fewer than 1 characters"),
          type: schema("type must be equal to one of the allowed values"),
        },
      }),
    ).toEqual({
      quantity_min: "Enter a larger number.",
      regular_price: "Enter a smaller number.",
      weight_grams: "Enter a whole number.",
      sku: "Use at most 100 characters.",
      code: "Fill this in.",
      type: "Choose one of the offered values.",
    });
  });

  it("gives nothing for data without details", () => {
    expect(fieldErrors({ status: 400 })).toEqual({});
    expect(fieldErrors(null)).toEqual({});
  });
});

describe("errorFrom", () => {
  it("keeps the code, message, status and field messages", async () => {
    const error = await errorFrom(
      json(400, {
        code: "rest_invalid_param",
        message: "Invalid parameter(s): settings",
        data: { status: 400, details: { "settings.widget_size": "Too big." } },
      }),
    );
    expect(error).toBeInstanceOf(AdminApiError);
    expect([error.status, error.code, error.message, error.fields]).toEqual([
      400,
      "rest_invalid_param",
      "Invalid parameter(s): settings",
      { "settings.widget_size": "Too big." },
    ]);
  });

  it("keeps the error's data as sent (a refund's refundable)", async () => {
    const error = await errorFrom(
      json(409, { code: "cw_rest_refund_exceeds", message: "Too much.", data: { status: 409, refundable: 1250 } }),
    );
    expect(error.data).toEqual({ status: 409, refundable: 1250 });
  });

  it("falls back to the status for a body that is not the API's", async () => {
    const error = await errorFrom(new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    expect([error.code, error.message, error.data]).toEqual(["http_502", "Bad Gateway", {}]);
  });
});

describe("AdminClient", () => {
  it("sends the page's nonce on writes, never on reads, and takes the newest nonce from every reply", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const replies = [json(200, { widgets: [] }, { nonce: "second" }), json(200, { id: 1 }, { nonce: "third" }), json(204, null)];
    const client = new AdminClient(async (url, init) => {
      calls.push({ url, init });
      return replies.shift() as Response;
    });
    client.primeNonce("first");
    await client.admin("/contact-widgets");
    await client.admin("/contact-widgets/1", { method: "PATCH", body: { active: false } });
    await client.admin("/contact-widgets/1", { method: "DELETE" });
    const nonces = calls.map((call) => (call.init?.headers as Record<string, string> | undefined)?.nonce);
    expect(nonces).toEqual([undefined, "second", "third"]);
    expect(calls[1]?.url).toBe("/api/admin/v1/contact-widgets/1");
    expect(calls[1]?.init?.body).toBe('{"active":false}');
    expect(calls[0]?.init?.credentials).toBe("same-origin");
  });

  it("sends a write refused for its nonce once more with the nonce the refusal brought, and no more", async () => {
    const refused = (nonce: string) =>
      json(403, { code: "cw_rest_invalid_nonce", message: "Nonce is invalid.", data: { status: 403 } }, { nonce });
    const sentNonces: (string | undefined)[] = [];
    const replies = [refused("fresh"), json(200, { id: 7 }), refused("fresher"), refused("freshest")];
    const client = new AdminClient(async (_url, init) => {
      sentNonces.push((init?.headers as Record<string, string> | undefined)?.nonce);
      return replies.shift() as Response;
    });
    client.primeNonce("stale");
    expect(await client.admin("/coupons/7", { method: "PUT", body: { amount: "5" } })).toEqual({ id: 7 });
    expect(sentNonces).toEqual(["stale", "fresh"]);
    // Refused again with the new one (signed out meanwhile): told, not sent a third time.
    await expect(client.admin("/coupons/7", { method: "PUT", body: { amount: "5" } })).rejects.toMatchObject({
      code: "cw_rest_invalid_nonce",
    });
    expect(sentNonces).toEqual(["stale", "fresh", "fresh", "fresher"]);
    // A refusal that brings no other nonce is told at once.
    const once = new AdminClient(async () => refused(""));
    await expect(once.admin("/coupons/7", { method: "DELETE" })).rejects.toMatchObject({ status: 403 });
  });

  it("a primed nonce never replaces one a reply brought", async () => {
    const client = new AdminClient(async () => json(200, {}, { nonce: "from-reply" }));
    await client.admin("/contact-widgets");
    client.primeNonce("from-page");
    expect(client.currentNonce).toBe("from-reply");
  });

  it("puts the query in the URL, leaving out blanks", async () => {
    let seen = "";
    const client = new AdminClient(async (url) => {
      seen = url;
      return json(200, {});
    });
    await client.admin("/contact-messages", { query: { search: "order", widget_id: undefined, page: 2, unread: "" as never } });
    expect(seen).toBe("/api/admin/v1/contact-messages?search=order&page=2");
  });

  it("throws the API's error with its field messages", async () => {
    const client = new AdminClient(async () =>
      json(404, { code: "cw_rest_widget_not_found", message: "No such widget.", data: { status: 404 } }),
    );
    await expect(client.admin("/contact-widgets/9")).rejects.toMatchObject({
      status: 404,
      code: "cw_rest_widget_not_found",
      message: "No such widget.",
    });
  });
});
