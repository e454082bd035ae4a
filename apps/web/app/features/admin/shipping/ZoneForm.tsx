/**
 * The zone form (decision 0041): name, regions by kind, methods; the server's messages beside
 * their fields and summed up above them; delete behind a confirmation.
 */
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AdminApiError } from "../api.ts";
import { ConfirmDialog, ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext, TextField } from "../components/fields.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { consoleMessages } from "../messages.ts";
import { type ShopCurrency, shippingApi } from "./api.ts";
import { MethodsEditor } from "./MethodsEditor.tsx";
import { shippingMessages as t } from "./messages.ts";
import { fromZoneDraft, type RegionField, toZoneDraft, type ZoneDraft, zoneFieldErrors } from "./model.ts";

const REGION_TEXTS: Record<RegionField, { label: string; hint: string }> = {
  countries: { label: t.countries, hint: t.countriesHint },
  states: { label: t.states, hint: t.statesHint },
  continents: { label: t.continents, hint: t.continentsHint },
  postcodes: { label: t.postcodes, hint: t.postcodesHint },
};

export function ZoneForm({ id, initial, currency }: { id?: number; initial: ZoneDraft; currency: ShopCurrency }) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState("");
  const announce = useAnnounce();
  const navigate = useNavigate();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const code = currency.currency_code;

  const labelFor = (path: string) => {
    if (path === "name") return t.name;
    if (path in REGION_TEXTS) return REGION_TEXTS[path as RegionField].label;
    const method = /^methods\.(\d+)/.exec(path);
    return method ? t.method(Number(method[1]) + 1) : t.methods;
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = fromZoneDraft(draft, currency);
    if (!body.ok) {
      setErrors(body.errors);
      setFailure(Object.values(body.errors)[0] ?? "");
      return;
    }
    setBusy(true);
    setFailure("");
    try {
      const zone = id ? await shippingApi.save(id, body.input) : await shippingApi.create(body.input);
      const next = toZoneDraft(zone, currency);
      setErrors({});
      setSaved(next);
      setDraft(next);
      announce(id ? t.saved : t.created);
      if (!id) navigate(`/admin/shipping/zones/${zone.id}`, { replace: true });
    } catch (error) {
      if (error instanceof AdminApiError) {
        setErrors(zoneFieldErrors(error.fields, body.fieldOf));
        setFailure(error.message);
      } else setFailure(consoleMessages.networkError);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirming(false);
    setDeleteError("");
    if (!id) return;
    try {
      await shippingApi.remove(id);
      announce(t.deleted(saved.name));
      navigate("/admin/shipping");
    } catch (error) {
      setDeleteError(error instanceof AdminApiError ? error.message : consoleMessages.networkError);
    }
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <div className="admin-page__head admin-editor__head">
          <div>
            <p className="admin-breadcrumb">
              <Link to="/admin/shipping">{t.back}</Link>
            </p>
            <h1>{id ? t.editTitle(saved.name) : t.newTitle}</h1>
          </div>
          <div className="admin-actions">
            {dirty && <span className="admin-badge admin-badge--warning">{t.unsaved}</span>}
            <button type="submit" className="button" disabled={busy}>
              {busy ? consoleMessages.saving : id ? t.save : t.create}
            </button>
          </div>
        </div>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.regions}</legend>
          <TextField path="name" label={t.name} value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
          {(Object.keys(REGION_TEXTS) as RegionField[]).map((field) => (
            <TextField
              key={field}
              path={field}
              label={REGION_TEXTS[field].label}
              hint={REGION_TEXTS[field].hint}
              multiline={field === "postcodes"}
              value={draft[field]}
              onChange={(value) => setDraft({ ...draft, [field]: value })}
            />
          ))}
        </fieldset>
        <MethodsEditor methods={draft.methods} currency={code} onChange={(methods) => setDraft({ ...draft, methods })} />
      </form>

      {id && (
        <div className="admin-card">
          <ErrorAlert message={deleteError} />
          <button type="button" className="button admin-button--danger" onClick={() => setConfirming(true)}>
            {t.delete}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.deleteTitle(saved.name)}
        body={t.deleteBody}
        confirmLabel={t.deleteConfirm}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </FieldErrorsContext.Provider>
  );
}
