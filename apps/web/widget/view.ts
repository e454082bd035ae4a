/**
 * One widget on the page as the loader drew it, shared with the lazily loaded core (core.ts):
 * its payload, its shadow root and the elements the loader made, and where it is in its
 * lifecycle (spec §4.1: hidden, active, open, form-open, auto-hidden).
 */
import type { PageChannel, WidgetPage, WidgetPayload } from "@cartwright/commerce/contact-widget";

export type WidgetState = "hidden" | "closed" | "open" | "form" | "auto-hidden";

export interface WidgetView {
  page: WidgetPage;
  widget: WidgetPayload;
  /** The channels shown on this device (spec §5.1), in the owner's order. */
  channels: PageChannel[];
  isMobile: boolean;
  /** One channel and no chat view: the main button acts on that channel (spec §2.1). */
  single: boolean;
  host: HTMLElement;
  root: ShadowRoot;
  /** Everything the widget draws, positioned on the page. */
  frame: HTMLElement;
  trigger: HTMLButtonElement;
  /** The call to action beside the main button, when there is one. */
  cta: HTMLElement | null;
  state: WidgetState;
  /** The main button has been clicked once (the tooltip moves, the badge and the effect stop). */
  clicked: boolean;
  /** Ends the widget's timers and listeners and removes it. */
  destroy(): void;
  /** Sets the main button's name, icon and aria-expanded for a state. */
  setTriggerState(state: "closed" | "open" | "form"): void;
}
