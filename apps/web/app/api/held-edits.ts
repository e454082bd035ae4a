/**
 * Edits a page holds for a moment before handing them to the Store API client: an address being typed, a quantity
 * being stepped, the draft order's notes (spec §9's debounces). When the page hides, the client hands over every edit
 * still held before its own page-hide send, so they leave in the same keepalive batch (decision 0165, amended).
 */

/** One kind of edit the page holds until the shopper pauses: each `hold` replaces what was held and restarts the wait. */
export interface HeldEdit {
  /** Holds `hand` (what gives the edit to the client) until `ms` pass with no other hold. */
  hold(hand: () => void): void;
  /** Hands over what is held now, if anything. */
  handNow(): void;
  /** Drops what is held, unsent. */
  drop(): void;
  /** Something is held. */
  readonly holding: boolean;
}

export class HeldEdits {
  /** What each held edit does once handed over, in the order their waits end: an edit held again moves last. */
  private readonly held = new Map<HeldEdit, () => void>();

  /** An edit handed over `ms` after its last hold, or as the page hides, whichever comes first. */
  debounce(ms: number): HeldEdit {
    const held = this.held;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const edit: HeldEdit = {
      hold(hand) {
        edit.drop();
        held.set(edit, hand);
        timer = setTimeout(edit.handNow, ms);
      },
      handNow() {
        const hand = held.get(edit);
        // Dropped first, so the hand-over cannot find it still held and send it twice.
        edit.drop();
        hand?.();
      },
      drop() {
        clearTimeout(timer);
        timer = undefined;
        held.delete(edit);
      },
      get holding() {
        return held.has(edit);
      },
    };
    return edit;
  }

  /** Hands over those of `edits` still held, in order, and those of them their hand-overs hold in turn: a part of the page leaving. */
  handOver(edits: readonly HeldEdit[]): void {
    this.handOverWhere((edit) => edits.includes(edit));
  }

  /** Hands over every edit held, in order: the page hiding. */
  handOverAll(): void {
    this.handOverWhere(() => true);
  }

  /**
   * One a hand-over holds in turn (a typed quantity's update) goes too, as the map's iteration reaches what is added
   * during it; each edit at most once, so one that holds itself again waits.
   */
  private handOverWhere(picked: (edit: HeldEdit) => boolean): void {
    const handed = new Set<HeldEdit>();
    for (const edit of this.held.keys()) {
      if (handed.has(edit) || !picked(edit)) continue;
      handed.add(edit);
      edit.handNow();
    }
  }
}
