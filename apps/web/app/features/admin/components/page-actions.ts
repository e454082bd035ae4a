/**
 * What the console's list pages repeat for their row actions (delete, withdraw, switch, move):
 * one error line for all of them, a row waiting for its confirmation, and where focus goes after.
 */
import { useState } from "react";
import { failureText } from "./failure.ts";

/** The page's one error line: every action clears it when it starts and shows why it failed. */
export function useActionError(otherwise?: (error: unknown) => string) {
  const [error, setError] = useState("");

  /** Runs `action`; if it fails, shows its failure, then `undo` puts back what the action showed early. */
  async function attempt(action: () => Promise<void>, undo?: () => void) {
    setError("");
    try {
      await action();
    } catch (failure) {
      setError(failureText(failure, otherwise));
      undo?.();
    }
  }

  return { error, attempt };
}

/** A row's action asked first: the row waiting for the owner's answer, the action run on it once confirmed. */
export function useConfirm<T>(action: (item: T) => Promise<void>) {
  const [asking, setAsking] = useState<T | null>(null);

  function confirm() {
    setAsking(null);
    if (asking !== null) void action(asking);
  }

  return { asking, ask: (item: T) => setAsking(item), cancel: () => setAsking(null), confirm };
}

/** After a row leaves, focus goes to the page's main region rather than being lost with the row's button. */
export function focusMain() {
  document.getElementById("admin-main")?.focus();
}
