/**
 * The browser test's page script (e2e/contact-widget-popups.spec.ts): draws one popup into a
 * shadow root as the widget core would, and records what the popup asks of the core.
 * Bundled by the test itself; never part of the shop's widget build.
 */
import type { PageChannel } from "@cartwright/commerce/contact-widget";
import { openPopup, type Popup, type PopupContext } from "./index.ts";
import { channel, page, widget } from "./test-fixtures.ts";

interface Call {
  type: "openLink" | "reportClick" | "close" | "track" | "coreEscape";
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
// The core closes the whole widget on an Escape that reaches it; a popup that handles one stops it.
root.addEventListener("keydown", (event) => {
  if ((event as KeyboardEvent).key === "Escape") calls.push({ type: "coreEscape" });
});
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
    const popup = openPopup(context);
    current = popup;
    root.append(popup.element);
    // As the core does (spec §4.1): focus moves in 100 ms after the popup opens.
    setTimeout(() => popup.focusFirst(), 100);
  },
};
