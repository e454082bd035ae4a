/**
 * The messaging-app popup (spec §2.1): profile, nickname, time stamp and welcome message, then a
 * message input prefilled with the pre-set message; sending opens WhatsApp with what was typed.
 */

import { channelLink, fillMarkers } from "@cartwright/commerce/contact-widget";
import type { EmojiPicker } from "../emoji/picker.ts";
import { el, isOn, svg } from "./dom.ts";
import type { PopupBody, PopupContext, PopupFrame } from "./index.ts";
import { POPUP_MESSAGES as M } from "./messages.ts";

const AVATAR =
  '<svg class="cw-chat__avatar" viewBox="0 0 40 40" aria-hidden="true" focusable="false"><circle cx="20" cy="20" r="20" fill="#cbd5e1"/><circle cx="20" cy="15" r="7" fill="#fff"/><path d="M7 34c2.5-7 7.5-10 13-10s10.5 3 13 10" fill="#fff"/></svg>';
const EMOJI_ICON =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" stroke-width="1.8"/><circle cx="9" cy="10" r="1.3" fill="currentColor"/><circle cx="15" cy="10" r="1.3" fill="currentColor"/><path d="M8 14.5c1 1.6 2.4 2.4 4 2.4s3-.8 4-2.4" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg>';
const SEND_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M3 20.5 21 12 3 3.5v6.6L15 12 3 13.9z" fill="currentColor"/></svg>';

export function render(context: PopupContext, frame: PopupFrame): PopupBody {
  const { channel, pageInfo } = context;
  const now = new Date();
  const avatar = channel.wa_popup_profile.trim()
    ? el("img", { class: "cw-chat__avatar", src: channel.wa_popup_profile.trim(), alt: "" })
    : svg(AVATAR);
  const welcome = fillMarkers(channel.chat_welcome_message, pageInfo);
  const thread = el(
    "div",
    { class: "cw-chat__thread" },
    el(
      "div",
      { class: "cw-chat__card" },
      avatar,
      el(
        "div",
        { class: "cw-chat__bubble" },
        channel.wa_popup_nickname.trim() ? el("p", { class: "cw-chat__nickname" }, channel.wa_popup_nickname.trim()) : null,
        welcome.trim() ? el("p", { class: "cw-chat__welcome" }, welcome) : null,
        el(
          "time",
          { class: "cw-chat__time", datetime: now.toISOString() },
          new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(now),
        ),
      ),
    ),
  );

  const input = el("input", {
    class: "cw-chat__input",
    type: "text",
    "aria-label": M.messageLabel,
    placeholder: channel.input_placeholder,
    autocomplete: "off",
  });
  input.value = fillMarkers(channel.pre_set_message, pageInfo);
  const send = el(
    "button",
    { type: "submit", class: "cw-chat__icon-button cw-chat__send", "aria-label": M.send, title: M.send },
    svg(SEND_ICON),
  );
  const compose = el("form", { class: "cw-chat__compose" });

  let picker: EmojiPicker | null = null;
  let pickerLoading = false;
  const emojiButton = isOn(channel.emoji_picker)
    ? el(
        "button",
        {
          type: "button",
          class: "cw-chat__icon-button",
          "aria-label": M.openEmojiPicker,
          "aria-expanded": "false",
          title: M.openEmojiPicker,
        },
        svg(EMOJI_ICON),
      )
    : null;
  const setExpanded = (open: boolean) => emojiButton?.setAttribute("aria-expanded", String(open));

  const closePicker = (returnFocus: boolean) => {
    if (!picker?.isOpen()) return;
    picker.close();
    setExpanded(false);
    if (returnFocus) emojiButton?.focus();
  };

  emojiButton?.addEventListener("click", async () => {
    if (picker?.isOpen()) return closePicker(false);
    if (pickerLoading) return;
    if (!picker) {
      pickerLoading = true;
      const { createEmojiPicker } = await import("../emoji/picker.ts").finally(() => {
        pickerLoading = false;
      });
      picker = createEmojiPicker({
        root: context.root,
        consent: context.page.consent,
        onPick(emoji) {
          input.value += emoji;
        },
        onEscape: () => closePicker(true),
      });
      frame.body.append(picker.element);
    }
    picker.open();
    setExpanded(true);
  });
  // Spec §2.1: clicking the input again closes the picker.
  input.addEventListener("click", () => closePicker(false));

  compose.append(...(emojiButton ? [emojiButton] : []), input, send);
  compose.addEventListener("submit", (event) => {
    event.preventDefault();
    const message = input.value.trim();
    const link = channelLink(channel, { page: pageInfo, isMobile: context.isMobile, message });
    if (!link) return;
    context.reportClick();
    context.track("contact_widget_message_sent", { channel: channel.channel, channel_type: channel.channel_type });
    context.openLink(link);
  });

  frame.body.append(thread, compose);
  return {
    focusTarget: () => input,
    escape() {
      if (!picker?.isOpen()) return false;
      closePicker(true);
      return true;
    },
    destroy: () => picker?.destroy(),
  };
}
