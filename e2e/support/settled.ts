import type { Locator } from "@playwright/test";

/** The part of the DOM's Element.getAnimations used here (the e2e TypeScript has no DOM library). */
type Animated = { getAnimations(options: { subtree: boolean }): { finished: Promise<unknown> }[] };

/**
 * Waits until the element's transitions and animations, and its descendants', have finished: axe reads colours
 * as they are at that instant, and mid-fade or mid-transition they are neither the before nor the after.
 */
export async function afterAnimations(element: Locator): Promise<void> {
  await element.evaluate((node) => Promise.all((node as Animated).getAnimations({ subtree: true }).map((animation) => animation.finished)));
}
