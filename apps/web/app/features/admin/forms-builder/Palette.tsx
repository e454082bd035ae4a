/** Every field kind, grouped; a click adds one at the end of the shown page. */
import type { FieldType } from "@cartwright/commerce/forms";
import { KIND_LABELS, PALETTE } from "./kinds.ts";
import { builderMessages as t } from "./messages.ts";

export function Palette({ onAdd }: { onAdd(type: FieldType): void }) {
  return (
    <div className="builder-palette">
      <h3 id="builder-palette-title">{t.palette}</h3>
      <p className="admin-muted">{t.paletteHint}</p>
      {PALETTE.map(({ group, types }) => (
        <fieldset key={group} className="builder-palette__group">
          <legend>{group}</legend>
          <ul>
            {types.map((type) => (
              <li key={type}>
                <button
                  type="button"
                  className="button button--secondary admin-button--small"
                  aria-label={t.addKind(KIND_LABELS[type])}
                  onClick={() => onAdd(type)}
                >
                  {KIND_LABELS[type]}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
