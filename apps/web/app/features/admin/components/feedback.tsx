/**
 * Feedback the console gives: a polite status line screen readers announce (saved, deleted…),
 * a confirm dialog on the native <dialog> (focus kept inside, Escape cancels), and the error
 * summary a failed save shows above the form with links to each field.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from "react";
import { consoleMessages as t } from "../messages.ts";
import { fieldId } from "./fields.tsx";

const AnnounceContext = createContext<(text: string) => void>(() => {});

export function useAnnounce(): (text: string) => void {
  return useContext(AnnounceContext);
}

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const announce = useCallback((next: string) => {
    // Cleared first, so the same words said twice are announced twice.
    setText("");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setText(next), 50);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className={`admin-toast${text ? " admin-toast--shown" : ""}`} role="status" aria-live="polite">
        {text}
      </div>
    </AnnounceContext.Provider>
  );
}

interface ConfirmProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel?: string;
  /** The safe button's words where "Cancel" would read as the action itself (cancelling an order). */
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Ids of its own: an editor may hold several dialogs (leave, delete, remove), each named by its own title.
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-body`}>{body}</p>
      <div className="admin-dialog__actions">
        {/* Cancel first: showModal focuses it, so the safe choice is the default one. */}
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel ?? t.cancel}
        </button>
        <button type="button" className="button admin-button--danger" onClick={onConfirm}>
          {confirmLabel ?? t.confirmDelete}
        </button>
      </div>
    </dialog>
  );
}

/** Focuses the control of `path`, or of the nearest path above it that has one ("allowed_origins.1" → the list). */
export function focusField(path: string): boolean {
  const parts = path.split(".");
  while (parts.length) {
    const element = document.getElementById(fieldId(parts.join(".")));
    if (element) {
      element.focus();
      element.scrollIntoView({ block: "center" });
      return true;
    }
    parts.pop();
  }
  return false;
}

/** What a failed save says: the server's message, then each field's message linking to its field. */
export function ErrorSummary({
  message,
  fields,
  labelFor,
  onReveal,
}: {
  message: string;
  fields: Record<string, string>;
  labelFor(path: string): string;
  /** Shows a field drawn only on demand (the builder's page and field panel) before it is focused. */
  onReveal?(path: string): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message, fields]);
  const entries = Object.entries(fields);
  return (
    <div ref={ref} className="admin-error-summary" role="alert" tabIndex={-1}>
      <p>
        <strong>{t.saveFailed}</strong> {entries.length ? t.fixErrors(entries.length) : message}
      </p>
      {entries.length > 0 && (
        <ul>
          {entries.map(([path, text]) => (
            <li key={path}>
              <a
                href={`#${fieldId(path)}`}
                onClick={(event) => {
                  if (onReveal) {
                    event.preventDefault();
                    onReveal(path);
                    // The revealed field is drawn on the next frame.
                    requestAnimationFrame(() => requestAnimationFrame(() => focusField(path)));
                  } else if (focusField(path)) event.preventDefault();
                }}
              >
                {labelFor(path)}: {text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function LoadingPanel() {
  return (
    <p className="admin-loading" role="status">
      {t.loading}
    </p>
  );
}
