/**
 * The widget's reports as a visitor's browser sends them (spec §4.2, §7): what goes out on show,
 * on the first click and on a channel's click, remembered in the browser's localStorage.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { channel, page, widget } from "./popups/test-fixtures.ts";
import { reporter } from "./reports.ts";
import type { WidgetView } from "./view.ts";

const DAY_MS = 86_400_000;
const START = new Date("2026-12-01T09:00:00Z").getTime();

interface Sent {
  action: string;
  channels: string[];
  fields: URLSearchParams;
}

/** A visitor's browser: one localStorage and cookie jar across its page loads, every beacon it sends. */
function visitorBrowser(cookie = "") {
  const storage = new Map<string, string>();
  const sent: Sent[] = [];
  const win = {
    document: { cookie },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    navigator: {
      sendBeacon(_url: string, body: URLSearchParams) {
        sent.push({ action: body.get("action") ?? "", channels: body.getAll("channels[]"), fields: body });
        return true;
      },
    },
  } as unknown as Window;
  return { win, sent, storage };
}

/** One page load of a widget with these channels (single when there is one). */
function pageLoad(win: Window, channels: string[], consent: "required" | "not-required" = "not-required", analytics = true) {
  const payload = widget(channels.map((key) => channel({ channel_type: key as "Phone", value: "555" })));
  payload.settings = { analytics, is_google_analytics_enabled: false } as typeof payload.settings;
  const view = {
    page: { ...page([payload]), consent },
    widget: payload,
    channels: payload.channels,
    isMobile: false,
    single: channels.length === 1,
  };
  return reporter(win, view as unknown as WidgetView);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a single-channel widget", () => {
  it("reports one visit with one click as one view and one click of the widget and of its channel", () => {
    const { win, sent } = visitorBrowser();
    const reports = pageLoad(win, ["Phone"]);
    reports.widgetShown(false);
    reports.channelsSeen();
    reports.widgetClicked();
    reports.channelClicked("Phone");
    expect(sent.map((report) => [report.action, report.channels])).toEqual([
      ["update_contact_widget_views", ["Phone"]],
      ["update_contact_channel_views", ["Phone"]],
      ["update_contact_widget_click", ["Phone"]],
      ["update_contact_channel_click", []],
    ]);
    expect(sent[0]?.fields.get("isSingle")).toBe("1");
    expect(sent[2]?.fields.get("isSingle")).toBe("1");
    expect(sent[3]?.fields.get("channel")).toBe("Phone");
  });

  it("counts its channel's view again 2 days after the view, however late the first click came", () => {
    const { win, sent } = visitorBrowser();
    const first = pageLoad(win, ["Phone"]);
    first.widgetShown(false);
    first.channelsSeen();
    // A day and a half later the visitor comes back and clicks for the first time.
    vi.setSystemTime(START + 1.5 * DAY_MS);
    const second = pageLoad(win, ["Phone"]);
    second.widgetShown(false);
    second.channelsSeen();
    second.widgetClicked();
    vi.setSystemTime(START + 2 * DAY_MS);
    const third = pageLoad(win, ["Phone"]);
    third.widgetShown(false);
    third.channelsSeen();
    expect(sent.map((report) => report.action)).toEqual([
      "update_contact_widget_views",
      "update_contact_channel_views",
      "update_contact_widget_click",
      "update_contact_widget_views",
      "update_contact_channel_views",
    ]);
  });
});

describe("a widget without analytics", () => {
  it("sends nothing, yet remembers the first click, which keeps first_click's tooltip aside on the next pages", () => {
    const { win, sent, storage } = visitorBrowser();
    const reports = pageLoad(win, ["Phone", "Email"], "not-required", false);
    reports.widgetShown(false);
    reports.widgetClicked();
    reports.channelClicked("Phone");
    expect(sent).toEqual([]);
    expect(JSON.parse(storage.get("contactWidget_1") ?? "[]")).toEqual([{ k: "c-widget", v: START }]);
  });
});

describe("a widget with a list", () => {
  it("reports the channels not yet seen with the first click, and the rest when the list shows", () => {
    const { win, sent } = visitorBrowser();
    const reports = pageLoad(win, ["Phone", "Email"]);
    reports.widgetShown(false);
    reports.widgetClicked();
    reports.channelsSeen();
    expect(sent.map((report) => [report.action, report.channels, report.fields.get("isSingle")])).toEqual([
      ["update_contact_widget_views", ["Phone", "Email"], "0"],
      ["update_contact_widget_click", ["Phone", "Email"], "0"],
    ]);
  });
});

describe("the visitor's consent (decision 0020's amendment)", () => {
  const showAndClick = (reports: ReturnType<typeof pageLoad>) => {
    reports.widgetShown(false);
    reports.widgetClicked();
    reports.channelsSeen();
    reports.channelClicked("Phone");
  };
  const actions = (sent: Sent[]) => sent.map((report) => report.action);
  const onePage = ["update_contact_widget_views", "update_contact_widget_click", "update_contact_channel_click"];

  it("without consent, remembers for the page only: each page load counts once, and nothing is stored", () => {
    const { win, sent, storage } = visitorBrowser();
    const first = pageLoad(win, ["Phone", "Email"], "required");
    showAndClick(first);
    showAndClick(first);
    showAndClick(pageLoad(win, ["Phone", "Email"], "required"));
    expect(actions(sent)).toEqual([...onePage, ...onePage]);
    expect(storage.size).toBe(0);
  });

  it("a visitor who declined is remembered for the page only, where the shop needs no consent", () => {
    const { win, sent, storage } = visitorBrowser("cw_consent_marketing=deny");
    showAndClick(pageLoad(win, ["Phone", "Email"]));
    showAndClick(pageLoad(win, ["Phone", "Email"]));
    expect(actions(sent)).toEqual([...onePage, ...onePage]);
    expect(storage.size).toBe(0);
  });

  it("a consent given on the page is used at once: what follows is stored, and the next page load counts nothing again", () => {
    const { win, sent, storage } = visitorBrowser();
    const reports = pageLoad(win, ["Phone", "Email"], "required");
    reports.widgetShown(false);
    win.document.cookie = "cw_consent_marketing=allow";
    reports.widgetClicked();
    expect(JSON.parse(storage.get("contactWidget_1") ?? "[]").map((entry: { k: string }) => entry.k)).toEqual([
      "v-widget",
      "c-widget",
      "v-Phone",
      "v-Email",
    ]);
    showAndClick(pageLoad(win, ["Phone", "Email"], "required"));
    expect(actions(sent)).toEqual(onePage);
  });
});
