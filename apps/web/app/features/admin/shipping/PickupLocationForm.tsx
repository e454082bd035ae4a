/**
 * One pickup location's form (decision 0041). Local pickup is saved whole (its locations are rates
 * pickup_location:1, :2… by place), so the form's paths are the server's (`locations.2.address.city`)
 * and its messages land beside their fields as they come.
 */
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AdminApiError } from "../api.ts";
import { ConfirmDialog, ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, TextField } from "../components/fields.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { consoleMessages } from "../messages.ts";
import { type LocalPickup, type PickupLocation, pickupBody, shippingApi } from "./api.ts";
import { shippingMessages as t } from "./messages.ts";

type Field = keyof PickupLocation["address"] | "name" | "details";

const ADDRESS: { field: keyof PickupLocation["address"]; label: string; hint?: string }[] = [
  { field: "address_1", label: t.address1 },
  { field: "city", label: t.city },
  { field: "state", label: t.state, hint: t.stateHint },
  { field: "postcode", label: t.postcode },
  { field: "country", label: t.country, hint: t.countryHint },
];

export const emptyLocation = (): PickupLocation => ({
  name: "",
  address: { address_1: "", city: "", state: "", postcode: "", country: "" },
  details: "",
  enabled: true,
});

export function PickupLocationForm({ pickup, index }: { pickup: LocalPickup; index: number }) {
  const isNew = index >= pickup.locations.length;
  const initial = pickup.locations[index] ?? emptyLocation();
  const [stored, setStored] = useState(pickup);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState("");
  const announce = useAnnounce();
  const navigate = useNavigate();
  const at = (field: string) => `locations.${index}.${field}`;
  const savedName = stored.locations[index]?.name ?? "";

  const labelFor = (path: string) => {
    const field = path.split(".").at(-1) as Field;
    return (
      ADDRESS.find((a) => a.field === field)?.label ?? (field === "name" ? t.locationName : field === "details" ? t.details : t.locations)
    );
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure("");
    const locations = [...stored.locations];
    locations[index] = draft;
    try {
      const saved = await shippingApi.savePickup(pickupBody({ ...stored, locations }));
      setStored(pickupBody(saved));
      setDraft(saved.locations[index] ?? draft);
      setErrors({});
      announce(isNew ? t.locationCreated : t.locationSaved);
      if (isNew) navigate(`/admin/shipping/pickup/${index + 1}`, { replace: true });
    } catch (error) {
      if (error instanceof AdminApiError) {
        setErrors(error.fields);
        setFailure(error.message);
      } else setFailure(consoleMessages.networkError);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirming(false);
    setDeleteError("");
    try {
      await shippingApi.savePickup(pickupBody({ ...stored, locations: stored.locations.filter((_, at) => at !== index) }));
      announce(t.locationDeleted(savedName));
      navigate("/admin/shipping/pickup");
    } catch (error) {
      setDeleteError(error instanceof AdminApiError ? error.message : consoleMessages.networkError);
    }
  }

  const setAddress = (field: keyof PickupLocation["address"]) => (value: string) =>
    setDraft({ ...draft, address: { ...draft.address, [field]: value } });

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <div className="admin-page__head admin-editor__head">
          <div>
            <p className="admin-breadcrumb">
              <Link to="/admin/shipping/pickup">{t.backToPickup}</Link>
            </p>
            <h1>{isNew ? t.newLocationTitle : t.editLocationTitle(savedName)}</h1>
          </div>
          <div className="admin-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? consoleMessages.saving : isNew ? t.locationCreate : t.locationSave}
            </button>
          </div>
        </div>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}
        <fieldset className="admin-card admin-fieldset">
          <legend>{t.address}</legend>
          <TextField path={at("name")} label={t.locationName} value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
          {ADDRESS.map(({ field, label, hint }) => (
            <TextField
              key={field}
              path={at(`address.${field}`)}
              label={label}
              hint={hint}
              value={draft.address[field]}
              onChange={setAddress(field)}
            />
          ))}
          <TextField
            path={at("details")}
            label={t.details}
            multiline
            value={draft.details}
            onChange={(details) => setDraft({ ...draft, details })}
          />
          <CheckboxField
            path={at("enabled")}
            label={t.locationEnabled}
            value={draft.enabled}
            onChange={(enabled) => setDraft({ ...draft, enabled })}
          />
        </fieldset>
      </form>
      {!isNew && (
        <div className="admin-card">
          <ErrorAlert message={deleteError} />
          <button type="button" className="button admin-button--danger" onClick={() => setConfirming(true)}>
            {t.locationDelete}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.locationDeleteTitle(savedName)}
        body={t.locationDeleteBody}
        confirmLabel={t.deleteConfirm}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </FieldErrorsContext.Provider>
  );
}
