/**
 * The product form (decision 0043, 0047): the cards of `PRODUCT_CARDS` in order, the server's
 * messages beside their fields and summed up above them; delete behind a confirmation, and a
 * question before leaving with unsaved changes.
 */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { AdminApiError } from "../api.ts";
import { AFTER_DELETE, DeleteCard, EditorHead, LeaveGuard, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext } from "../components/fields.tsx";
import { type AttributeTerm, type Product, type ProductCurrency, productsApi } from "./api.ts";
import type { ProductChoices } from "./card-parts.tsx";
import { PRODUCT_CARDS } from "./cards.tsx";
import { productMessages as t } from "./messages.ts";
import { editableOf, fromDraft, type ProductDraft, toDraft, withStockNow } from "./model.ts";

export type { ProductChoices } from "./card-parts.tsx";

interface Props {
  id?: number;
  /** The stored product's version, sent back with a save (decision 0158). */
  version?: string;
  initial: ProductDraft;
  currency: ProductCurrency;
  choices: ProductChoices;
  permalink?: string;
}

export function ProductForm({ id, version: loadedVersion = "", initial, currency, choices: loadedChoices, permalink }: Props) {
  const [draft, setDraft] = useState(initial);
  const [version, setVersion] = useState(loadedVersion);
  // The shop's terms as loaded, plus those the attributes card adds on the page.
  const [choices, setChoices] = useState(loadedChoices);
  const onTermAdded = (attributeId: number, term: AttributeTerm) =>
    setChoices((current) => ({
      ...current,
      attributes: current.attributes.map((a) => (a.id === attributeId ? { ...a, terms: [...a.terms, term] } : a)),
    }));
  const [saved, setSaved] = useState(initial);
  const [link, setLink] = useState(permalink);
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const deleting = useDelete(async () => {
    if (!id) return;
    await productsApi.remove(id);
    announce(t.deleted(saved.name));
    navigate("/admin/products", { state: AFTER_DELETE });
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const cards = PRODUCT_CARDS.filter((card) => !card.when || card.when(draft));
  const labels: Record<string, string> = Object.assign({}, ...PRODUCT_CARDS.map((card) => card.labels?.(currency) ?? {}));
  const labelFor = (path: string) => {
    // A variation's or an attribute's field: "Variation 2: Sale price (USD)".
    const nested = /^(variations|attributes)\.(\d+)\.(\w+)/.exec(path);
    if (!nested) return labels[path] ?? path;
    const [, list, index, field] = nested as unknown as [string, string, string, string];
    const owner = list === "variations" ? t.variation : t.attribute;
    return `${owner} ${Number(index) + 1}: ${labels[field] ?? (field === "term_ids" ? t.terms : field)}`;
  };

  /** Saves the draft; `then` runs on the saved product (generating variations) before the form shows it. */
  async function saveDraft(then?: (product: Product) => Promise<{ product: Product; message: string }>) {
    const body = fromDraft(draft, currency);
    if (!body.ok) return refuse(body.errors);
    await run(
      async () => {
        const product = await (id ? productsApi.save(id, body.input, version) : productsApi.create(body.input)).catch((error: unknown) => {
          // Orders moved the stock while the form was open: the figures now become the loaded ones, the owner's stay typed.
          if (error instanceof AdminApiError && error.code === "cw_rest_stock_changed")
            setDraft((current) => withStockNow(current, (error.data.stock ?? {}) as Record<string, number | null>));
          throw error;
        });
        return then ? then(product) : { product, message: id ? t.saved : t.created };
      },
      ({ product, message }) => {
        const next = toDraft(editableOf(product), currency);
        setVersion(product.version);
        setSaved(next);
        setDraft(next);
        setLink(product.permalink);
        announce(message);
        if (!id) navigate(`/admin/products/${product.id}`, { replace: true });
      },
    );
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    return saveDraft();
  };
  const generate = () =>
    saveDraft(async (product) => {
      const { created, product: generated } = await productsApi.generate(product.id);
      return { product: generated, message: t.generated(created) };
    });

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
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}
        {cards.map(({ key, Card }) => (
          <Card
            key={key}
            id={id}
            draft={draft}
            setDraft={setDraft}
            currency={currency}
            choices={choices}
            generate={generate}
            busy={busy}
            onTermAdded={onTermAdded}
          />
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
