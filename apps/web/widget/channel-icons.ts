/**
 * Each channel key's icon and colour, drawn by us on a 24-unit grid in white over the channel's
 * colour (the owner's icon_color, else the service's usual colour); an uploaded custom_image_url wins.
 */
import type { ChannelKey } from "@cartwright/commerce/contact-widget";
import { ICON_SET } from "./icon-set.ts";
import { iconSvg } from "./icons.ts";

const letters = (text: string, size = 11) =>
  iconSvg(
    `<text x="12" y="12" dy=".36em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}">${text}</text>`,
  );
const PLANE = ICON_SET["paper-plane"] as string;
const PHONE = ICON_SET.phone as string;
const COMMENT = ICON_SET.comment as string;
const LINK = iconSvg(
  '<path d="M10.6 13.4a1 1 0 0 1 0-1.4l4-4a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0zM8.5 10.1l1.4 1.4-2.8 2.8a2 2 0 0 0 2.8 2.8l2.8-2.8 1.4 1.4-2.8 2.8a4 4 0 0 1-5.6-5.6zm7 3.8-1.4-1.4 2.8-2.8a2 2 0 0 0-2.8-2.8L11.3 9.7 9.9 8.3l2.8-2.8a4 4 0 0 1 5.6 5.6z"/>',
);

export const CHANNEL_ICONS: Record<ChannelKey, { color: string; markup: string }> = {
  WhatsApp: {
    color: "#25d366",
    markup: iconSvg(`<g transform="translate(3 3) scale(.75)">${PHONE.replace(/^<svg[^>]*>|<\/svg>$/g, "")}</g>`),
  },
  WeChat: {
    color: "#09b83e",
    markup: iconSvg(
      '<path d="M9 3C5 3 2 5.6 2 8.8c0 1.8 1 3.4 2.6 4.5L4 15.5l2.6-1.4c.8.2 1.6.3 2.4.3h.5a5.6 5.6 0 0 1-.2-1.4C9.3 9.7 12.4 7 16.3 7h.5C16 4.7 12.8 3 9 3z"/><path d="M22 13c0-2.7-2.6-4.9-5.8-4.9s-5.8 2.2-5.8 4.9 2.6 4.9 5.8 4.9c.7 0 1.3-.1 1.9-.3l2.1 1.1-.5-1.8c1.4-1 2.3-2.3 2.3-3.9z"/>',
    ),
  },
  Facebook_Messenger: {
    color: "#0866ff",
    markup: iconSvg(
      '<path fill-rule="evenodd" d="M12 2C6.4 2 2 6.1 2 11.7c0 2.9 1.2 5.5 3.3 7.3V22l3-1.6c1.1.3 2.3.5 3.7.5 5.6 0 10-4.1 10-9.7S17.6 2 12 2zm1 12.4-2.5-2.7-5 2.7 5.5-5.8 2.6 2.7 4.9-2.7z"/>',
    ),
  },
  Telegram: { color: "#2aabee", markup: PLANE },
  Viber: { color: "#7360f2", markup: PHONE },
  Line: { color: "#06c755", markup: letters("LINE", 7.5) },
  X: { color: "#000000", markup: letters("X", 13) },
  Instagram: {
    color: "#e1306c",
    markup: iconSvg(
      '<path fill-rule="evenodd" d="M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.3 5.5a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4z"/>',
    ),
  },
  Instagram_DM: { color: "#c13584", markup: PLANE },
  Skype: { color: "#00aff0", markup: letters("S", 13) },
  Snapchat: {
    color: "#fffc00",
    markup: iconSvg(
      '<path fill="#111" d="M12 3c3 0 5 2.2 5 5.2v2.3l1.6-.5.6 1-2.2 1.3c.6 1.8 2 3 4 3.6l-.3 1c-1 .3-1.8.3-2.3.8-.3.4-.2 1-.6 1.2-.7.3-1.8-.4-3 0-1 .3-1.5 1.1-2.8 1.1s-1.8-.8-2.8-1.1c-1.2-.4-2.3.3-3 0-.4-.2-.3-.8-.6-1.2-.5-.5-1.3-.5-2.3-.8l-.3-1c2-.6 3.4-1.8 4-3.6L2.8 11l.6-1 1.6.5V8.2C5 5.2 9 3 12 3z"/>',
    ),
  },
  VK: { color: "#0077ff", markup: letters("VK", 10) },
  LinkedIn: { color: "#0a66c2", markup: letters("in", 13) },
  TikTok: { color: "#000000", markup: iconSvg('<path d="M14 2h3a5 5 0 0 0 4 4v3a8 8 0 0 1-4-1.2V15a6 6 0 1 1-6-6v3a3 3 0 1 0 3 3z"/>') },
  Waze: {
    color: "#33ccff",
    markup: iconSvg(
      '<path fill-rule="evenodd" d="M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"/>',
    ),
  },
  Tawk: { color: "#03a84e", markup: ICON_SET["comment-dots"] as string },
  Email: { color: "#ff485f", markup: ICON_SET.envelope as string },
  SMS: { color: "#ff549c", markup: COMMENT },
  Phone: { color: "#03e78b", markup: PHONE },
  Contact_Us: { color: "#253974", markup: ICON_SET.envelope as string },
  Link: { color: "#1e88e5", markup: LINK },
  Custom_Link: { color: "#1e88e5", markup: LINK },
  Custom_Link_3: { color: "#1e88e5", markup: LINK },
  Custom_Link_4: { color: "#1e88e5", markup: LINK },
  Custom_Link_5: { color: "#1e88e5", markup: LINK },
};
