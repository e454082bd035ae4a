/**
 * Each channel's link (reference B3 deep-link formats), its value's normal form (spec §5.2), the
 * {title}/{url} markers and whether a channel is shown (§5.1). Small and table-free: the widget's
 * loader bundles it.
 */
import type { AgentData, Channel, ChannelKey } from "./types.ts";

/** Where a channel's button goes; `newTab` for web pages, never for app schemes (tel:, viber:…). */
export interface ChannelLink {
  href: string;
  newTab: boolean;
}

export interface PageInfo {
  title: string;
  url: string;
}

/** The channel fields a link is built from. */
export type LinkableChannel = Pick<
  Channel,
  "channel_type" | "value" | "pre_set_message" | "is_use_web_version" | "mail_subject" | "viber_url" | "link_type"
>;

export interface LinkOptions {
  page: PageInfo;
  isMobile: boolean;
  /** What the visitor typed (the messaging-app popup); replaces the pre-set message. */
  message?: string;
}

/** Values that are phone numbers: only their digits count. */
const NUMBER_CHANNELS: readonly string[] = ["WhatsApp", "Viber", "Phone", "SMS"];
/** Values that are a handle on a service ("@name"). */
const HANDLE_CHANNELS: readonly string[] = [
  "Telegram",
  "Facebook_Messenger",
  "Line",
  "X",
  "Instagram",
  "Instagram_DM",
  "Skype",
  "Snapchat",
  "VK",
  "LinkedIn",
  "TikTok",
  "WeChat",
];

const WEB_URL = /^https?:\/\/[^\s/?#]+\.[^\s]*$/i;

function isWebUrl(value: string): boolean {
  return WEB_URL.test(value);
}

/**
 * Spec §5.2: numbers lose a leading or trailing "+", spaces, "-" and "_" (and brackets and dots,
 * which owners also type: "+1 (555) 010-2030"); handles lose a leading or trailing "@". A web
 * address the owner pasted instead stays as typed.
 */
export function normaliseChannelValue(key: ChannelKey | string, value: string): string {
  const text = (value ?? "").trim();
  if (isWebUrl(text)) return text;
  if (NUMBER_CHANNELS.includes(key)) return text.replace(/^\++|\++$/g, "").replace(/[\s\-_().]/g, "");
  if (HANDLE_CHANNELS.includes(key)) return text.replace(/^@+|@+$/g, "").trim();
  return text;
}

/** Spec §5.2: {title} and {url} become the current page's title and address (not encoded). */
export function fillMarkers(text: string, page: PageInfo): string {
  return (text ?? "").replace(/\{title\}/g, page.title).replace(/\{url\}/g, page.url);
}

/** Links the owner types (Link, Custom_Link…, viber_url) may only be web pages, e-mail or phone. */
export function isSafeLink(href: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[^\s]+)$/i.test(href.trim());
}

const web = (href: string): ChannelLink => ({ href, newTab: true });
const app = (href: string): ChannelLink => ({ href, newTab: false });
const enc = encodeURIComponent;
/** Query text: encodeURIComponent already writes spaces as %20, never "+". */
const query = (name: string, text: string) => (text ? `${name}=${enc(text)}` : "");

/** The message a link carries: what the visitor typed, else the pre-set one, markers filled. */
function messageText(channel: LinkableChannel, options: LinkOptions): string {
  return fillMarkers(options.message ?? channel.pre_set_message ?? "", options.page).trim();
}

/** The digits of a number value, or "" when it has none. */
function digits(value: string): string {
  return /^\d+$/.test(value) ? value : "";
}

/**
 * The link a channel's button opens; null when the channel only opens a popup (Contact_Us, Tawk,
 * WeChat without a value) or its value cannot make a safe link.
 */
export function channelLink(channel: LinkableChannel, options: LinkOptions): ChannelLink | null {
  const key = channel.channel_type;
  const raw = (channel.value ?? "").trim();
  const value = normaliseChannelValue(key, raw);
  const text = messageText(channel, options);

  switch (key) {
    case "Contact_Us":
    case "Tawk":
      return null;
    case "Link":
    case "Custom_Link":
    case "Custom_Link_3":
    case "Custom_Link_4":
    case "Custom_Link_5":
      if (!isSafeLink(raw)) return null;
      return /^https?:/i.test(raw) ? web(raw) : app(raw);
    case "Viber": {
      const viberUrl = (channel.viber_url ?? "").trim();
      if (viberUrl)
        return /^(viber:\/\/|https?:\/\/)[^\s]+$/i.test(viberUrl) ? (/^https?:/i.test(viberUrl) ? web(viberUrl) : app(viberUrl)) : null;
      return digits(value) ? app(`viber://chat?number=%2B${value}`) : null;
    }
  }

  if (!value) return null;
  // A service address the owner pasted whole (a group invite, a page) is used as it is.
  if (isWebUrl(value)) return web(value);

  switch (key) {
    case "WhatsApp": {
      if (!digits(value)) return null;
      if (channel.is_use_web_version && !options.isMobile) {
        return web(`https://web.whatsapp.com/send?phone=${value}${text ? `&${query("text", text)}` : ""}`);
      }
      return web(`https://wa.me/${value}${text ? `?${query("text", text)}` : ""}`);
    }
    case "Phone":
    case "SMS": {
      if (!digits(value)) return null;
      // A number typed with its country code keeps its "+"; a local one stays local.
      const number = raw.startsWith("+") ? `+${value}` : value;
      if (key === "Phone") return app(`tel:${number}`);
      return app(`sms:${number}${text ? `?${query("body", text)}` : ""}`);
    }
    case "Email": {
      if (!/^[^\s@?&#/:]+@[^\s@?&#/:]+\.[^\s@?&#/:]+$/.test(value)) return null;
      const subject = fillMarkers(channel.mail_subject ?? "", options.page).trim();
      const params = [query("subject", subject), query("body", text)].filter(Boolean);
      return app(`mailto:${value}${params.length ? `?${params.join("&")}` : ""}`);
    }
    case "Telegram":
      // A phone number reaches the account by number; anything else is a username.
      if (/^\+?[\d\s\-()]+$/.test(raw) && /\d/.test(raw)) return web(`https://t.me/+${raw.replace(/\D/g, "")}`);
      return web(`https://t.me/${enc(value)}`);
    case "Facebook_Messenger":
      return web(`https://m.me/${enc(value)}`);
    case "Line":
      // Official accounts are "@id" (encoded as %40id); personal ids are added with "~id".
      return web(`https://line.me/R/ti/p/${value.startsWith("~") ? `~${enc(value.slice(1))}` : `%40${enc(value)}`}`);
    case "X":
      return web(`https://x.com/${enc(value)}`);
    case "Instagram":
      return web(`https://www.instagram.com/${enc(value)}`);
    case "Instagram_DM":
      return web(`https://ig.me/m/${enc(value)}`);
    case "Skype":
      return app(`skype:${enc(value)}?chat`);
    case "Snapchat":
      return web(`https://www.snapchat.com/add/${enc(value)}`);
    case "VK":
      return web(`https://vk.me/${enc(value)}`);
    case "LinkedIn":
      return web(`https://www.linkedin.com/${channel.link_type === "company" ? "company" : "in"}/${enc(value)}`);
    case "TikTok":
      return web(`https://www.tiktok.com/@${enc(value)}`);
    case "Waze": {
      const point = /^(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(value);
      return point ? web(`https://waze.com/ul?ll=${point[1]},${point[2]}&navigate=yes`) : null;
    }
    case "WeChat":
      return app(`weixin://dl/chat?${enc(value)}`);
  }
  return null;
}

/** An agent's link: the agent's own value, message and options on its channel's service. */
export function agentLink(channel: LinkableChannel, agent: AgentData, options: LinkOptions): ChannelLink | null {
  return channelLink(
    {
      ...channel,
      value: agent.value,
      pre_set_message: agent.pre_set_message || channel.pre_set_message,
      is_use_web_version: agent.use_whatsapp_web,
      link_type: agent.link_type,
    },
    options,
  );
}

/** Whether the channel shows its agent list on this device. */
export function usesAgents(channel: Pick<Channel, "is_agent" | "is_agent_desktop" | "is_agent_mobile">, isMobile: boolean): boolean {
  return channel.is_agent && (isMobile ? channel.is_agent_mobile : channel.is_agent_desktop);
}

/**
 * Spec §5.1: on for the visitor's device and with a value (Contact_Us and the live chat need none);
 * a channel listing agents needs one agent with a value.
 */
export function channelVisible(
  channel: Pick<
    Channel,
    "channel_type" | "value" | "is_desktop" | "is_mobile" | "is_agent" | "is_agent_desktop" | "is_agent_mobile" | "agent_data"
  >,
  isMobile: boolean,
): boolean {
  if (!(isMobile ? channel.is_mobile : channel.is_desktop)) return false;
  if (usesAgents(channel, isMobile)) return channel.agent_data.some((agent) => (agent.value ?? "").trim() !== "");
  if (channel.channel_type === "Contact_Us" || channel.channel_type === "Tawk") return true;
  return normaliseChannelValue(channel.channel_type, channel.value) !== "";
}

/**
 * What a channel's QR code encodes: WeChat's chat link (or the WeChat address pasted), else the
 * link a phone would open.
 */
export function qrContent(channel: LinkableChannel): string {
  const link = channelLink(channel, { page: { title: "", url: "" }, isMobile: true });
  return link?.href ?? "";
}
