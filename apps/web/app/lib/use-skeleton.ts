/**
 * The loading skeleton's minimum (spec §2 "Other shared pieces", §9): once shown, a skeleton
 * stays at least 2 s, so a quick reply does not make it flash; with reduced motion it follows
 * the loading state exactly. The timing lives in `SkeletonTimer` (plain timers, testable without
 * React); `useSkeleton` is a thin wrapper around it.
 */
import { useEffect, useState, useSyncExternalStore } from "react";

/** Spec §9 "Skeleton minimum 2000 ms". */
export const SKELETON_MINIMUM_MS = 2000;

/**
 * Holds "showing" from the first `set(true)` until loading has ended and at least `minimum` ms
 * have passed since it started showing. Loading again before that keeps it showing, and the
 * minimum still counts from when it first appeared.
 */
export class SkeletonTimer {
  showing = false;
  #shownAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #onChange: (showing: boolean) => void;
  readonly #minimum: number;

  constructor(onChange: (showing: boolean) => void, minimum = SKELETON_MINIMUM_MS) {
    this.#onChange = onChange;
    this.#minimum = minimum;
  }

  set(loading: boolean, reducedMotion = false): void {
    if (loading) {
      this.#cancel();
      if (!this.showing) {
        this.#shownAt = Date.now();
        this.#change(true);
      }
      return;
    }
    if (!this.showing) return;
    const left = reducedMotion ? 0 : this.#shownAt + this.#minimum - Date.now();
    if (left <= 0) {
      this.#cancel();
      this.#change(false);
    } else if (this.#timer === undefined) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#change(false);
      }, left);
    }
  }

  dispose(): void {
    this.#cancel();
  }

  #cancel() {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #change(showing: boolean) {
    this.showing = showing;
    this.#onChange(showing);
  }
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** Whether the shopper asked for reduced motion; false on the server. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/**
 * Whether to show the skeleton: true as soon as `loading` is, and for at least
 * SKELETON_MINIMUM_MS from then, unless reduced motion is on (then exactly `loading`).
 */
export function useSkeleton(loading: boolean): boolean {
  const reducedMotion = usePrefersReducedMotion();
  const [held, setHeld] = useState(false);
  const [timer] = useState(() => new SkeletonTimer(setHeld));
  useEffect(() => {
    timer.set(loading, reducedMotion);
  }, [timer, loading, reducedMotion]);
  useEffect(() => () => timer.dispose(), [timer]);
  // `loading` shows the skeleton in the same render it starts; `held` keeps it after loading ends.
  return reducedMotion ? loading : loading || held;
}
