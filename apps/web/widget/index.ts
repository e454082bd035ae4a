/**
 * The widget's face for code built with the storefront (the owner console's live preview): mount a
 * page's widgets into an element, and take them off again. Pages load loader.ts instead.
 */
export type { MountOptions } from "./mount.ts";
export { mountWidgetPreview } from "./preview.ts";
export type { WidgetState, WidgetView } from "./view.ts";
export { markOrientation, mountWidgets } from "./widgets.ts";
