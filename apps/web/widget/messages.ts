/** The widget core's texts (the popups keep theirs in popups/messages.ts). */
export const widgetMessages = {
  /** The main button's name when the owner wrote no call to action. */
  open: "Contact us",
  /** The main button's name while open, when the owner left close_text blank. */
  close: "Close",
  /** The widget's landmark. */
  landmark: "Contact widget",
  /** The channel list's name. */
  channels: "Contact channels",
  /** Added to the main button's name while the pending-message badge shows. */
  pending: (count: number) => `${count} new ${count === 1 ? "message" : "messages"}`,
  /** The blurred backdrop's name (a click on it closes the widget). */
  closeBackdrop: "Close the contact widget",
  /** Console only (spec §8 "Missing settings or no widget"). */
  missingSettings: "Contact widget: no widget settings on this page yet; looking again every second.",
  loadFailed: "Contact widget: a part of the widget failed to load.",
};
