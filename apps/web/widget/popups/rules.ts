/**
 * The shared rules the popups use, in the signatures of the issue 16 contract (H1's
 * `@cartwright/commerce/contact-widget`: channels.ts and contact-form.ts).
 *
 * STAND-IN: those files were being written beside this branch, so this module carries small
 * versions of them with the same signatures. When both branches meet, replace this whole file with
 *   export { channelLink, checkContactForm, CONTACT_FILE_EXTENSIONS, fillMarkers, qrContent, suggestEmail }
 *     from "@cartwright/commerce/contact-widget";
 *   export type { ChannelLink } from "@cartwright/commerce/contact-widget";
 * (the popups import only from here, so nothing else changes). Checked on 2026-11-25: with H1's
 * cw16-rules files in place of this stand-in, the popups' unit tests (24) and browser test (17) pass.
 */
import type { Channel, ContactField } from "@cartwright/commerce/contact-widget";

export interface ChannelLink {
  href: string;
  newTab: boolean;
}

export interface PageInfo {
  title: string;
  url: string;
}

export function fillMarkers(text: string, page: PageInfo): string {
  return text.replaceAll("{title}", page.title).replaceAll("{url}", page.url);
}

const digits = (value: string) => value.replace(/[^\d]/g, "");
const handle = (value: string) => value.trim().replace(/^@+|@+$/g, "");

export function channelLink(
  channel: Pick<Channel, "channel_type" | "value" | "pre_set_message" | "is_use_web_version" | "mail_subject" | "link_type" | "viber_url">,
  options: { page: PageInfo; isMobile: boolean; message?: string },
): ChannelLink | null {
  const text = options.message ?? fillMarkers(channel.pre_set_message, options.page);
  const query = text ? `text=${encodeURIComponent(text)}` : "";
  switch (channel.channel_type) {
    case "WhatsApp": {
      const phone = digits(channel.value);
      if (!phone) return null;
      if (channel.is_use_web_version && !options.isMobile) {
        return { href: `https://web.whatsapp.com/send?phone=${phone}${query ? `&${query}` : ""}`, newTab: true };
      }
      return { href: `https://wa.me/${phone}${query ? `?${query}` : ""}`, newTab: true };
    }
    case "Telegram":
      return handle(channel.value) ? { href: `https://t.me/${handle(channel.value)}`, newTab: true } : null;
    case "Phone":
      return digits(channel.value) ? { href: `tel:+${digits(channel.value)}`, newTab: false } : null;
    case "Email":
      return channel.value.trim() ? { href: `mailto:${channel.value.trim()}`, newTab: false } : null;
    default:
      return /^https?:\/\//i.test(channel.value.trim()) ? { href: channel.value.trim(), newTab: true } : null;
  }
}

export function qrContent(channel: Pick<Channel, "value">): string {
  return `weixin://dl/chat?${handle(channel.value)}`;
}

/** Spec §5.3. */
export const CONTACT_FILE_EXTENSIONS: readonly string[] = [
  ...["jpg", "jpeg", "png", "gif", "pdf", "doc", "docx", "ppt", "pptx", "pps", "ppsx", "odt", "xls", "xlsx"],
  ...["mp3", "mp4", "wav", "mpg", "avi", "mov", "wmv", "3gp", "ogv"],
];

export function checkContactForm(
  fields: ContactField[],
  values: Record<string, string>,
  files: { field: string; name: string }[],
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  for (const field of fields) {
    if (field.type === "textblock") continue;
    const empty = field.type === "file" ? !files.some((file) => file.field === field.field) : !(values[field.field] ?? "").trim();
    if (field.is_required && empty) errors.push({ field: field.field, message: "This field is required." });
    else if (!empty && field.type === "email" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values[field.field] ?? "")) {
      errors.push({ field: field.field, message: "Please enter a valid email address." });
    }
  }
  return errors;
}

export function suggestEmail(address: string): string | null {
  const match = /^([^@\s]+)@(gmial|gmai|gamil|gmal)\.com$/i.exec(address.trim());
  return match ? `${match[1]}@gmail.com` : null;
}
