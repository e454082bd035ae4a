/** The main button's built-in icons (spec §3.1 widget_icon), drawn by us on a 24-unit grid in currentColor. */
const svg = (body: string) => `<svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor" focusable="false">${body}</svg>`;

const BUBBLE = "M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z";

export const WIDGET_ICON_MARKUP: Record<"chat-base" | "chat-smile" | "chat-bubble" | "chat-db", string> = {
  "chat-base": svg(`<path d="${BUBBLE}"/>`),
  "chat-smile": svg(
    `<path fill-rule="evenodd" d="${BUBBLE}M8 11.2a4.6 4.6 0 0 0 8 0l-1.5-.8a2.9 2.9 0 0 1-5 0zM8.5 6.5a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6zm7 0a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6z"/>`,
  ),
  "chat-bubble": svg(
    `<path d="M3 2h11a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H8l-4 3v-3H3a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"/><path d="M18 7h3a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-1v3l-4-3h-6a2 2 0 0 1-2-2v-1h6a3 3 0 0 0 3-3z"/>`,
  ),
  "chat-db": svg(
    `<path fill-rule="evenodd" d="${BUBBLE}M7 9a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"/>`,
  ),
};

export const CLOSE_ICON_MARKUP = svg(
  `<path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z"/>`,
);

export { svg as iconSvg };
