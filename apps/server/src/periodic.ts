/**
 * A background task run on demand and then every interval, never twice at once. `stop()` starts no
 * other run and waits for the one in flight, so a shutdown closes the database only after it.
 */
export interface Periodic {
  /** Runs the task now, or joins the run in flight; after stop(), does nothing. */
  run(): Promise<void>;
  stop(): Promise<void>;
}

/** `task` handles its own errors (a rejection is dropped here, never left unhandled). */
export function periodic(task: () => Promise<void>, intervalMs: number): Periodic {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= task()
      .catch(() => {})
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(run, intervalMs);
  // The timer alone never keeps the process alive.
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
