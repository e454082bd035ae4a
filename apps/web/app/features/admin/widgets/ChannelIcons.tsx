/** A widget's channels as small coloured initials with their names (for the list and the static preview). */
import type { ChannelKey } from "@cartwright/commerce/contact-widget";
import { CHANNEL_LABELS } from "./defaults.ts";

/** Each service's own colour, so the list reads at a glance. */
export const CHANNEL_COLORS: Partial<Record<ChannelKey, string>> = {
  WhatsApp: "#25d366",
  WeChat: "#45dc47",
  Facebook_Messenger: "#0866ff",
  Telegram: "#229ed9",
  Viber: "#7360f2",
  Line: "#06c755",
  X: "#000000",
  Instagram: "#c13584",
  Instagram_DM: "#c13584",
  Skype: "#00aff0",
  Snapchat: "#fffc00",
  VK: "#0077ff",
  LinkedIn: "#0a66c2",
  TikTok: "#010101",
  Waze: "#33ccff",
  Tawk: "#03a84e",
};

/** Initials on a service colour; "Facebook_Messenger" → "FM". */
export function channelInitials(key: ChannelKey): string {
  const words = key.split("_").filter((word) => !/^\d+$/.test(word));
  return words.length > 1
    ? words
        .map((word) => word[0])
        .join("")
        .slice(0, 2)
    : key.slice(0, 2);
}

/** #rgb or #rrggbb as [r, g, b] (0–255); null for anything else. */
function rgb(hex: string): [number, number, number] | null {
  const long = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? /^#([0-9a-f]{3})$/i.exec(hex)?.[1]?.replace(/./g, "$&$&");
  if (!long) return null;
  return [0, 2, 4].map((at) => Number.parseInt(long.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Black or white, whichever reads better on `background` (one of them always reaches 4.5:1). */
export function readableOn(background: string): "#000000" | "#ffffff" {
  const colour = rgb(background);
  if (!colour) return "#ffffff";
  const l = luminance(colour);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

export function ChannelBadge({ type, color }: { type: ChannelKey; color?: string }) {
  const background = color && rgb(color) ? color : CHANNEL_COLORS[type] || "#1d4ed8";
  return (
    <span className="admin-channel-badge" style={{ background, color: readableOn(background) }} aria-hidden="true">
      {channelInitials(type)}
    </span>
  );
}

export function ChannelIcons({ channels }: { channels: ChannelKey[] }) {
  return (
    <ul className="admin-channel-icons">
      {channels.map((type, index) => (
        <li key={`${type}-${index}`} title={CHANNEL_LABELS[type]}>
          <ChannelBadge type={type} />
          <span className="visually-hidden">{CHANNEL_LABELS[type]}</span>
        </li>
      ))}
    </ul>
  );
}
