/**
 * A page of our own for the contact widget's core (decision 0020): the storefront's data block and
 * the built loader from the real server's /widget/, under the storefront's CSP, with a payload made
 * from the shared defaults (H1's rules); the reports to /ajax are caught and kept for the test.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Channel,
  type ChannelKey,
  defaultChannel,
  defaultTriggers,
  defaultWidgetSettings,
  type WidgetPage,
  type WidgetPayload,
  type WidgetSettings,
  type WidgetTriggers,
} from "@cartwright/commerce/contact-widget";
import type { Page } from "@playwright/test";
import { pageContentSecurityPolicy } from "../../apps/server/src/http/csp.ts";

export const HARNESS_PATH = "/widget-harness";

export function loaderFile(): string {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../apps/web/build/widget/manifest.json"), "utf8")) as {
    loader: string;
  };
  return manifest.loader;
}

export function channel(key: ChannelKey, value: string, changes: Partial<Channel> = {}): Channel {
  return { ...defaultChannel(key), value, ...changes };
}

export interface HarnessWidget {
  id?: number;
  settings?: Partial<WidgetSettings>;
  triggers?: Partial<WidgetTriggers>;
  channels: Channel[];
  preview?: boolean;
}

export function widgetPage(widgets: HarnessWidget[], page: Partial<WidgetPage> = {}): WidgetPage {
  return {
    widgets: widgets.map((w, n): WidgetPayload => {
      const { widget_token: _token, ...settings } = { ...defaultWidgetSettings(), ...w.settings };
      return {
        id: w.id ?? n + 1,
        settings,
        triggers: { ...defaultTriggers(), ...w.triggers },
        channels: w.channels.map(({ v2_site_key: _v2, v3_site_key: _v3, ...c }, index) => ({ ...c, index, captcha_site_key: "" })),
        nonce: "harness-nonce",
        ...(w.preview ? { preview: true } : {}),
      };
    }),
    country: "-",
    crawler: false,
    ajaxUrl: "/ajax",
    assetsUrl: "/widget/",
    consent: "not-required",
    ...page,
  };
}

/** The demo-like channels (shared/DEMO.md "Contact widget") that open links. */
export function demoChannels(): Channel[] {
  return [
    channel("WhatsApp", "+1 (555) 010-2030", { has_welcome_message: false, pre_set_message: "Hello, I have a question about {title}" }),
    channel("Telegram", "@cartwright_demo"),
    channel("Phone", "+1 555 010 2040", { hover_text: "Call us" }),
    channel("SMS", "+1 555 010 2040", { is_desktop: false }),
    channel("Email", "hello@example.com", { mail_subject: "Question about {title}" }),
  ];
}

export interface Report {
  action: string;
  fields: URLSearchParams;
}

/**
 * Serves the harness at HARNESS_PATH (the shop's own origin, so /widget/ and /ajax are the real
 * server's paths) and catches the reports; `inline: false` leaves the settings out (added later by the test).
 */
export async function openHarness(page: Page, widgetPageData: WidgetPage | null, options: { query?: string } = {}): Promise<Report[]> {
  const reports: Report[] = [];
  await page.route("**/ajax", async (route) => {
    const fields = new URLSearchParams(route.request().postData() ?? "");
    reports.push({ action: fields.get("action") ?? "", fields });
    await route.fulfill({ json: { status: 1 } });
  });
  const nonce = "harnessnonce";
  const data = widgetPageData ? JSON.stringify(widgetPageData).replace(/</g, "\\u003c") : null;
  await page.route(`**${HARNESS_PATH}*`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      headers: { "content-security-policy": pageContentSecurityPolicy(nonce, { upgradeInsecureRequests: false }) },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harness page</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0"><main><h1 id="heading">Harness page</h1><p style="height:3000px">A long page.</p><a href="#heading">Top</a></main>
${data ? `<script type="application/json" id="contact-widget-page">${data}</script>` : ""}
<script type="module" async src="/widget/${loaderFile()}" nonce="${nonce}"></script></body></html>`,
    }),
  );
  await page.goto(`${HARNESS_PATH}${options.query ?? ""}`);
  return reports;
}
