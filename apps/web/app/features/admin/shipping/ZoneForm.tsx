/**
 * The zone form (decision 0041): name, regions by kind, methods; the server's messages beside
 * their fields and summed up above them; delete behind a confirmation. A save sends the version
 * the form opened (or last saved): a zone someone changed since is refused, the message above the
 * form and what the owner typed kept (decision 0158). Leaving with unsaved changes asks first.
 */
import { allCountries, statesOf } from "@cartwright/commerce";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import type { CountryList } from "../components/address-choices.ts";
import { AFTER_DELETE, DeleteCard, EditorHead, LeaveGuard, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext, TextField } from "../components/fields.tsx";
import { CountryPicker, StatePicker } from "../components/RegionPickers.tsx";
import { type ShippingClass, type ShopCurrency, shippingApi } from "./api.ts";
import { MethodsEditor } from "./MethodsEditor.tsx";
import { shippingMessages as t } from "./messages.ts";
import { fromZoneDraft, type RegionField, toZoneDraft, type ZoneDraft, zoneFieldErrors } from "./model.ts";

/** The zone page takes the country list in its first load, as before: its pickers are the page's main fields. */
const COUNTRIES: CountryList = { allCountries, statesOf };

const REGION_TEXTS: Record<RegionField, { label: string; hint: string }> = {
  countries: { label: t.countries, hint: t.countriesHint },
  states: { label: t.states, hint: t.statesHint },
  continents: { label: t.continents, hint: t.continentsHint },
  postcodes: { label: t.postcodes, hint: t.postcodesHint },
};

export function ZoneForm({
  id,
  initial,
  version: opened = "",
  currency,
  classes,
}: {
  id?: number;
  initial: ZoneDraft;
  /** The opened zone's version; a new zone has none. */
  version?: string;
  currency: ShopCurrency;
  classes: readonly ShippingClass[];
}) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [version, setVersion] = useState(opened);
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const deleting = useDelete(async () => {
    if (!id) return;
    await shippingApi.remove(id);
    announce(t.deleted(saved.name));
    navigate("/admin/shipping", { state: AFTER_DELETE });
  });
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
    const body = fromZoneDraft(
      draft,
      currency,
      classes.map((c) => c.id),
    );
    if (!body.ok) return refuse(body.errors);
    await run(
      () => (id ? shippingApi.save(id, body.input, version) : shippingApi.create(body.input)),
      (zone) => {
        const next = toZoneDraft(zone, currency);
        setVersion(zone.version);
        setSaved(next);
        setDraft(next);
        announce(id ? t.saved : t.created);
        if (!id) navigate(`/admin/shipping/zones/${zone.id}`, { replace: true });
      },
      (fields) => zoneFieldErrors(fields, body.fieldOf),
    );
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead
          back="/admin/shipping"
          backLabel={t.back}
          title={id ? t.editTitle(saved.name) : t.newTitle}
          dirty={dirty}
          busy={busy}
          submitLabel={id ? t.save : t.create}
        />
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.regions}</legend>
          <TextField path="name" label={t.name} value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
          <CountryPicker
            path="countries"
            label={t.countries}
            hint={t.countriesHint}
            list={COUNTRIES}
            value={draft.countries}
            onChange={(countries) => setDraft({ ...draft, countries })}
          />
          <StatePicker
            path="states"
            label={t.states}
            hint={t.statesHint}
            list={COUNTRIES}
            value={draft.states}
            onChange={(states) => setDraft({ ...draft, states })}
          />
          {(["continents", "postcodes"] as const).map((field) => (
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
        <MethodsEditor methods={draft.methods} currency={code} classes={classes} onChange={(methods) => setDraft({ ...draft, methods })} />
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
