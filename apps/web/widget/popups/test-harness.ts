/**
 * The browser test's page script (e2e/contact-widget-popups.spec.ts): draws one popup into a
 * shadow root as the widget core would, and records what the popup asks of the core.
 * Bundled by the test itself; never part of the shop's widget build.
 */
import type { PageChannel } from "@cartwright/commerce/contact-widget";
import { openPopup, type Popup, type PopupContext } from "./index.ts";
import { channel, page, widget } from "./test-fixtures.ts";

interface Call {
  type: "openLink" | "reportClick" | "close" | "track";
  detail?: unknown;
}

declare global {
  interface Window {
    cwTest: {
      calls: Call[];
      open(partial: Partial<PageChannel> & Pick<PageChannel, "channel_type">, isMobile?: boolean): void;
    };
  }
}

const host = document.createElement("div");
host.className = "widget-host";
document.body.append(host);
const root = host.attachShadow({ mode: "open" });
const calls: Call[] = [];
let current: Popup | null = null;

window.cwTest = {
  calls,
  open(partial, isMobile = false) {
    current?.destroy();
    const pageChannel = channel(partial);
    const payload = widget([pageChannel]);
    const context: PopupContext = {
      page: page([payload], `${location.origin}/ajax`),
      widget: payload,
      channel: payload.channels[0]!,
      isMobile,
      pageInfo: { title: document.title, url: location.href },
      root,
      openLink: (link) => calls.push({ type: "openLink", detail: link }),
      reportClick: () => calls.push({ type: "reportClick" }),
      close() {
        calls.push({ type: "close" });
        current?.destroy();
        current = null;
      },
      track: (event, detail) => calls.push({ type: "track", detail: { event, ...detail } }),
    };
    current = openPopup(context);
    root.append(current.element);
  },
};
