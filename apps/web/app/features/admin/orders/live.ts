/**
 * Live updates of the order list (contract F: GET /orders/updates?after_id=): a poll every 15 s while
 * the tab is visible, none while it is hidden, one at once when it shows again. New orders are only
 * counted here; the list itself changes when the owner asks ("Show"), so no row moves under the cursor.
 * Kept apart from React (clock, visibility and fetch given) so its states are tested as they are.
 */
import { AdminApiError } from "../api.ts";
import type { OrderUpdates } from "./api.ts";

export const POLL_INTERVAL_MS = 15_000;

export type LivePhase = "idle" | "watching" | "paused" | "stopped";

export interface LiveState {
  phase: LivePhase;
  /** The newest order id known; null until the first reply. */
  latestId: number | null;
  /** Orders placed since the list was last shown, newest first. */
  newIds: number[];
}

export interface LiveDeps {
  fetchUpdates(afterId: number): Promise<OrderUpdates>;
  isVisible(): boolean;
  onChange(state: LiveState, added: number): void;
  intervalMs?: number;
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/** Replies that mean polling cannot work on this page: the session ended, or the server has no such route. */
const FATAL = new Set([401, 403, 404]);

export class OrderUpdatesWatcher {
  private state: LiveState = { phase: "idle", latestId: null, newIds: [] };
  private timer: unknown = undefined;
  private inFlight = false;
  /** Where the first request starts counting from. */
  private cursor = 0;
  private readonly deps: Required<LiveDeps>;

  constructor(deps: LiveDeps) {
    this.deps = {
      intervalMs: POLL_INTERVAL_MS,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...deps,
    };
  }

  get current(): LiveState {
    return this.state;
  }

  /**
   * Starts from the newest id the page shows (0 when none): the first reply only sets where counting
   * starts, as orders newer than the shown rows may simply be filtered out of the page.
   */
  start(shownLatestId: number): void {
    if (this.state.phase !== "idle") return;
    this.state = { ...this.state, phase: this.deps.isVisible() ? "watching" : "paused" };
    this.cursor = shownLatestId;
    if (this.state.phase === "watching") void this.poll();
  }

  /** The page's visibilitychange: stop the clock while hidden, ask at once when seen again. */
  visibilityChanged(): void {
    if (this.state.phase === "stopped" || this.state.phase === "idle") return;
    if (!this.deps.isVisible()) {
      this.cancel();
      this.set({ phase: "paused" }, 0);
    } else if (this.state.phase === "paused") {
      this.set({ phase: "watching" }, 0);
      void this.poll();
    }
  }

  /** The list now shows every order counted so far (the owner pressed "Show", or the list reloaded). */
  acknowledge(): void {
    if (this.state.newIds.length) this.set({ newIds: [] }, 0);
  }

  stop(): void {
    this.cancel();
    this.state = { ...this.state, phase: "stopped" };
  }

  private set(change: Partial<LiveState>, added: number): void {
    this.state = { ...this.state, ...change };
    this.deps.onChange(this.state, added);
  }

  private cancel(): void {
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    this.cancel();
    if (this.state.phase !== "watching") return;
    this.timer = this.deps.setTimer(() => {
      this.timer = undefined;
      void this.poll();
    }, this.deps.intervalMs);
  }

  /** One request at a time; the next one is scheduled only after this one answered. */
  async poll(): Promise<void> {
    if (this.inFlight || this.state.phase !== "watching") return;
    this.inFlight = true;
    this.cancel();
    const baseline = this.state.latestId === null;
    try {
      const reply = await this.deps.fetchUpdates(this.state.latestId ?? this.cursor);
      // Stopped while the request was out (the page left): nothing more to do.
      if ((this.state.phase as LivePhase) === "stopped") return;
      const latestId = Math.max(reply.latest_id, this.state.latestId ?? 0);
      if (baseline) this.set({ latestId }, 0);
      else {
        const known = new Set(this.state.newIds);
        const fresh = reply.orders
          .filter((order) => order.status !== "checkout-draft" && order.id > (this.state.latestId ?? 0) && !known.has(order.id))
          .map((order) => order.id);
        this.set({ latestId, newIds: [...fresh, ...this.state.newIds] }, fresh.length);
      }
    } catch (error) {
      if (error instanceof AdminApiError && FATAL.has(error.status)) {
        this.stop();
        this.deps.onChange(this.state, 0);
        return;
      }
      // A lost connection or a busy server: the next tick asks again.
    } finally {
      this.inFlight = false;
    }
    this.schedule();
  }
}
