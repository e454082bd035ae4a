/**
 * A list setting edited as its JSON (the checkout's additional fields, the cart's fees): the
 * draft keeps the text, the body gets the parsed list, and the server's message for any item
 * (`fees.1.name`) shows beside the one text box.
 */
import { FieldFrame } from "../components/fields.tsx";
import { type BodyResult, ok } from "./GroupForm.tsx";

/** The group with its list as text, for the form. */
export type JsonListDraft<G, K extends keyof G> = Omit<G, K> & { [P in K]: string };

export const jsonListDraft =
  <G, K extends keyof G>(key: K) =>
  (group: G): JsonListDraft<G, K> => {
    const list = group[key] as unknown[];
    return { ...group, [key]: list.length ? JSON.stringify(list, null, 2) : "[]" } as JsonListDraft<G, K>;
  };

/** The body with the text parsed back into a list, or the list's message when the text is not one. */
export const jsonListBody =
  <G, K extends keyof G>(key: K, notAList: string) =>
  (draft: JsonListDraft<G, K>): BodyResult<G> => {
    try {
      const list = JSON.parse((draft[key] as string) || "[]") as unknown;
      if (!Array.isArray(list)) throw new Error("not a list");
      return ok({ ...draft, [key]: list } as G);
    } catch {
      return { ok: false, errors: { [key]: notAList } };
    }
  };

export function JsonListField({
  path,
  label,
  hint,
  value,
  onChange,
}: {
  path: string;
  label: string;
  hint: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    // nested: the server names each item's problem by its place in the list (additional_fields.0.id).
    <FieldFrame path={path} label={label} hint={hint} nested>
      {(aria) => (
        <textarea
          {...aria}
          className="admin-code-input"
          rows={8}
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
