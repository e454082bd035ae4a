/**
 * The QR-code popup (spec §2.1) for WeChat: the owner's uploaded code, or one drawn here from the
 * channel's link with uqr (SVG, no third party; decision 0021).
 */

import { qrContent } from "@cartwright/commerce/contact-widget";
import { renderSVG } from "uqr";
import { el } from "./dom.ts";
import type { PopupBody, PopupContext, PopupFrame } from "./index.ts";
import { POPUP_MESSAGES as M } from "./messages.ts";

export function render(context: PopupContext, frame: PopupFrame): PopupBody {
  const { channel } = context;
  const alt = M.qrAlt(channel.value.trim().replace(/^@+/, ""));
  const image = channel.qr_code_image_url.trim();
  let code: HTMLElement;
  if (image) {
    code = el("img", { class: "cw-qr__code", src: image, alt });
  } else {
    code = el("div", { class: "cw-qr__code", role: "img", "aria-label": alt });
    // uqr's SVG is built from module data only (rects and colours), never from page text.
    code.innerHTML = renderSVG(qrContent(channel), { ecc: "M", border: 2, pixelSize: 8 });
    code.querySelector("svg")?.setAttribute("aria-hidden", "true");
  }
  const title = channel.wechat_qr_code_title.trim();
  frame.body.append(...(title ? [el("p", { class: "cw-qr__title" }, title)] : []), code);
  // Showing the code is all this channel does here (the visitor scans it): opening it is its click.
  context.reportClick();
  return { focusTarget: () => null, destroy() {} };
}
