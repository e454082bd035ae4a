/** The owner API's widgets (/api/admin/v1/contact-widgets…): who may call, the documents, validation, analytics. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { signedIn } from "../../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";
import { ensureOwner } from "../customers/index.ts";
import { widgetPage } from "./index.ts";

let shop: TestShop;
let owner: StoreClient;
let ownerId: number;
const ADMIN = "/api/admin/v1";

beforeAll(async () => {
  shop = await createTestShop();
  ownerId = (await ensureOwner(shop.db, "owner@example.com", "owner-password-2026")).id;
  owner = await signedIn(shop.app, "owner@example.com", "owner-password-2026");
});
afterAll(() => shop?.close());

/** A widget as read, without the fields the shop sets (which a save refuses): what an editor sends back. */
const editable = ({ id: _id, created_at: _created, updated_at: _updated, ...document }: Record<string, unknown>) => document;

const count = async (table: "contact_widgets" | "change_log") =>
  Number(
    (
      await shop.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("who may call the owner API", () => {
  it("answers a guest 401 cw_rest_not_signed_in and a shopper 403 cw_rest_forbidden", async () => {
    const guest = await shop.app.inject(`${ADMIN}/contact-widgets`);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");

    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const shopper = await jane.get(`${ADMIN}/contact-widgets/1`);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe("cw_rest_forbidden");
    const write = await jane.request("PATCH", `${ADMIN}/contact-widgets/1`, { identifier: "Mine now" });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe("cw_rest_forbidden");
  });

  it("refuses the owner's writes without the nonce (401) or with a wrong one (403), storing nothing", async () => {
    const { cookie } = owner.credentials();
    const before = await count("contact_widgets");
    const send = (headers: Record<string, string>) =>
      shop.app.inject({
        method: "POST",
        url: `${ADMIN}/contact-widgets`,
        headers: { cookie: cookie ?? "", "content-type": "application/json", ...headers },
        payload: JSON.stringify({ identifier: "No nonce" }),
      });
    const missing = await send({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");
    const wrong = await send({ nonce: "not-the-nonce" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("cw_rest_invalid_nonce");
    expect(await count("contact_widgets")).toBe(before);
  });

  it("lets the owner list the widgets with the last 30 days' counts", async () => {
    const response = await owner.get(`${ADMIN}/contact-widgets`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.nonce).toEqual(expect.any(String));
    expect(response.json().widgets[0]).toEqual({
      id: 1,
      identifier: "Help widget",
      active: true,
      channels: ["WhatsApp", "Telegram", "Facebook_Messenger", "Phone", "SMS", "Email", "WeChat", "Contact_Us"],
      views: 0,
      clicks: 0,
      updated_at: expect.any(String),
    });
  });

  it("is in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    expect(paths["/api/admin/v1/contact-widgets/{id}"].patch.tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/contact-widgets/{id}/analytics"].get.tags).toEqual(["owner"]);
  });
});

describe("the demo widget (DEMO.md Contact widget)", () => {
  it("is widget 1, Help widget, as the demo describes it", async () => {
    const widget = (await owner.get(`${ADMIN}/contact-widgets/1`)).json();
    expect(widget).toMatchObject({ id: 1, identifier: "Help widget", active: true });
    expect(widget.settings).toMatchObject({
      position: "right",
      bottom_spacing: 25,
      side_spacing: 25,
      widget_size: 54,
      widget_color: "#1d4ed8",
      widget_icon: "chat-base",
      cta_text: "Need help? Contact us",
      show_cta: "first_click",
      close_text: "Hide",
      default_state: "click",
      icon_view: "vertical",
      analytics: true,
      bg_blur_effect: false,
    });
    expect(widget.settings.widget_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(widget.triggers).toMatchObject({ has_countries: false, has_time_delay: false, has_day_hours_scheduling_rules: false });
    const byType = Object.fromEntries(widget.channels.map((c: { channel_type: string }) => [c.channel_type, c]));
    expect(byType.WhatsApp).toMatchObject({
      value: "+1 (555) 010-2030",
      has_welcome_message: true,
      wa_popup_headline: "Cartwright Demo",
      wa_popup_nickname: "Jess",
      chat_welcome_message: "Hi there! How can we help you?",
      input_placeholder: "Write a message…",
      emoji_picker: true,
      pre_set_message: "Hello, I have a question about {title}",
    });
    expect(byType.Telegram.value).toBe("@cartwright_demo");
    expect(byType.Facebook_Messenger.value).toBe("cartwright.demo");
    expect(byType.Phone).toMatchObject({ value: "+1 555 010 2040", hover_text: "Call us", is_desktop: true, is_mobile: true });
    expect(byType.SMS).toMatchObject({ value: "+1 555 010 2040", is_desktop: false, is_mobile: true });
    expect(byType.Email).toMatchObject({ value: "hello@example.com", mail_subject: "Question about {title}" });
    expect(byType.WeChat).toMatchObject({ value: "cartwright_demo", wechat_qr_code_title: "Scan to chat on WeChat" });
    expect(byType.Contact_Us).toMatchObject({ value: "", captcha_provider: "none" });
    expect(byType.Contact_Us.contact_form_settings).toMatchObject({
      contact_form_title: "Send us a message",
      button_text: "Send",
      success_message: "Thanks! We will get back to you soon.",
    });
    expect(
      byType.Contact_Us.contact_fields.map((f: { title: string; is_required: boolean; type: string }) => [f.title, f.type, f.is_required]),
    ).toEqual([
      ["Name", "text", true],
      ["Email", "email", true],
      ["Phone", "tel", false],
      ["Message", "textarea", true],
      ["Order number", "text", false],
      ["Attachment", "file", false],
    ]);
  });
});

describe("writing widgets", () => {
  let id: number;

  it("creates from a subset, the rest from the defaults, with a token of the server's and a change log row", async () => {
    const response = await owner.post(`${ADMIN}/contact-widgets`, {
      identifier: "Blog widget",
      allowed_origins: ["https://blog.example.com"],
      settings: { widget_color: "#0a0", widget_token: "chosen-by-me" },
      channels: [
        { channel_type: "Email", value: "blog@example.com" },
        { channel_type: "Link", value: "https://example.com/faq" },
        { channel_type: "Link" },
      ],
    });
    expect(response.statusCode).toBe(201);
    const widget = response.json();
    id = widget.id;
    expect(widget).toMatchObject({ identifier: "Blog widget", active: true, allowed_origins: ["https://blog.example.com"] });
    expect(widget.settings).toMatchObject({ widget_color: "#0a0", position: "right", widget_size: 54 });
    expect(widget.settings.widget_token).not.toBe("chosen-by-me");
    expect(widget.settings.widget_token.length).toBeGreaterThanOrEqual(20);
    expect(widget.channels.map((c: { channel: string }) => c.channel)).toEqual(["Email", "Link", "Link_2"]);
    expect(widget.channels[0]).toMatchObject({ hover_text: "Email", is_desktop: true, mail_subject: "Question about {title}" });

    const log = await shop.db.selectFrom("change_log").selectAll().where("entity_id", "=", String(id)).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_id: ownerId, entity: "contact_widget", action: "create", before: null });
    expect(JSON.parse(log[0]?.after ?? "{}")).toMatchObject({ id, identifier: "Blog widget" });
  });

  it("fills a channel's form settings, agents and form fields from their defaults, key by key", async () => {
    const response = await owner.post(`${ADMIN}/contact-widgets`, {
      channels: [
        {
          channel_type: "Contact_Us",
          contact_form_settings: { button_text: "Go" },
          contact_fields: [{ field: "topic", type: "dropdown", title: "Topic", field_dropdown: ["Returns", "Other"] }],
        },
        { channel_type: "WhatsApp", is_agent: true, agent_data: [{ value: "+1 555 010 2030", agent_title: "Jess" }] },
      ],
    });
    expect(response.statusCode).toBe(201);
    const [form, whatsapp] = response.json().channels;
    expect(form.contact_form_settings).toMatchObject({ button_text: "Go", contact_form_title: "Contact us", close_form_after_seconds: 3 });
    expect(form.contact_fields).toEqual([
      expect.objectContaining({
        field: "topic",
        type: "dropdown",
        title: "Topic",
        field_label: "Topic",
        is_required: false,
        field_dropdown: ["Returns", "Other"],
      }),
    ]);
    expect(whatsapp.agent_data[0]).toMatchObject({
      value: "+1 555 010 2030",
      agent_title: "Jess",
      link_type: "personal",
      use_whatsapp_web: false,
    });
    await owner.request("DELETE", `${ADMIN}/contact-widgets/${response.json().id}`);
  });

  it("patches key by key: other settings, the token and the channels stay unless sent", async () => {
    const before = (await owner.get(`${ADMIN}/contact-widgets/${id}`)).json();
    const response = await owner.request("PATCH", `${ADMIN}/contact-widgets/${id}`, {
      settings: { position: "left", widget_token: "mine" },
      triggers: { has_countries: true, countries: ["FR", "DE"] },
    });
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after.settings).toMatchObject({ position: "left", widget_color: "#0a0", widget_token: before.settings.widget_token });
    expect(after.triggers).toMatchObject({ has_countries: true, countries: ["FR", "DE"], has_time_delay: false });
    expect(after.channels).toEqual(before.channels);

    const replaced = await owner.request("PATCH", `${ADMIN}/contact-widgets/${id}`, {
      channels: [{ channel_type: "Phone", value: "+44 20 7946 0000" }],
    });
    expect(replaced.json().channels.map((c: { channel: string; value: string }) => [c.channel, c.value])).toEqual([
      ["Phone", "+44 20 7946 0000"],
    ]);

    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity_id", "=", String(id))
      .where("action", "=", "update")
      .orderBy("id")
      .execute();
    expect(log).toHaveLength(2);
    expect(JSON.parse(log[0]?.before ?? "{}").settings.position).toBe("right");
    expect(JSON.parse(log[0]?.after ?? "{}").settings.position).toBe("left");
    expect(log[0]?.actor_id).toBe(ownerId);
  });

  it("replaces the whole document on PUT, the defaults filling what is left out, the token kept", async () => {
    const before = (await owner.get(`${ADMIN}/contact-widgets/${id}`)).json();
    const response = await owner.request("PUT", `${ADMIN}/contact-widgets/${id}`, {
      ...editable(before),
      identifier: "Blog widget 2",
      settings: { cta_text: "Ask us" },
    });
    expect(response.statusCode).toBe(200);
    const widget = response.json();
    expect(widget.identifier).toBe("Blog widget 2");
    expect(widget.settings).toMatchObject({
      cta_text: "Ask us",
      position: "right",
      widget_color: "#1d4ed8",
      widget_token: before.settings.widget_token,
    });
    expect(widget.triggers).toEqual(before.triggers);
  });

  it("refuses a save on a copy someone changed since (409, nothing written) and takes one without a version", async () => {
    const first = (await owner.get(`${ADMIN}/contact-widgets/${id}`)).json();
    const second = (await owner.get(`${ADMIN}/contact-widgets/${id}`)).json();
    expect(first.version).toMatch(/^[\w-]{22}$/);
    expect(second.version).toBe(first.version);

    const kept = await owner.request("PUT", `${ADMIN}/contact-widgets/${id}`, {
      ...editable(first),
      settings: { cta_text: "First editor's words" },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().version).not.toBe(first.version);
    const logged = await count("change_log");

    const stale = await owner.request("PATCH", `${ADMIN}/contact-widgets/${id}`, {
      identifier: "Second editor's name",
      version: second.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "cw_rest_widget_changed", data: { version: kept.json().version } });
    expect(stale.json().message).toContain("This widget was changed by someone else since you opened it");
    const stored = (await owner.get(`${ADMIN}/contact-widgets/${id}`)).json();
    expect(stored.identifier).toBe("Blog widget 2");
    expect(stored.settings.cta_text).toBe("First editor's words");
    expect(stored.version).toBe(kept.json().version);
    expect(await count("change_log")).toBe(logged);

    const unversioned = await owner.request("PATCH", `${ADMIN}/contact-widgets/${id}`, { settings: { cta_text: "Said anyway" } });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json()).toMatchObject({ identifier: "Blog widget 2", settings: { cta_text: "Said anyway" } });
    // A save that changes nothing keeps the version: a reader's copy stays good.
    const same = await owner.request("PUT", `${ADMIN}/contact-widgets/${id}`, editable(unversioned.json()));
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(unversioned.json().version);
  });

  it("takes the list's on/off switch without a version: it writes the flag alone, so an editor's change made since stays", async () => {
    const listed = (await owner.get(`${ADMIN}/contact-widgets`)).json().widgets.find((w: { id: number }) => w.id === id);
    const opened = (await owner.get(`${ADMIN}/contact-widgets/${id}`)).json();
    const edited = await owner.request("PATCH", `${ADMIN}/contact-widgets/${id}`, {
      settings: { cta_text: "Changed after the list" },
      version: opened.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const off = await owner.request("PATCH", `${ADMIN}/contact-widgets/${id}`, { active: !listed.active });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: !listed.active, settings: { cta_text: "Changed after the list" } });
    expect((await owner.request("PATCH", `${ADMIN}/contact-widgets/${id}`, { active: listed.active })).statusCode).toBe(200);
  });

  it("keeps an open editor's version through a visitor's view and click reports", async () => {
    const opened = (await owner.get(`${ADMIN}/contact-widgets/${id}`)).json();
    const page = await widgetPage(testContext(shop), { headers: {}, ip: "127.0.0.1" });
    const nonce = page.widgets.find((widget) => widget.id === id)?.nonce ?? "";
    for (const action of ["update_contact_widget_views", "update_contact_widget_click"]) {
      const report = await shop.app.inject({
        method: "POST",
        url: "/ajax",
        remoteAddress: "198.51.100.9",
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" },
        payload: new URLSearchParams({
          action,
          widgetId: String(id),
          userId: "0",
          isMobile: "0",
          isSingle: "0",
          widgetNonce: nonce,
        }).toString(),
      });
      expect(report.json()).toEqual({ status: 1 });
    }
    expect((await owner.get(`${ADMIN}/contact-widgets`)).json().widgets.find((widget: { id: number }) => widget.id === id)).toMatchObject({
      views: 1,
      clicks: 1,
    });
    const saved = await owner.request("PATCH", `${ADMIN}/contact-widgets/${id}`, {
      settings: { cta_text: "Counted" },
      version: opened.version,
    });
    expect(saved.statusCode).toBe(200);
  });

  it("deletes with 204, after which the widget is not found", async () => {
    const response = await owner.request("DELETE", `${ADMIN}/contact-widgets/${id}`);
    expect(response.statusCode).toBe(204);
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const gone = await owner.request(method, `${ADMIN}/contact-widgets/${id}`, method === "PATCH" ? {} : undefined);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe("cw_rest_widget_not_found");
    }
    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity_id", "=", String(id))
      .where("action", "=", "delete")
      .executeTakeFirstOrThrow();
    expect(log.after).toBeNull();
    expect(JSON.parse(log.before ?? "{}").identifier).toBe("Blog widget 2");
  });
});

describe("validation", () => {
  const channels25 = Array.from({ length: 26 }, (_, i) => ({ channel_type: "Link", channel: `L${i}`, value: "https://example.com" }));
  it.each([
    ["settings.widget_color", { settings: { widget_color: "red" } }, "must be a colour such as #1d4ed8 (#rgb or #rrggbb)"],
    ["settings.widget_size", { settings: { widget_size: 500 } }, "must be from 24 to 120"],
    ["settings.bottom_spacing", { settings: { bottom_spacing: -1 } }, "must be from 0 to 1000"],
    ["settings.position", { settings: { position: "top" } }, 'must be one of "left", "right", "custom"'],
    ["settings.analytics", { settings: { analytics: "maybe" } }, "must be true or false"],
    ["settings.colour", { settings: { colour: "#fff" } }, "is not a field of a widget"],
    ["settings.custom_css", { settings: { custom_css: "a{}</style><script>alert(1)</script>" } }, "must not contain </style"],
    ["settings.custom_css", { settings: { custom_css: "a{color:red}".repeat(2000) } }, "must be at most 20 KB"],
    [
      "settings.widget_icon_url",
      { settings: { widget_icon_url: "javascript:alert(1)" } },
      'must be an http(s) address or a /media/… path of the shop, or ""',
    ],
    [
      "triggers.time_diff",
      { triggers: { time_diff: "Mars/Olympus_Mons" } },
      'must be an IANA time zone such as Europe/Paris, an offset in hours such as +5.5, or "" for UTC',
    ],
    ["triggers.countries.1", { triggers: { countries: ["US", "ZZ"] } }, "must be an ISO 3166-1 alpha-2 country code such as US"],
    [
      "triggers.date_scheduling_rules.start_date_time",
      { triggers: { date_scheduling_rules: { start_date_time: "2026-02-30 10:00", end_date_time: "" } } },
      "must be a real date and time such as 2026-12-24 18:00",
    ],
    [
      "triggers.day_hours_scheduling_rules.0.days",
      { triggers: { day_hours_scheduling_rules: [{ days: 10, start_hours: 9, start_min: 0, end_hours: 17, end_min: 0 }] } },
      expect.stringMatching(/^must be one of -1, 0, 1/),
    ],
    [
      "allowed_origins.0",
      { allowed_origins: ["https://blog.example.com/path"] },
      "must be an origin such as https://blog.example.com (scheme, host and port only)",
    ],
    [
      "channels.0.value",
      { channels: [{ channel_type: "Email", value: "not-an-address" }] },
      "must be an email address such as hello@example.com",
    ],
    [
      "channels.1.value",
      { channels: [{ channel_type: "Email" }, { channel_type: "Phone", value: "call me" }] },
      "must be a phone number in international form, such as +1 555 010 2030 (3 to 15 digits)",
    ],
    [
      "channels.0.value",
      { channels: [{ channel_type: "Link", value: "javascript:alert(1)" }] },
      "must be an http(s) address such as https://example.com/help",
    ],
    [
      "channels.0.value",
      { channels: [{ channel_type: "Telegram", value: "two words" }] },
      "must be a user name or id (letters, digits, dots, dashes, underscores) or an http(s) address",
    ],
    ["channels.0.channel_type", { channels: [{ channel_type: "ICQ" }] }, expect.stringMatching(/^must be one of "WhatsApp", "WeChat"/)],
    [
      "channels.1.channel",
      {
        channels: [
          { channel_type: "Phone", channel: "Call" },
          { channel_type: "SMS", channel: "Call" },
        ],
      },
      "is already the name of channels.0: each channel needs its own name",
    ],
    ["channels", { channels: channels25 }, "may hold at most 25 entries"],
    [
      "channels.0.custom_image_url",
      { channels: [{ channel_type: "Contact_Us", custom_image_url: "ftp://example.com/a.png" }] },
      'must be an http(s) address or a /media/… path of the shop, or ""',
    ],
    ["channels.0.channel_type", { channels: [{ value: "x" }] }, "is required"],
    ["identifier", { identifier: "" }, "must not be empty"],
    ["id", { id: 7 }, "is set by the shop and cannot be sent: leave it out"],
    ["updated_at", { updated_at: "x".repeat(100_000) }, "is set by the shop and cannot be sent: leave it out"],
  ])("refuses a bad %s, storing nothing", async (path, body, message) => {
    const [widgets, log] = [await count("contact_widgets"), await count("change_log")];
    const response = await owner.post(`${ADMIN}/contact-widgets`, body);
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.code).toBe("rest_invalid_param");
    expect(error.data.details[path]).toEqual({
      code: "rest_invalid_param",
      message: typeof message === "string" ? `${path} ${message}` : expect.anything(),
      data: null,
      additional_errors: [],
    });
    expect(error.data.params[path]).toEqual(typeof message === "string" ? `${path} ${message}` : expect.anything());
    if (typeof message !== "string") expect(error.data.details[path].message.slice(path.length + 1)).toEqual(message);
    const patched = await owner.request("PATCH", `${ADMIN}/contact-widgets/1`, body);
    expect(patched.statusCode).toBe(400);
    expect(Object.keys(patched.json().data.details)).toContain(path);
    expect([await count("contact_widgets"), await count("change_log")]).toEqual([widgets, log]);
  });

  it("refuses a widget sent back as read, naming the fields the shop sets, and changes nothing", async () => {
    const read = (await owner.get(`${ADMIN}/contact-widgets/1`)).json();
    const log = await count("change_log");
    for (const method of ["POST", "PUT"] as const) {
      const response = await owner.request(method, `${ADMIN}/contact-widgets${method === "PUT" ? "/1" : ""}`, {
        ...read,
        identifier: "Renamed",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.params).toEqual({
        id: "id is set by the shop and cannot be sent: leave it out",
        created_at: "created_at is set by the shop and cannot be sent: leave it out",
        updated_at: "updated_at is set by the shop and cannot be sent: leave it out",
      });
    }
    expect((await owner.get(`${ADMIN}/contact-widgets/1`)).json()).toEqual(read);
    expect(await count("change_log")).toBe(log);
    // Without them the same document saves.
    const saved = await owner.request("PUT", `${ADMIN}/contact-widgets/1`, editable(read));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(read.version);
  });

  it("reports every error of a body at once", async () => {
    const response = await owner.post(`${ADMIN}/contact-widgets`, {
      settings: { widget_color: "blue", widget_size: 5 },
      channels: [{ channel_type: "Email", value: { address: 42 } }],
    });
    expect(Object.keys(response.json().data.details).sort()).toEqual(["channels.0.value", "settings.widget_color", "settings.widget_size"]);
  });

  it("answers 404 for a widget id that is not there and 400 for one that cannot be", async () => {
    expect((await owner.get(`${ADMIN}/contact-widgets/999`)).json().code).toBe("cw_rest_widget_not_found");
    expect((await owner.get(`${ADMIN}/contact-widgets/abc`)).statusCode).toBe(400);
  });
});

describe("analytics", () => {
  it("gives every day of the range, zeros included, with totals, channels and devices", async () => {
    await shop.db
      .insertInto("contact_widget_stats")
      .values([
        { widget_id: 1, channel: "", slot: "2026-11-02T12:00", device: "desktop", views: 8, clicks: 2 },
        { widget_id: 1, channel: "", slot: "2026-11-02T12:00", device: "mobile", views: 2, clicks: 1 },
        { widget_id: 1, channel: "WhatsApp", slot: "2026-11-02T12:00", device: "mobile", views: 4, clicks: 1 },
        { widget_id: 1, channel: "", slot: "2026-10-01T12:00", device: "desktop", views: 50, clicks: 5 },
      ])
      .execute();
    const response = await owner.get(`${ADMIN}/contact-widgets/1/analytics?from=2026-11-01&to=2026-11-03`);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-03",
      totals: { views: 10, clicks: 3, ctr: 0.3 },
      days: [
        { day: "2026-11-01", views: 0, clicks: 0 },
        { day: "2026-11-02", views: 10, clicks: 3 },
        { day: "2026-11-03", views: 0, clicks: 0 },
      ],
      devices: { desktop: { views: 8, clicks: 2 }, mobile: { views: 2, clicks: 1 } },
    });
    expect(report.channels[0]).toEqual({ channel: "WhatsApp", channel_type: "WhatsApp", views: 4, clicks: 1, ctr: 0.25 });
    expect(report.channels[1]).toEqual({ channel: "Telegram", channel_type: "Telegram", views: 0, clicks: 0, ctr: 0 });
  });

  it("defaults to the last 30 days and refuses a range over 366 days or backwards", async () => {
    const report = (await owner.get(`${ADMIN}/contact-widgets/1/analytics`)).json();
    expect(report.days).toHaveLength(30);
    expect(report.to).toBe(new Date().toISOString().slice(0, 10));
    const long = await owner.get(`${ADMIN}/contact-widgets/1/analytics?from=2024-01-01&to=2025-06-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().data.details.to.message).toBe("to must be at most 366 days after from");
    const backwards = await owner.get(`${ADMIN}/contact-widgets/1/analytics?from=2026-11-05&to=2026-11-01`);
    expect(backwards.json().data.details.to.message).toBe("to must not be before from");
    expect((await owner.get(`${ADMIN}/contact-widgets/1/analytics?from=yesterday`)).statusCode).toBe(400);
    // An end shaped like a day that is none, with the start left to count back from it (the resilience fuzzer's 500).
    const unreal = await owner.get(`${ADMIN}/contact-widgets/1/analytics?to=4242-69-19`);
    expect([unreal.statusCode, unreal.json().code]).toEqual([400, "rest_invalid_param"]);
    expect(Object.keys(unreal.json().data.details)).toEqual(["to"]);
  });
});
