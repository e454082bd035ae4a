import { afterEach, describe, expect, it, vi } from "vitest";
import { periodic } from "./periodic.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** A task whose runs finish when the test says so. */
function controlledTask() {
  const finishers: (() => void)[] = [];
  const task = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finishers.push(resolve);
      }),
  );
  return { task, finish: () => finishers.shift()?.() };
}

describe("a periodic background task", () => {
  it("runs now and every interval, never twice at once", async () => {
    vi.useFakeTimers();
    const { task, finish } = controlledTask();
    const sweeps = periodic(task, 1000);
    const first = sweeps.run();
    const joined = sweeps.run();
    expect(task).toHaveBeenCalledTimes(1);
    // The interval comes while the first run is still going: it joins it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await Promise.all([first, joined]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    finish();
    await sweeps.stop();
  });

  it("stops only once the run in flight is done, and starts no other", async () => {
    vi.useFakeTimers();
    const { task, finish } = controlledTask();
    const sweeps = periodic(task, 1000);
    void sweeps.run();
    let stopped = false;
    const stopping = sweeps.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await sweeps.run();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("drops a failed run's error, and runs again later", async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error("database gone")).mockResolvedValue(undefined);
    const sweeps = periodic(task, 60_000);
    await expect(sweeps.run()).resolves.toBeUndefined();
    await expect(sweeps.run()).resolves.toBeUndefined();
    expect(task).toHaveBeenCalledTimes(2);
    await sweeps.stop();
  });
});
