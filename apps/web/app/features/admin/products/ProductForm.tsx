/**
 * The product form (decision 0043, 0047): the cards of `PRODUCT_CARDS` in order, the server's
 * messages beside their fields and summed up above them; delete behind a confirmation, and a
 * question before leaving with unsaved changes.
 */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { DeleteCard, EditorHead, LeaveGuard, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext } from "../components/fields.tsx";
import { type ProductCurrency, productsApi } from "./api.ts";
import type { ProductChoices } from "./card-parts.tsx";
import { PRODUCT_CARDS } from "./cards.tsx";
import { productMessages as t } from "./messages.ts";
import { fromDraft, type ProductDraft, toDraft } from "./model.ts";

export type { ProductChoices } from "./card-parts.tsx";

interface Props {
  id?: number;
  initial: ProductDraft;
  currency: ProductCurrency;
  choices: ProductChoices;
  permalink?: string;
}

export function ProductForm({ id, initial, currency, choices, permalink }: Props) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [link, setLink] = useState(permalink);
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const deleting = useDelete(async () => {
    if (!id) return;
    await productsApi.remove(id);
    announce(t.deleted(saved.name));
    navigate("/admin/products");
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const cards = PRODUCT_CARDS.filter((card) => !card.when || card.when(draft));
  const labels: Record<string, string> = Object.assign({}, ...PRODUCT_CARDS.map((card) => card.labels?.(currency) ?? {}));

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = fromDraft(draft, currency);
    if (!body.ok) return refuse(body.errors);
    await run(
      () => (id ? productsApi.save(id, body.input) : productsApi.create(body.input)),
      (product) => {
        const next = toDraft(product, currency);
        setSaved(next);
        setDraft(next);
        setLink(product.permalink);
        announce(id ? t.saved : t.created);
        if (!id) navigate(`/admin/products/${product.id}`, { replace: true });
      },
    );
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead
          back="/admin/products"
          backLabel={t.back}
          title={id ? t.editTitle(saved.name) : t.newTitle}
          dirty={dirty}
          busy={busy}
          submitLabel={id ? t.save : t.create}
        >
          {id && link && saved.status === "publish" && <a href={link}>{t.view}</a>}
        </EditorHead>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => labels[path] ?? path} />}
        {cards.map(({ key, Card }) => (
          <Card key={key} id={id} draft={draft} setDraft={setDraft} currency={currency} choices={choices} />
        ))}
      </form>

      <DeleteCard
        deleting={deleting}
        shown={Boolean(id)}
        label={t.delete}
        title={t.deleteTitle(saved.name)}
        body={t.deleteBody}
        confirmLabel={t.deleteConfirm}
      />
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
