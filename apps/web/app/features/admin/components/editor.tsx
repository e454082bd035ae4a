/**
 * The pieces every console editor repeats: its head (back link, title, "Unsaved changes", the
 * submit button), a save's state (busy, the summary, the field messages) and a confirmed delete's.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useBlocker } from "react-router";
import { consoleMessages } from "../messages.ts";
import { checkFailure, failureText, type SaveFailure, saveFailure } from "./failure.ts";
import { ConfirmDialog, useAnnounce } from "./feedback.tsx";
import { ErrorAlert } from "./page.tsx";
import { SubmitButton } from "./SubmitButton.tsx";
import { useStickyHeadRoom } from "./sticky-head.ts";

export { SubmitButton };

interface EditorHeadProps {
  back: string;
  backLabel: string;
  title: string;
  busy: boolean;
  submitLabel: string;
  /** Shows "Unsaved changes" while the form differs from what was saved. */
  dirty?: boolean;
  /** Links between the badge and the button (a widget's analytics). */
  children?: ReactNode;
}

/** An editor's heading row, the same on every editor so the owner finds the way back and the save in one place. */
export function EditorHead({ back, backLabel, title, busy, submitLabel, dirty = false, children }: EditorHeadProps) {
  const head = useRef<HTMLDivElement>(null);
  useStickyHeadRoom(head);
  return (
    <div ref={head} className="admin-page__head admin-editor__head">
      <div>
        <p className="admin-breadcrumb">
          <Link to={back}>{backLabel}</Link>
        </p>
        <h1>{title}</h1>
      </div>
      <div className="admin-actions">
        {dirty && <span className="admin-badge admin-badge--warning">{consoleMessages.unsaved}</span>}
        {children}
        <SubmitButton busy={busy} label={submitLabel} />
      </div>
    </div>
  );
}

/** One save's state, so every editor shows a failed save the same way: the summary above, each message beside its field. */
export function useSave() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  // The submit button stays pressable while a save runs (SubmitButton): a second press waits for the first.
  const running = useRef(false);
  const announce = useAnnounce();

  const fail = ({ message, fields }: SaveFailure) => {
    if (fields) setErrors(fields);
    setFailure(message);
    // An earlier save's "saved" toast stays up until the next words: it must not stand beside this refusal.
    announce("");
  };

  /**
   * Runs `call`; on success clears the messages and hands its answer to `done`, on failure shows
   * the API's messages (their paths re-keyed by `fieldsOf`) or the network message.
   */
  async function run<T>(
    call: () => Promise<T>,
    done: (answer: T) => void,
    fieldsOf?: (fields: Record<string, string>) => Record<string, string>,
  ) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure("");
    // The last save's "saved" leaves as this one starts: it speaks of what was, and the next one is said afresh.
    announce("");
    try {
      const answer = await call();
      setErrors({});
      done(answer);
    } catch (error) {
      fail(saveFailure(error, fieldsOf));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** The browser's own checks failed: no call is made. */
  const refuse = (fields: Record<string, string>) => fail(checkFailure(fields));

  return { errors, failure, busy, run, refuse };
}

/** A delete behind a confirmation, with the error line of a delete that failed. */
export function useDelete(remove: () => Promise<void>) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");

  async function confirm() {
    setConfirming(false);
    setError("");
    try {
      await remove();
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return { confirming, error, ask: () => setConfirming(true), cancel: () => setConfirming(false), confirm };
}

interface DeleteCardProps {
  deleting: ReturnType<typeof useDelete>;
  /** False on a new item: nothing to delete yet (the dialog stays, closed). */
  shown: boolean;
  label: string;
  title: string;
  body: string;
  confirmLabel: string;
}

/** An editor's delete button below the form, its error line and its confirmation, alike on every editor. */
export function DeleteCard({ deleting, shown, label, title, body, confirmLabel }: DeleteCardProps) {
  return (
    <>
      {shown && (
        <div className="admin-card">
          <ErrorAlert message={deleting.error} />
          <button type="button" className="button admin-button--danger" onClick={deleting.ask}>
            {label}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={deleting.confirming}
        title={title}
        body={body}
        confirmLabel={confirmLabel}
        onConfirm={deleting.confirm}
        onCancel={deleting.cancel}
      />
    </>
  );
}

interface LeaveGuardProps {
  /** The form differs from what was saved. */
  dirty: boolean;
  /** A save is running (it may navigate, which is not leaving). */
  busy: boolean;
  title: string;
  body: string;
  confirmLabel: string;
}

/** The navigation state of an editor leaving for its list once its item is deleted: nothing is left to save, so nothing is asked. */
export const AFTER_DELETE = { afterDelete: true } as const;

const isAfterDelete = (state: unknown) => (state as Partial<typeof AFTER_DELETE> | null)?.afterDelete === true;

/** Asks before leaving an editor with unsaved changes, inside the console (a dialog) and out of it (the browser's own). */
export function LeaveGuard({ dirty, busy, title, body, confirmLabel }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !busy && currentLocation.pathname !== nextLocation.pathname && !isAfterDelete(nextLocation.state),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={title}
      body={body}
      confirmLabel={confirmLabel}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
