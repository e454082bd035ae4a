/**
 * The channels' names, in a module of their own: a page that only names channels (the console's analytics)
 * takes these, not every default a new widget starts with.
 */
import type { ChannelKey } from "./types.ts";

/** The services' names as owners and visitors know them. */
export const CHANNEL_LABELS: Record<ChannelKey, string> = {
  WhatsApp: "WhatsApp",
  WeChat: "WeChat",
  Facebook_Messenger: "Facebook Messenger",
  Telegram: "Telegram",
  Viber: "Viber",
  Line: "LINE",
  X: "X (Twitter)",
  Instagram: "Instagram",
  Instagram_DM: "Instagram Direct",
  Skype: "Skype (legacy)",
  Snapchat: "Snapchat",
  VK: "VK",
  LinkedIn: "LinkedIn",
  TikTok: "TikTok",
  Waze: "Waze",
  Tawk: "Live chat",
  Email: "Email",
  SMS: "SMS",
  Phone: "Phone",
  Contact_Us: "Contact us",
  Link: "Link",
  Custom_Link: "Custom link",
  Custom_Link_3: "Custom link 3",
  Custom_Link_4: "Custom link 4",
  Custom_Link_5: "Custom link 5",
};
