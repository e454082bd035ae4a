/**
 * The form of a category, brand or tag (decisions 0043, 0095): name and slug, and for a category or brand its parent,
 * description and position; the server's messages beside their fields, delete behind a confirmation.
 */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { DeleteCard, SubmitButton, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { type Category, type CategoryInput, type Tag, type TagInput, termsApi } from "./api.ts";
import { hierarchical, type TermKind as Kind, parentLabel, termWords } from "./term-kinds.ts";
import { termPageMessages as t } from "./term-messages.ts";

interface Props {
  kind: Kind;
  id?: number;
  initial: Category | Tag | null;
  /** The categories a category may sit in (itself left out). */
  parents?: Category[];
  /** Heading level and text of the form's own title. */
  heading: string;
}

export function TermForm({ kind, id, initial, parents = [], heading }: Props) {
  const words = termWords(kind);
  const start = {
    name: initial?.name ?? "",
    slug: initial?.slug ?? "",
    description: (initial as Category | null)?.description ?? "",
    parent: String((initial as Category | null)?.parent_id ?? ""),
    menu_order: String((initial as Category | null)?.menu_order ?? 0),
  };
  const [draft, setDraft] = useState(start);
  const [savedName, setSavedName] = useState(start.name);
  const [version, setVersion] = useState(initial?.version ?? "");
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const deleting = useDelete(async () => {
    if (!id) return;
    await termsApi[kind].remove(id);
    announce(words.deleted(savedName));
    navigate(`/admin/${kind}`);
  });
  const set = (key: keyof typeof draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const labels: Record<string, string> = {
    name: t.name,
    slug: t.slug,
    description: t.description,
    parent_id: parentLabel(kind),
    menu_order: t.menuOrder,
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (hierarchical(kind) && !/^-?\d{1,7}$/.test(draft.menu_order.trim())) return refuse({ menu_order: t.notWhole });
    await run(
      () =>
        kind !== "tags"
          ? (id ? (body: CategoryInput) => termsApi[kind].save(id, body, version) : termsApi[kind].create)({
              name: draft.name,
              slug: draft.slug,
              description: draft.description,
              parent_id: draft.parent ? Number(draft.parent) : null,
              menu_order: Number(draft.menu_order.trim()),
            })
          : (id ? (body: TagInput) => termsApi.tags.save(id, body, version) : termsApi.tags.create)({ name: draft.name, slug: draft.slug }),
      (saved) => {
        announce(id ? words.saved : words.created);
        if (id) {
          setVersion(saved.version);
          setSavedName(saved.name);
          setDraft((current) => ({ ...current, name: saved.name, slug: saved.slug }));
        } else navigate(`/admin/${kind}/${saved.id}`);
      },
    );
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-card admin-fieldset" onSubmit={save} noValidate aria-busy={busy} aria-labelledby={`${kind}-form-title`}>
        <h2 id={`${kind}-form-title`}>{heading}</h2>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => labels[path] ?? path} />}
        <TextField path="name" label={t.name} value={draft.name} onChange={set("name")} />
        <TextField path="slug" label={t.slug} hint={t.slugHint} value={draft.slug} onChange={set("slug")} />
        {hierarchical(kind) && (
          <>
            <SelectField
              path="parent_id"
              label={parentLabel(kind)}
              value={draft.parent}
              options={[
                { value: "", label: t.noParent },
                ...parents.filter((p) => p.id !== id).map((p) => ({ value: String(p.id), label: p.name })),
              ]}
              onChange={set("parent")}
            />
            <TextField path="description" multiline label={t.description} value={draft.description} onChange={set("description")} />
            <TextField path="menu_order" label={t.menuOrder} value={draft.menu_order} onChange={set("menu_order")} />
          </>
        )}
        <div className="admin-actions">
          <SubmitButton busy={busy} label={id ? t.save : words.add} />
        </div>
      </form>
      <DeleteCard
        deleting={deleting}
        shown={Boolean(id)}
        label={words.delete}
        title={words.deleteTitle(savedName)}
        body={words.deleteBody(initial?.count ?? 0)}
        confirmLabel={t.deleteConfirm}
      />
    </FieldErrorsContext.Provider>
  );
}
