/**
 * The small icon set of widget_icon "chat-fa-icon" (spec §3.1 widget_fa_icon), bundled and drawn by
 * us, loaded only by widgets that use it. Names follow the common icon-font names owners know.
 */
import { iconSvg } from "./icons.ts";

export const ICON_SET: Record<string, string> = {
  comment: iconSvg(
    '<path d="M12 3C6.5 3 2 6.6 2 11c0 2.3 1.2 4.3 3.1 5.8L4 21l4.6-2.5c1.1.3 2.2.5 3.4.5 5.5 0 10-3.6 10-8s-4.5-8-10-8z"/>',
  ),
  comments: iconSvg(
    '<path d="M9 2C4.6 2 1 4.9 1 8.5c0 1.8.9 3.4 2.4 4.6L2.6 16l3.6-1.9c.9.2 1.8.4 2.8.4 4.4 0 8-2.9 8-6.5S13.4 2 9 2z"/><path d="M18.9 9.3c0 4.3-4.2 7.6-9.2 7.7 1.4 1.8 3.9 3 6.8 3 .9 0 1.8-.1 2.6-.4L22.4 21l-.8-2.8c1.5-1.1 2.4-2.6 2.4-4.3 0-2-1.2-3.7-3-4.7z"/>',
  ),
  "comment-dots": iconSvg(
    '<path fill-rule="evenodd" d="M12 3C6.5 3 2 6.6 2 11c0 2.3 1.2 4.3 3.1 5.8L4 21l4.6-2.5c1.1.3 2.2.5 3.4.5 5.5 0 10-3.6 10-8s-4.5-8-10-8zM7.5 9.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm4.5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm4.5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"/>',
  ),
  headset: iconSvg(
    '<path d="M12 2a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h2v-8H5v-1a7 7 0 0 1 14 0v1h-3v8h2.9a2 2 0 0 1-1.9 1.5h-3V23h3a4 4 0 0 0 4-3.9V11a9 9 0 0 0-9-9z"/>',
  ),
  envelope: iconSvg('<path d="M2 5h20v14H2zm2 2v.4l8 5.3 8-5.3V7zm0 2.8V17h16V9.8l-8 5.3z"/>'),
  phone: iconSvg(
    '<path d="M6.6 2.5 9.4 6c.4.5.4 1.2 0 1.7L8 9.6a12 12 0 0 0 6.4 6.4l1.9-1.4c.5-.4 1.2-.4 1.7 0l3.5 2.8c.5.4.6 1.2.1 1.8l-1.7 2c-.6.6-1.5.9-2.4.7C9.9 20.3 3.7 14.1 2.1 6.5c-.2-.9.1-1.8.7-2.4l2-1.7c.6-.5 1.4-.4 1.8.1z"/>',
  ),
  question: iconSvg(
    '<path fill-rule="evenodd" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-.1 4.5c2.3 0 3.9 1.3 3.9 3.2 0 1.5-.8 2.3-2 3-.8.5-1 .8-1 1.5v.5h-2v-.7c0-1.3.5-2 1.6-2.7.9-.5 1.3-.9 1.3-1.6 0-.8-.7-1.4-1.8-1.4s-1.9.6-2 1.6H7.9c.1-2.1 1.7-3.4 4-3.4zM11.8 16a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6z"/>',
  ),
  "paper-plane": iconSvg('<path d="M22 2 2 10.5l6.3 2.6L18 6l-7.7 8.6V21l3.6-4.3 4.5 2.3z"/>'),
  "life-ring": iconSvg(
    '<path fill-rule="evenodd" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 6a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM5.2 6.6l2.6 2.6A5 5 0 0 0 7 12c0 1 .3 2 .8 2.8l-2.6 2.6A8.6 8.6 0 0 1 3.4 12c0-2 .7-3.9 1.8-5.4zm13.6 0c1.1 1.5 1.8 3.4 1.8 5.4s-.7 3.9-1.8 5.4l-2.6-2.6c.5-.8.8-1.8.8-2.8s-.3-2-.8-2.8z"/>',
  ),
  bell: iconSvg('<path d="M12 2a6 6 0 0 0-6 6v4l-2 4v1h16v-1l-2-4V8a6 6 0 0 0-6-6zm-2.5 17a2.5 2.5 0 0 0 5 0z"/>'),
  user: iconSvg('<path d="M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 12c5 0 9 2.5 9 5.5V22H3v-2.5C3 16.5 7 14 12 14z"/>'),
  "info-circle": iconSvg(
    '<path fill-rule="evenodd" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1 8h2v7h-2zm1-4a1.3 1.3 0 1 1 0 2.6A1.3 1.3 0 0 1 12 6z"/>',
  ),
};

/** The icon of that name, or null for a name the set does not have. */
export function iconSetMarkup(name: string): string | null {
  return ICON_SET[name.replace(/^(?:fa[srb]?|fa-solid|fa-regular)\s+/, "").replace(/^fa-/, "")] ?? null;
}
