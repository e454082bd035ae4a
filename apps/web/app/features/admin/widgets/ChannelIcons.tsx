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

export function ChannelBadge({ type, color }: { type: ChannelKey; color?: string }) {
  const background = color || CHANNEL_COLORS[type] || "#1d4ed8";
  const dark = background === "#fffc00" || background === "#33ccff" || background === "#45dc47" || background === "#25d366";
  return (
    <span className="admin-channel-badge" style={{ background, color: dark ? "#111" : "#fff" }} aria-hidden="true">
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
