/**
 * The live-chat hand-off (spec §2.1): opens the third-party chat already on the page through its
 * own API. With tawk_position "inside-contact" its launcher stays hidden, so the widget is the way in.
 * No chat on the page (or not ready within a few seconds): a clear message, other channels one click away.
 */
import { el } from "./dom.ts";
import type { PopupBody, PopupContext, PopupFrame } from "./index.ts";
import { POPUP_MESSAGES as M } from "./messages.ts";

interface LiveChatApis {
  Tawk_API?: { maximize?(): void; showWidget?(): void; hideWidget?(): void; onChatMinimized?: () => void };
  $chatwoot?: { toggle?(state?: "open" | "close"): void; toggleBubbleVisibility?(state: "show" | "hide"): void };
  $crisp?: { push(command: unknown[]): void; is?(what: string): boolean };
  tidioChatApi?: { open?(): void; show?(): void; hide?(): void; on?(event: string, callback: () => void): void };
}

/** Opens the first live chat found; false when none is ready. */
export function openLiveChat(apis: LiveChatApis, inside: boolean): boolean {
  const tawk = apis.Tawk_API;
  if (typeof tawk?.maximize === "function") {
    if (inside) tawk.onChatMinimized = () => tawk.hideWidget?.();
    tawk.showWidget?.();
    tawk.maximize();
    return true;
  }
  if (typeof apis.$chatwoot?.toggle === "function") {
    apis.$chatwoot.toggle("open");
    return true;
  }
  // Crisp queues commands in an array before its script runs; is() exists once it has.
  if (typeof apis.$crisp?.is === "function") {
    if (inside) apis.$crisp.push(["on", "chat:closed", () => apis.$crisp?.push(["do", "chat:hide"])]);
    apis.$crisp.push(["do", "chat:show"]);
    apis.$crisp.push(["do", "chat:open"]);
    return true;
  }
  if (typeof apis.tidioChatApi?.open === "function") {
    apis.tidioChatApi.show?.();
    apis.tidioChatApi.open();
    return true;
  }
  return false;
}

const WAIT_MS = 3000;
const POLL_MS = 250;

export function render(context: PopupContext, frame: PopupFrame): PopupBody {
  const inside = context.channel.tawk_position !== "above-contact";
  const status = el("p", { class: "cw-popup__status", role: "status" }, M.liveChatOpening);
  frame.body.append(status);
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const attempt = () => {
    if (openLiveChat(window as unknown as LiveChatApis, inside)) {
      status.textContent = M.liveChatOpened;
      context.reportClick();
      context.track("contact_widget_channel_click", { channel: context.channel.channel, channel_type: context.channel.channel_type });
      return;
    }
    if (Date.now() - started < WAIT_MS) {
      timer = setTimeout(attempt, POLL_MS);
      return;
    }
    const back = el("button", { type: "button", class: "cw-button" }, M.otherChannels);
    back.addEventListener("click", frame.close);
    status.textContent = M.liveChatUnavailable;
    frame.body.append(el("div", { class: "cw-live-chat__actions" }, back));
    if (frame.dialog.contains(context.root.activeElement)) back.focus();
  };
  attempt();
  return { focusTarget: () => frame.body.querySelector("button"), destroy: () => clearTimeout(timer) };
}
