/**
 * Feedback the console gives: a polite status line screen readers announce (saved, deleted…), a
 * toast that leaves by itself after a few seconds unless hovered or focused (an error stays until
 * dismissed or the next announcement), with its own close button;
 * a confirm dialog on the native <dialog> (focus kept inside, Escape cancels), and the error
 * summary a failed save shows above the form with links to each field.
 */
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { consoleMessages as t } from "../messages.ts";
import { fieldId } from "./fields.tsx";
import { useScrollKeptThroughFirstLoad } from "./first-load.ts";

/** How an announcement reads: a status (saved, deleted…) leaves by itself; an error stays until dismissed or the next announcement. */
export type Tone = "status" | "error";

type Announce = (text: string, tone?: Tone) => void;

const AnnounceContext = createContext<Announce>(() => {});

/** Says `text` in the console's toast; `""` clears it (an editor's save does, as it starts). */
export function useAnnounce(): Announce {
  return useContext(AnnounceContext);
}

/**
 * How long a status stays on screen once nothing holds it: long enough to read a sentence twice. The toast's
 * words are announced as they appear, so taking them away says nothing more to a screen reader.
 */
export const TOAST_SECONDS = 6;

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState<{ text: string; tone: Tone }>({ text: "", tone: "status" });
  // Hovered or holding the focus (its close button): a status waits for the owner to finish with it.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Where the keyboard was before it came to the close button: it goes back there when the toast closes.
  const cameFrom = useRef<HTMLElement | null>(null);
  const announce = useCallback<Announce>((next, tone = "status") => {
    // Cleared first, so the same words said twice are announced twice.
    setSaid({ text: "", tone: "status" });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSaid({ text: next, tone }), 50);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { text, tone } = said;
  const box = useRef<HTMLDivElement>(null);
  useToastRoom(box, text);
  const held = hovered || focused;
  // A layout effect: the timer is set or cleared in the same commit that shows the toast held or free (data-held).
  useLayoutEffect(() => {
    if (!text || tone === "error" || held) return;
    // Hovered or focused, then left: the owner gets the whole time again.
    const leave = setTimeout(() => setSaid({ text: "", tone: "status" }), TOAST_SECONDS * 1000);
    return () => clearTimeout(leave);
  }, [text, tone, held]);

  function dismiss() {
    setSaid({ text: "", tone: "status" });
    // Gone from under the pointer and the keyboard: the next status is not held by them.
    setHovered(false);
    setFocused(false);
    const back = cameFrom.current;
    cameFrom.current = null;
    if (back?.isConnected) back.focus();
    else document.getElementById("admin-main")?.focus();
  }

  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer and focus only hold the toast on screen; its close button is the control */}
      <div
        ref={box}
        className={`admin-toast${text ? " admin-toast--shown" : ""}${tone === "error" ? " admin-toast--error" : ""}`}
        data-held={text && held ? "" : undefined}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={(event) => {
          setFocused(true);
          const from = event.relatedTarget;
          if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div className="admin-toast__text" role="status" aria-live="polite">
          {text}
        </div>
        {text && (
          <button
            type="button"
            className="admin-toast__close"
            aria-label={t.dismissMessage}
            onClick={dismiss}
            onKeyDown={(event) => {
              // Escape closes it too, and nothing behind it (the phone menu).
              if (event.key === "Escape") {
                event.stopPropagation();
                dismiss();
              }
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </AnnounceContext.Provider>
  );
}

/** The CSS variable holding the room the toast takes at the window's foot (admin.css reads it). */
const TOAST_ROOM = "--admin-toast-room";

/**
 * Keeps the toast off the page's last controls (WCAG 2.4.11, focus not obscured): while it shows, the window's
 * foot is scroll padding, so a control scrolled or tabbed to stops above it; and the page's end keeps room for its
 * tallest, so the last Save can always be scrolled clear. The room only grows: taken back, the page would jump.
 */
function useToastRoom(box: RefObject<HTMLDivElement | null>, text: string) {
  const tallest = useRef(0);
  useLayoutEffect(() => {
    const toast = box.current;
    const root = document.documentElement;
    if (!text || !toast) {
      root.style.removeProperty("scroll-padding-bottom");
      return;
    }
    const reserve = () => {
      // Its height and its distance from the foot; offsetHeight ignores the slide's transform.
      const room = toast.offsetHeight + Number.parseFloat(getComputedStyle(toast).bottom) + 8;
      root.style.scrollPaddingBottom = `${room}px`;
      if (room > tallest.current) {
        tallest.current = room;
        root.style.setProperty(TOAST_ROOM, `${room}px`);
      }
    };
    reserve();
    // Its words wrap anew when the window narrows.
    const watch = new ResizeObserver(reserve);
    watch.observe(toast);
    return () => watch.disconnect();
  }, [box, text]);
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
  refusal,
}: {
  message: string;
  fields: Record<string, string>;
  labelFor(path: string): string;
  /** Shows a field drawn only on demand (the builder's page and field panel) before it is focused. */
  onReveal?(path: string): void;
  /**
   * New once per refused save, never while the owner types (the builder's errors, worked out afresh at each edit,
   * are not): the summary takes the focus when it changes. `fields` where they are kept as the save gave them.
   */
  refusal?: object;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const focusedFor = refusal ?? fields;
  useEffect(() => {
    ref.current?.focus();
  }, [message, focusedFor]);
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

/** A console page's first load (each page's HydrateFallback): drawn by the server until the page's data comes in the browser. */
export function LoadingPanel() {
  useScrollKeptThroughFirstLoad();
  return (
    <p className="admin-loading" role="status">
      {t.loading}
    </p>
  );
}
