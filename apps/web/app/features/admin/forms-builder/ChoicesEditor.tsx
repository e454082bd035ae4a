/** A choice field's choices: label, price (payment kinds, in the shop's currency), image, selected at first. */
import type { Currency } from "@cartwright/commerce";
import type { Choice } from "@cartwright/commerce/forms";
import { CheckboxField, TextField } from "../components/fields.tsx";
import { MoneyField } from "./controls.tsx";
import { nextChoiceId } from "./model.ts";

interface Props {
  path: string;
  choices: Choice[];
  priced: boolean;
  images: boolean;
  currency: Currency;
  onChange(choices: Choice[]): void;
}

export function ChoicesEditor({ path, choices, priced, images, currency, onChange }: Props) {
  const set = (index: number, patch: Partial<Choice>) =>
    onChange(choices.map((choice, i) => (i === index ? { ...choice, ...patch } : choice)));
  const move = (index: number, delta: number) => {
    const next = [...choices];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + delta, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="admin-fieldset builder-choices">
      <legend>Choices</legend>
      {choices.map((choice, index) => {
        const at = `${path}.choices.${index}`;
        const name = choice.label || `Choice ${index + 1}`;
        return (
          <fieldset key={choice.id} className="admin-fieldset builder-choice">
            <legend>{`Choice ${index + 1}`}</legend>
            <TextField path={`${at}.label`} label="Choice label" value={choice.label} onChange={(label) => set(index, { label })} />
            {priced && (
              <MoneyField
                path={`${at}.priceMinor`}
                label="Price"
                currency={currency}
                value={choice.priceMinor ?? 0}
                onChange={(priceMinor) => set(index, { priceMinor })}
              />
            )}
            {images && (
              <TextField
                path={`${at}.imageUrl`}
                label="Image address"
                type="url"
                hint="An https:// address or a path on this site."
                value={choice.imageUrl ?? ""}
                onChange={(imageUrl) => set(index, { imageUrl: imageUrl || undefined })}
              />
            )}
            <CheckboxField
              path={`${at}.selected`}
              label="Selected at first"
              value={Boolean(choice.selected)}
              onChange={(selected) => set(index, { selected: selected || undefined })}
            />
            <div className="admin-row-actions">
              <button
                type="button"
                className="button button--secondary admin-button--small"
                aria-disabled={index === 0}
                onClick={() => index > 0 && move(index, -1)}
                aria-label={`Move ${name} up`}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--secondary admin-button--small"
                aria-disabled={index === choices.length - 1}
                onClick={() => index < choices.length - 1 && move(index, 1)}
                aria-label={`Move ${name} down`}
              >
                ↓
              </button>
              <button
                type="button"
                className="admin-link-button admin-link-button--danger"
                disabled={choices.length <= 1}
                onClick={() => onChange(choices.filter((_, i) => i !== index))}
              >
                {`Remove ${name}`}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button button--secondary admin-button--small"
        onClick={() =>
          onChange([...choices, { id: nextChoiceId(choices), label: `Choice ${choices.length + 1}`, ...(priced ? { priceMinor: 0 } : {}) }])
        }
      >
        Add choice
      </button>
    </fieldset>
  );
}
