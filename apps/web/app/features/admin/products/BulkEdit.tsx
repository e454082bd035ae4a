/**
 * The product list's bulk edit (decision 0043): one change (status, a price or the stock) applied to
 * the selected products; each is its own write on the server, so those refused are listed with why.
 */
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { AdminApiError } from "../api.ts";
import { useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { consoleMessages } from "../messages.ts";
import { toMinor } from "../money.ts";
import { type BulkChanges, bulkApi, type ProductSummary } from "./api.ts";
import { bulkMessages as t } from "./messages.ts";

type Action = keyof typeof t.actions;

/** The API change of an action and its typed value, or an error text. */
function changesOf(action: Action, value: string, minorUnit: number): BulkChanges | string {
  if (action === "publish") return { status: "publish" };
  if (action === "draft") return { status: "draft" };
  const text = value.trim();
  if (action === "stock_quantity") return /^-?\d{1,9}$/.test(text) ? { stock_quantity: Number(text) } : t.notWhole;
  if (!text) return action === "sale_price" ? { sale_price: null } : t.notPrice;
  const minor = toMinor(text, minorUnit);
  return minor === undefined ? t.notAmount(minorUnit) : { [action]: minor };
}

export function BulkEdit({
  chosen,
  products,
  minorUnit,
  onDone,
}: {
  chosen: number[];
  products: ProductSummary[];
  minorUnit: number;
  onDone(): void;
}) {
  const [action, setAction] = useState<Action>("publish");
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const announce = useAnnounce();
  const revalidator = useRevalidator();
  const needsValue = action !== "publish" && action !== "draft";

  async function apply(event: FormEvent) {
    event.preventDefault();
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (busy) return;
    setFailures([]);
    if (!chosen.length) return setError(t.noneChosen);
    const changes = changesOf(action, value, minorUnit);
    if (typeof changes === "string") return setError(changes);
    setError("");
    setBusy(true);
    try {
      const result = await bulkApi.apply(chosen, changes);
      const nameOf = (id: number) => products.find((p) => p.id === id)?.name ?? `#${id}`;
      setFailures(result.failed.map((f) => t.failed(nameOf(f.id), Object.values(f.details ?? {})[0]?.message ?? f.message)));
      announce(t.done(result.updated.length));
      onDone();
      revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : consoleMessages.networkError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FieldErrorsContext.Provider value={error && needsValue ? { "bulk-value": error } : {}}>
      <form className="admin-card admin-filters" onSubmit={apply} aria-labelledby="bulk-edit-title" aria-busy={busy}>
        <h2 id="bulk-edit-title">{t.title}</h2>
        <p className="admin-muted">{t.chosen(chosen.length)}</p>
        <SelectField
          path="bulk-action"
          label={t.action}
          value={action}
          options={(Object.keys(t.actions) as Action[]).map((key) => ({ value: key, label: t.actions[key] }))}
          onChange={(next) => setAction(next as Action)}
        />
        {needsValue && <TextField path="bulk-value" label={t.value} hint={t.valueHint} value={value} onChange={setValue} />}
        <button type="submit" className="button button--secondary" aria-disabled={busy}>
          {t.apply}
        </button>
        {!needsValue && <ErrorAlert message={error} />}
      </form>
      {failures.length > 0 && (
        <div className="admin-card" role="alert">
          <ul>
            {failures.map((failure) => (
              <li key={failure}>{failure}</li>
            ))}
          </ul>
        </div>
      )}
    </FieldErrorsContext.Provider>
  );
}
