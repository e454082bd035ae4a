/** Builder controls the console's field set lacks: a whole number that may be left empty, a list edited one item per line, money, numbers as the shop writes them. */
import { type Currency, formatAmount } from "@cartwright/commerce";
import { createContext, useContext, useEffect, useState } from "react";
import { FieldFrame } from "../components/fields.tsx";
import { amountText, decimalText, readDecimal, shopAmountFormat, toMinor } from "../money.ts";
import { builderMessages as t } from "./messages.ts";

interface Props<V> {
  path: string;
  label: string;
  value: V;
  onChange(value: V): void;
  hint?: string;
}

/** A whole number that may be left empty: empty means "not set" (undefined), as optional limits are. */
export function OptionalNumberField({ min, max, ...props }: Props<number | undefined> & { min?: number; max?: number }) {
  return (
    <FieldFrame {...props}>
      {(aria) => (
        <input
          {...aria}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={props.value ?? ""}
          onChange={(event) => props.onChange(event.target.value === "" ? undefined : Number(event.target.value))}
        />
      )}
    </FieldFrame>
  );
}

/** One item per line (extensions, domains, origins, rows); blank lines dropped on the way out. */
export function LinesField(props: Props<string[]> & { rows?: number }) {
  const [text, setText] = useState(props.value.join("\n"));
  // Follows the value when it changes from outside (another field chosen), not while typing.
  useEffect(() => {
    setText((current) => (sameItems(current, props.value) ? current : props.value.join("\n")));
  }, [props.value]);
  return (
    <FieldFrame {...props} nested>
      {(aria) => (
        <textarea
          {...aria}
          rows={props.rows ?? 3}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            props.onChange(splitLines(event.target.value));
          }}
        />
      )}
    </FieldFrame>
  );
}

export const splitLines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
const sameItems = (text: string, items: string[]) => splitLines(text).join("\n") === items.join("\n");

/**
 * Told by each money field whether its text is an amount: the builder keeps the last one read, so a save
 * while some text cannot be read (a "1,000") would send an amount the owner no longer sees.
 */
export const UnreadableAmountsContext = createContext<(path: string, message: string | null) => void>(() => {});

/** A price typed in the shop's currency and separators ("19.99", "19,99"), kept in minor units; shown back as money. */
export function MoneyField({ currency, ...props }: Props<number> & { currency: Currency }) {
  const report = useContext(UnreadableAmountsContext);
  const asText = (minor: number) => amountText(minor, currency.minorUnit);
  const [text, setText] = useState(asText(props.value));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    setText((current) => (toMinor(current, currency.minorUnit) === props.value ? current : asText(props.value)));
  }, [props.value, currency.minorUnit]);
  useEffect(() => {
    report(props.path, bad ? t.unreadableAmount(text.trim(), currency.minorUnit) : null);
  }, [report, props.path, bad, text, currency.minorUnit]);
  const hint = `${props.hint ? `${props.hint} ` : ""}In ${currency.code}: ${formatAmount(props.value, currency)}.${bad ? ` Write an amount such as ${amountText(1999, currency.minorUnit)}.` : ""}`;
  return (
    <FieldFrame {...props} hint={hint}>
      {(aria) => (
        <span className="admin-money">
          {currency.prefix.trim() && <span aria-hidden="true">{currency.prefix.trim()}</span>}
          <input
            {...aria}
            type="text"
            inputMode="decimal"
            size={10}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              const minor = toMinor(event.target.value, currency.minorUnit);
              setBad(minor === undefined);
              if (minor !== undefined) props.onChange(minor);
            }}
          />
          {currency.suffix.trim() && <span aria-hidden="true">{currency.suffix.trim()}</span>}
        </span>
      )}
    </FieldFrame>
  );
}

// The decimals a number field's bound is read to: more than any step an owner sets.
const BOUND_PLACES = 6;

/**
 * A number field's bound as typed, in the shop's decimal separator with a minus for one below 0 ("-2,5" where the
 * decimal separator is ","): undefined when empty (not set), null when it is no such number.
 */
export function typedBound(text: string, format = shopAmountFormat()): number | undefined | null {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const negative = /^[-−]/.test(trimmed);
  const stored = readDecimal(trimmed.replace(/^[-−]\s*/, ""), BOUND_PLACES, format);
  return stored === undefined ? null : Number(negative ? `-${stored}` : stored);
}

/** A bound as its field shows it, in the shop's decimal separator ("2,5"), which `typedBound` reads back. */
export const boundText = (value: number | undefined, format = shopAmountFormat()) =>
  value === undefined ? "" : `${value < 0 ? "-" : ""}${decimalText(String(Math.abs(value)), format)}`;

/**
 * A number the owner types as the shop writes numbers: `read` answers its value (null when it cannot), `show` the text of a
 * value, which `read` reads back. Text it cannot read is named beside the field by `refusal` and stops the builder's save.
 */
export function ShopNumberField<V>({
  read,
  show,
  refusal,
  hint,
  ...props
}: Props<V> & { read(text: string): V | null; show(value: V): string; refusal(text: string): string; hint: string }) {
  const report = useContext(UnreadableAmountsContext);
  const [text, setText] = useState(show(props.value));
  // The text shown for the kept value is never refused, even where the field writes it coarser than it is kept.
  const bad = text !== show(props.value) && read(text) === null;
  // Follows the value when it changes from outside (another field chosen), not while typing.
  useEffect(() => {
    setText((current) => (read(current) === props.value ? current : show(props.value)));
  }, [props.value, read, show]);
  useEffect(() => {
    report(props.path, bad ? refusal(text.trim()) : null);
  }, [report, props.path, bad, text, refusal]);
  return (
    // Always a hint, so the field's frame keeps its shape (and the input its focus) as the text turns readable or not.
    <FieldFrame {...props} hint={bad ? refusal(text.trim()) : hint}>
      {(aria) => (
        <input
          {...aria}
          type="text"
          inputMode="decimal"
          size={8}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const value = read(event.target.value);
            if (value !== null) props.onChange(value);
          }}
        />
      )}
    </FieldFrame>
  );
}

/** A number field's bound (smallest, largest, step) typed as the shop writes numbers; empty is not set. */
export function BoundField(props: Props<number | undefined>) {
  return <ShopNumberField {...props} read={typedBound} show={boundText} refusal={t.unreadableNumber} hint={t.boundHint()} />;
}
