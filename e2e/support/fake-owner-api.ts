/**
 * A stand-in for the owner API (`/api/admin/v1/…`) inside the browser, for running the console's
 * journey before the server's owner API exists on the branch: CW_E2E_FAKE_OWNER_API=1 turns it on.
 * It keeps widgets and messages in memory, answers the contract's shapes, and refuses a colour that
 * is not #rgb/#rrggbb as the server does (rest_invalid_param, data.details by path). Never used
 * against a server that has the owner API.
 */
import type { Page, Route } from "@playwright/test";

export const fakeOwnerApi = process.env.CW_E2E_FAKE_OWNER_API === "1";

type Json = Record<string, unknown>;

function seedWidget(id: number, identifier: string, channels: Json[]): Json {
  return {
    id,
    identifier,
    active: true,
    allowed_origins: [],
    settings: {
      widget_token: "tok",
      cta_type: "simple-view",
      cta_head: "",
      cta_body: "",
      cta_text: "Need help? Contact us",
      show_cta: "first_click",
      close_text: "Hide",
      position: "right",
      custom_position: "right",
      icon_view: "vertical",
      widget_icon: "chat-base",
      widget_icon_url: "",
      widget_fa_icon: "",
      widget_color: "#1d4ed8",
      widget_icon_color: "#ffffff",
      widget_size: 54,
      default_state: "click",
      show_close_button: true,
      bg_blur_effect: false,
      is_pending_mesg_enabled: false,
      pending_mesg_count: 1,
      pending_mesg_count_bgcolor: "#dd0000",
      pending_mesg_count_color: "#ffffff",
      attention_effect: "none",
      is_google_analytics_enabled: false,
      has_custom_css: false,
      custom_css: "",
      font_family: "System Stack",
      bottom_spacing: 25,
      side_spacing: 25,
      cta_bg_color: "#ffffff",
      cta_text_color: "#333333",
      cta_head_bg_color: "#1d4ed8",
      cta_head_text_color: "#ffffff",
      analytics: true,
    },
    triggers: {
      has_countries: false,
      countries: [],
      has_date_scheduling_rules: false,
      date_scheduling_rules: { start_date_time: "", end_date_time: "" },
      time_diff: "",
      has_day_hours_scheduling_rules: false,
      day_hours_scheduling_rules: [],
      day_time_diff: "",
      auto_hide_widget: false,
      hide_after: 0,
      exit_intent: false,
      has_time_delay: false,
      time_delay: 0,
      has_display_after_page_scroll: false,
      display_after_page_scroll: 0,
    },
    channels,
    created_at: "2026-11-24T00:00:00Z",
    updated_at: "2026-11-24T00:00:00Z",
  };
}

const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The Store API's rest_invalid_param shape: params path → message, details path → {code, message, data}, each message led by its path. */
function invalid(errors: Record<string, string>) {
  const params = Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, `${path} ${message}`]));
  const details = Object.fromEntries(
    Object.entries(params).map(([path, message]) => [path, { code: "rest_invalid_param", message, data: null }]),
  );
  return {
    code: "rest_invalid_param",
    message: `Invalid parameter(s): ${Object.keys(errors).join(", ")}`,
    data: { status: 400, params, details },
  };
}

function invalidColours(body: Json): Record<string, string> {
  const details: Record<string, string> = {};
  const settings = (body.settings ?? {}) as Json;
  for (const [key, value] of Object.entries(settings))
    if (key.endsWith("color") && typeof value === "string" && !COLOR.test(value))
      details[`settings.${key}`] = "must be a colour like #1d4ed8";
  return details;
}

export interface FakeOwnerApi {
  /** Adds a message as a visitor's contact form would (the real journey writes the row into the database). */
  addMessage(message: SeedMessage): void;
}

export interface SeedMessage {
  name: string;
  email: string;
  message: string;
  customFields: { slug: string; label: string; type: string; value: string }[];
  file: { field: string; name: string; type: string; bytes: Buffer };
  refUrl: string;
  pageTitle: string;
}

export async function installFakeOwnerApi(page: Page): Promise<FakeOwnerApi> {
  let nextId = 2;
  const widgets = new Map<number, Json>([[1, seedWidget(1, "Help widget", [])]]);
  const messages: {
    id: number;
    widget_id: number;
    channel_index: number;
    name: string;
    email: string;
    phone: string;
    message: string;
    custom_fields: SeedMessage["customFields"];
    files: { id: number; field: string; file_name: string; content_type: string; size: number; url: string }[];
    created_at: string;
    read: boolean;
    ref_url: string;
    page_title: string;
  }[] = [];
  const reply = (route: Route, status: number, body?: unknown) =>
    route.fulfill({
      status,
      contentType: "application/json",
      body: body === undefined ? "" : JSON.stringify(body),
    });
  const notFound = (route: Route, code: string) => reply(route, 404, { code, message: "Not found.", data: { status: 404 } });

  await page.route("**/api/admin/v1/**", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.replace("/api/admin/v1", "");
    const method = request.method();
    const body = (request.postDataJSON() ?? {}) as Json;
    let match = /^\/contact-widgets\/?$/.exec(path);
    if (match && method === "GET") {
      const list = [...widgets.values()].map((w) => ({
        id: w.id,
        identifier: w.identifier,
        active: w.active,
        channels: (w.channels as Json[]).map((c) => c.channel_type),
        views: 120,
        clicks: 9,
        updated_at: w.updated_at,
      }));
      return reply(route, 200, { widgets: list });
    }
    if (match && method === "POST") {
      const details = invalidColours(body);
      if (Object.keys(details).length) return reply(route, 400, invalid(details));
      const id = nextId++;
      const widget = { ...seedWidget(id, "", []), ...body, id };
      widgets.set(id, widget);
      return reply(route, 201, widget);
    }
    match = /^\/contact-widgets\/(\d+)$/.exec(path);
    if (match) {
      const id = Number(match[1]);
      const widget = widgets.get(id);
      if (!widget) return notFound(route, "cw_rest_widget_not_found");
      if (method === "GET") return reply(route, 200, widget);
      if (method === "DELETE") {
        widgets.delete(id);
        return reply(route, 204);
      }
      const details = invalidColours(body);
      if (Object.keys(details).length) return reply(route, 400, invalid(details));
      const next: Json = { ...widget, ...body, id };
      if (method === "PATCH" && body.settings) next.settings = { ...(widget.settings as Json), ...(body.settings as Json) };
      widgets.set(id, next);
      return reply(route, 200, next);
    }
    match = /^\/contact-widgets\/(\d+)\/analytics$/.exec(path);
    if (match && method === "GET") {
      const from = url.searchParams.get("from") ?? "2026-11-01";
      const to = url.searchParams.get("to") ?? "2026-11-30";
      const days = [];
      for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
        days.push({ day: new Date(d).toISOString().slice(0, 10), views: (d / 86_400_000) % 7, clicks: (d / 86_400_000) % 2 });
      const views = days.reduce((s, d) => s + d.views, 0);
      const clicks = days.reduce((s, d) => s + d.clicks, 0);
      return reply(route, 200, {
        from,
        to,
        totals: { views, clicks, ctr: views ? clicks / views : 0 },
        days,
        channels: [{ channel: "WhatsApp", channel_type: "WhatsApp", views, clicks, ctr: views ? clicks / views : 0 }],
        devices: { desktop: { views, clicks }, mobile: { views: 0, clicks: 0 } },
      });
    }
    if (/^\/contact-messages\/?$/.test(path)) {
      const search = (url.searchParams.get("search") ?? "").toLowerCase();
      const list = messages
        .filter((m) => !search || JSON.stringify(m).toLowerCase().includes(search))
        .filter((m) => url.searchParams.get("unread") !== "true" || !m.read)
        .map(({ message, custom_fields: _c, files, ref_url: _r, page_title: _p, ...m }) => ({
          ...m,
          excerpt: message.slice(0, 80),
          files: files.length,
        }));
      return reply(route, 200, { messages: list, total: list.length, page: 1, pages: 1 });
    }
    match = /^\/contact-messages\/(\d+)\/files\/(\d+)$/.exec(path);
    if (match && method === "GET") {
      const message = messages.find((m) => m.id === Number(match?.[1]));
      if (!message) return notFound(route, "cw_rest_message_not_found");
      return route.fulfill({
        status: 200,
        contentType: "application/octet-stream",
        headers: { "content-disposition": `attachment; filename="message-${message.id}-1.pdf"`, "x-content-type-options": "nosniff" },
        body: "%PDF-1.4 fake",
      });
    }
    match = /^\/contact-messages\/(\d+)$/.exec(path);
    if (match) {
      const index = messages.findIndex((m) => m.id === Number(match?.[1]));
      const message = messages[index];
      if (!message) return notFound(route, "cw_rest_message_not_found");
      if (method === "GET") {
        message.read = true;
        return reply(route, 200, message);
      }
      if (method === "PATCH") {
        message.read = Boolean(body.read);
        return reply(route, 200, message);
      }
      if (method === "DELETE") {
        messages.splice(index, 1);
        return reply(route, 204);
      }
    }
    return notFound(route, "rest_no_route");
  });
  return {
    addMessage(seed) {
      const id = messages.length ? Math.max(...messages.map((m) => m.id)) + 1 : 1;
      const url = `/api/admin/v1/contact-messages/${id}/files/1`;
      messages.unshift({
        id,
        widget_id: 1,
        channel_index: 7,
        name: seed.name,
        email: seed.email,
        phone: "",
        message: seed.message,
        custom_fields: seed.customFields,
        files: [
          { id: 1, field: seed.file.field, file_name: seed.file.name, content_type: seed.file.type, size: seed.file.bytes.length, url },
        ],
        created_at: new Date().toISOString(),
        read: false,
        ref_url: seed.refUrl,
        page_title: seed.pageTitle,
      });
    },
  };
}
