/**
 * The address_1 input with address suggestions (spec §4 "Customer data sync", §5 "Address
 * autocomplete"): an ARIA 1.2 combobox (list autocomplete) over a listbox of suggestions when a
 * provider can search the country. Arrow keys move the highlight, Enter or a click selects,
 * Escape closes. Before hydration, or when no provider can search the country, it is the plain input.
 */
import type { ComponentPropsWithoutRef, KeyboardEvent, ReactNode } from "react";
import { type AddressSuggestion, type AutocompleteAddress, useAddressAutocomplete } from "./autocomplete/index.ts";

type InputProps = Omit<ComponentPropsWithoutRef<"input">, "value" | "onChange" | "role">;

export interface AddressLineAutocompleteProps {
  /** The input's own attributes (id, name, aria-*, onBlur…), as the plain input would get them. */
  inputProps: InputProps & { id: string };
  value: string;
  /** The address's country (ISO code, any case). */
  country: string;
  /** The shopper typed. */
  onValueChange(value: string): void;
  /** The shopper picked a suggestion: the provider's address fields. */
  onSelectAddress(address: AutocompleteAddress): void;
}

export function AddressLineAutocomplete({ inputProps, value, country, onValueChange, onSelectAddress }: AddressLineAutocompleteProps) {
  const { controller, state, enabled } = useAddressAutocomplete(country);

  const listId = `${inputProps.id}-suggestions`;
  const optionId = (index: number) => `${listId}-${index}`;
  const { open, suggestions, activeIndex } = state;
  const expanded = open && suggestions.length > 0;

  const choose = (index: number) => {
    void controller.select(index).then((address) => {
      if (address && Object.keys(address).length > 0) onSelectAddress(address);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    inputProps.onKeyDown?.(event);
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      controller.move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      // Only when a suggestion is highlighted; otherwise Enter submits the form as usual.
      if (!expanded || activeIndex < 0) return;
      event.preventDefault();
      choose(activeIndex);
    } else if (event.key === "Escape") {
      if (!expanded) return;
      event.preventDefault();
      controller.close();
    }
  };

  // One element tree whether suggestions are on or not: the input is never replaced, so a shopper
  // typing while the country changes (or while the page becomes live) keeps focus and keystrokes.
  return (
    <div className="address-autocomplete">
      <input
        {...inputProps}
        {...(enabled
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-activedescendant": expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined,
            }
          : {})}
        value={value}
        onChange={(event) => {
          const text = event.currentTarget.value;
          onValueChange(text);
          if (enabled) controller.input(text, country);
        }}
        onKeyDown={enabled ? onKeyDown : inputProps.onKeyDown}
        onBlur={(event) => {
          if (enabled) controller.close();
          inputProps.onBlur?.(event);
        }}
      />
      {enabled && (
        <div id={listId} role="listbox" aria-label="Address suggestions" className="address-autocomplete__list" hidden={!expanded}>
          {suggestions.map((suggestion, index) => (
            // Focus stays in the input (aria-activedescendant): the keyboard is handled there, and
            // mousedown is cancelled so a click does not blur the input before it selects.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard.
            // biome-ignore lint/a11y/useFocusableInteractive: options never take focus (aria-activedescendant).
            <div
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`address-autocomplete__option${index === activeIndex ? " is-active" : ""}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              {highlight(suggestion)}
            </div>
          ))}
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded
          ? `${suggestions.length} address suggestion${suggestions.length === 1 ? "" : "s"}, use up and down arrows to choose.`
          : ""}
      </p>
    </div>
  );
}

/** The label with its matched parts in <mark>. */
function highlight({ label, matchedSubstrings }: AddressSuggestion): ReactNode {
  const parts = (matchedSubstrings ?? [])
    .filter((m) => Number.isInteger(m.offset) && Number.isInteger(m.length) && m.offset >= 0 && m.length > 0)
    .sort((a, b) => a.offset - b.offset);
  if (parts.length === 0) return label;
  const out: ReactNode[] = [];
  let at = 0;
  for (const { offset, length } of parts) {
    if (offset < at || offset >= label.length) continue;
    if (offset > at) out.push(label.slice(at, offset));
    out.push(<mark key={offset}>{label.slice(offset, offset + length)}</mark>);
    at = offset + length;
  }
  if (at < label.length) out.push(label.slice(at));
  return out;
}
