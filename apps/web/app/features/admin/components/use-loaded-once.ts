/**
 * What many fields of a page read and the server answers the same each time (the shop's tax classes,
 * its shipping classes, the country names): asked for once, by the first field that mounts, and shared
 * by every other (a product may have 200 variations, each with its own class select). Until it arrives,
 * and after a failed request, the hook answers null and the fields show what they hold; a failure is
 * forgotten, so the next field that mounts asks again. A page that changes the list calls `forget`.
 */
import { useEffect, useState } from "react";

export interface LoadedOnce<T> {
  /** What arrived, or null before it has (or after `forget`). */
  readonly value: T | null;
  /** The one request, asked for on the first call; a failed one is dropped, so the next call asks again. */
  load(): Promise<T>;
  /** Drops what arrived (the list changed): the next field that mounts asks again. */
  forget(): void;
}

export function loadedOnce<T>(ask: () => Promise<T>): LoadedOnce<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  // A request still out when `forget` is called must not put back what it answers.
  let generation = 0;
  return {
    get value() {
      return value;
    },
    load() {
      if (pending) return pending;
      const mine = ++generation;
      const request = ask().then(
        (found) => {
          if (mine === generation) value = found;
          return found;
        },
        (error: unknown) => {
          if (mine === generation) pending = null;
          throw error;
        },
      );
      pending = request;
      return request;
    },
    forget() {
      generation += 1;
      value = null;
      pending = null;
    },
  };
}

/** The shared value for a field: null until it arrives (or while `wanted` is false, or after a failure). */
export function useLoadedOnce<T>(source: LoadedOnce<T>, wanted = true): T | null {
  const [value, setValue] = useState<T | null>(() => source.value);
  useEffect(() => {
    if (!wanted || value !== null) return;
    let live = true;
    source.load().then(
      (found) => {
        if (live) setValue(found);
      },
      // Nothing to show but what the field holds: the next field that mounts asks again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [source, wanted, value]);
  return value;
}
