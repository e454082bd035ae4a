import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SKELETON_MINIMUM_MS, SkeletonTimer } from "./use-skeleton.ts";

describe("SkeletonTimer (spec §9: skeleton minimum 2000 ms)", () => {
  let changes: boolean[];
  let timer: SkeletonTimer;

  beforeEach(() => {
    vi.useFakeTimers();
    changes = [];
    timer = new SkeletonTimer((showing) => changes.push(showing));
  });
  afterEach(() => {
    timer.dispose();
    vi.useRealTimers();
  });

  it("is 2000 ms", () => {
    expect(SKELETON_MINIMUM_MS).toBe(2000);
  });

  it("shows as soon as loading starts", () => {
    expect(timer.showing).toBe(false);
    timer.set(true);
    expect(timer.showing).toBe(true);
    expect(changes).toEqual([true]);
  });

  it("keeps a quick load showing until 2000 ms after it appeared", () => {
    timer.set(true);
    vi.advanceTimersByTime(300);
    timer.set(false);
    expect(timer.showing).toBe(true);
    vi.advanceTimersByTime(1699);
    expect(timer.showing).toBe(true);
    vi.advanceTimersByTime(1);
    expect(timer.showing).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("hides at once when loading took longer than the minimum", () => {
    timer.set(true);
    vi.advanceTimersByTime(2500);
    timer.set(false);
    expect(timer.showing).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("counts the minimum from when it first appeared when loading starts again", () => {
    timer.set(true);
    vi.advanceTimersByTime(500);
    timer.set(false);
    vi.advanceTimersByTime(500);
    timer.set(true);
    vi.advanceTimersByTime(500);
    timer.set(false);
    vi.advanceTimersByTime(499);
    expect(timer.showing).toBe(true);
    vi.advanceTimersByTime(1);
    expect(timer.showing).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("stays while loading continues past the minimum", () => {
    timer.set(true);
    vi.advanceTimersByTime(5000);
    expect(timer.showing).toBe(true);
    timer.set(true);
    expect(changes).toEqual([true]);
  });

  it("follows loading exactly with reduced motion", () => {
    timer.set(true, true);
    vi.advanceTimersByTime(100);
    timer.set(false, true);
    expect(timer.showing).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("lets reduced motion end a skeleton it is holding", () => {
    timer.set(true);
    timer.set(false);
    vi.advanceTimersByTime(100);
    timer.set(false, true);
    expect(timer.showing).toBe(false);
    vi.advanceTimersByTime(SKELETON_MINIMUM_MS);
    expect(changes).toEqual([true, false]);
  });

  it("does nothing while idle, and nothing after dispose", () => {
    timer.set(false);
    expect(changes).toEqual([]);
    timer.set(true);
    timer.set(false);
    timer.dispose();
    vi.advanceTimersByTime(SKELETON_MINIMUM_MS);
    expect(changes).toEqual([true]);
  });
});
