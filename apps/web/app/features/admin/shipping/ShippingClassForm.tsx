/**
 * A shipping class's form (decision 0106): name, slug and description, the server's messages beside
 * their fields; delete behind a confirmation that says how many products lose the class.
 */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { DeleteCard, SubmitButton, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext, TextField } from "../components/fields.tsx";
import { type ShippingClass, shippingClassesApi } from "./api.ts";
import { shippingMessages as t } from "./messages.ts";

const LABELS: Record<string, string> = { name: t.className, slug: t.classSlug, description: t.classDescription };

export function ShippingClassForm({ initial, heading }: { initial: ShippingClass | null; heading: string }) {
  const id = initial?.id;
  const [draft, setDraft] = useState({ name: initial?.name ?? "", slug: initial?.slug ?? "", description: initial?.description ?? "" });
  const [saved, setSaved] = useState(initial);
  const { errors, failure, busy, run } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const deleting = useDelete(async () => {
    if (!id) return;
    const { products_updated } = await shippingClassesApi.remove(id);
    announce(t.classDeleted(saved?.name ?? "", products_updated));
    navigate("/admin/shipping/classes");
  });
  const set = (key: keyof typeof draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    await run(
      () => (id ? shippingClassesApi.save(id, draft, saved?.version ?? "") : shippingClassesApi.create(draft)),
      (result) => {
        announce(id ? t.classSaved : t.classCreated);
        if (id) {
          setSaved(result);
          setDraft({ name: result.name, slug: result.slug, description: result.description });
        } else navigate(`/admin/shipping/classes/${result.id}`);
      },
    );
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-card admin-fieldset" onSubmit={save} noValidate aria-busy={busy} aria-labelledby="shipping-class-form-title">
        <h2 id="shipping-class-form-title">{heading}</h2>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => LABELS[path] ?? path} />}
        <TextField path="name" label={t.className} value={draft.name} onChange={set("name")} />
        <TextField path="slug" label={t.classSlug} hint={t.classSlugHint} value={draft.slug} onChange={set("slug")} />
        <TextField path="description" multiline label={t.classDescription} value={draft.description} onChange={set("description")} />
        <div className="admin-actions">
          <SubmitButton busy={busy} label={id ? t.saveClass : t.addClass} />
        </div>
      </form>
      <DeleteCard
        deleting={deleting}
        shown={Boolean(id)}
        label={t.deleteClass}
        title={t.deleteClassTitle(saved?.name ?? "")}
        body={t.deleteClassBody(saved?.count ?? 0)}
        confirmLabel={t.deleteClassConfirm}
      />
    </FieldErrorsContext.Provider>
  );
}
