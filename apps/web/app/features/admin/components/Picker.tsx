/**
 * A searchable, keyboard-accessible picker of many things by name (decision 0047), on the ARIA
 * combobox pattern: type to narrow, arrow keys to move, Enter to choose (the first match when none
 * is active; with nothing typed, Enter submits the form as in any field), Escape to close; what is
 * chosen is listed below with a Remove button each. Options come from a list (countries, terms) or
 * from a search call (products), and its messages are its field's (`path`).
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FieldFrame } from "./fields.tsx";
import { matchOptions, moveActive, type PickerKey, type PickerOption } from "./picker.ts";

export const pickerMessages = {
  remove: (name: string) => `Remove ${name}`,
  none: "None chosen.",
  noMatches: "No matches.",
  searching: "Searching…",
  results: (count: number) =>
    count === 1 ? "1 match. Use the arrow keys and Enter to choose." : `${count} matches. Use the arrow keys and Enter to choose.`,
  failed: "The search failed. Try again.",
};

interface PickerProps {
  path: string;
  label: string;
  hint?: string;
  /** What is chosen, in order, with the names to show. */
  chosen: PickerOption[];
  onChange(chosen: PickerOption[]): void;
  /** Every option, searched here… */
  options?: readonly PickerOption[];
  /** …or asked for by what is typed (at most one call at a time, after a pause in typing). */
  search?: (text: string) => Promise<PickerOption[]>;
  /** One choice at most (a new one replaces it). */
  single?: boolean;
  /** The chosen ones are shown elsewhere (a picker that adds to a list the page draws itself). */
  hideChosen?: boolean;
}

const KEYS: readonly string[] = ["ArrowDown", "ArrowUp", "Home", "End"];

export function Picker({ path, label, hint, chosen, onChange, options, search, single, hideChosen }: PickerProps) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<PickerOption[]>([]);
  const [status, setStatus] = useState<"idle" | "searching" | "failed">("idle");
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const chosenValues = useMemo(() => new Set(chosen.map((c) => c.value)), [chosen]);

  // Searched options follow the text after a pause; a list's are matched at once.
  useEffect(() => {
    if (!search || !open) return;
    let current = true;
    setStatus("searching");
    const timer = setTimeout(() => {
      search(text).then(
        (answer) => {
          if (!current) return;
          setFound(answer);
          setStatus("idle");
        },
        () => current && setStatus("failed"),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, text, open]);

  const shown = options ? matchOptions(options, text, chosenValues) : matchOptions(found, "", chosenValues);
  const expanded = open && (shown.length > 0 || text.trim() !== "");
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(option: PickerOption) {
    onChange(single ? [option] : [...chosen, option]);
    setText("");
    setActive(-1);
    // Closed after every choice: the whole list opening again would cover what was just added (typing or ↓ opens it).
    setOpen(false);
    input.current?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (KEYS.includes(event.key) && (open || event.key === "ArrowDown")) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => moveActive(current, event.key as PickerKey, shown.length));
    } else if (event.key === "Enter") {
      // Enter picks the active option, or the first match of what was typed; with nothing typed it submits the form.
      const option = shown[active] ?? (text.trim() ? shown[0] : undefined);
      if (text.trim() || (expanded && option)) event.preventDefault();
      if (expanded && option) choose(option);
    } else if (event.key === "Escape" && (open || text)) {
      event.preventDefault();
      if (open) setOpen(false);
      else setText("");
      setActive(-1);
    }
  }

  const live =
    !expanded || status === "searching"
      ? status === "searching" && open
        ? pickerMessages.searching
        : ""
      : status === "failed"
        ? pickerMessages.failed
        : shown.length
          ? pickerMessages.results(shown.length)
          : pickerMessages.noMatches;

  return (
    <FieldFrame path={path} label={label} hint={hint} nested>
      {(aria) => (
        <div className="admin-picker">
          <input
            {...aria}
            ref={input}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 && active < shown.length ? optionId(active) : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          {/* Never a tab stop: Chromium makes a scrolling box one, but the input holds the keyboard (aria-activedescendant). */}
          <div id={listId} role="listbox" aria-label={label} className="admin-picker__list" hidden={!expanded} tabIndex={-1}>
            {expanded &&
              shown.map((option, index) => (
                // The input keeps the focus; a pointer's choice is made before its blur closes the list.
                // biome-ignore lint/a11y/useFocusableInteractive: options never take focus (aria-activedescendant).
                <div
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? "admin-picker__option admin-picker__option--active" : "admin-picker__option"}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(option);
                  }}
                >
                  {option.label}
                  {option.hint && <span className="admin-muted"> {option.hint}</span>}
                </div>
              ))}
          </div>
          <p className="visually-hidden" aria-live="polite">
            {live}
          </p>
          {hideChosen ? null : chosen.length === 0 ? (
            <p className="admin-muted">{pickerMessages.none}</p>
          ) : (
            <ul className="admin-picker__chosen" aria-label={label}>
              {chosen.map((option) => (
                <li key={option.value}>
                  <span>{option.label}</span>
                  <button
                    type="button"
                    className="admin-icon-button"
                    aria-label={pickerMessages.remove(option.label)}
                    onClick={() => {
                      onChange(chosen.filter((c) => c.value !== option.value));
                      input.current?.focus();
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
