/**
 * One pickup location's form (decision 0041). Local pickup is saved whole (its locations are rates
 * pickup_location:1, :2… by place), so the form's paths are the server's (`locations.2.address.city`)
 * and its messages land beside their fields as they come. A save or delete sends the version the
 * page opened (or last saved): pickup changed since is refused rather than its other locations
 * overwritten, the message above the form and what the owner typed kept (decision 0158).
 */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { DeleteCard, EditorHead, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, TextField } from "../components/fields.tsx";
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

export function PickupLocationForm({ pickup, version: opened, index }: { pickup: LocalPickup; version: string; index: number }) {
  const isNew = index >= pickup.locations.length;
  const initial = pickup.locations[index] ?? emptyLocation();
  const [stored, setStored] = useState(pickup);
  const [version, setVersion] = useState(opened);
  const [draft, setDraft] = useState(initial);
  const { errors, failure, busy, run } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const at = (field: string) => `locations.${index}.${field}`;
  const savedName = stored.locations[index]?.name ?? "";
  const deleting = useDelete(async () => {
    await shippingApi.savePickup(pickupBody({ ...stored, locations: stored.locations.filter((_, at) => at !== index) }), version);
    announce(t.locationDeleted(savedName));
    navigate("/admin/shipping/pickup");
  });

  const labelFor = (path: string) => {
    const field = path.split(".").at(-1) as Field;
    return (
      ADDRESS.find((a) => a.field === field)?.label ?? (field === "name" ? t.locationName : field === "details" ? t.details : t.locations)
    );
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const locations = [...stored.locations];
    locations[index] = draft;
    await run(
      () => shippingApi.savePickup(pickupBody({ ...stored, locations }), version),
      (saved) => {
        setStored(pickupBody(saved));
        setVersion(saved.version);
        setDraft(saved.locations[index] ?? draft);
        announce(isNew ? t.locationCreated : t.locationSaved);
        if (isNew) navigate(`/admin/shipping/pickup/${index + 1}`, { replace: true });
      },
    );
  }

  const setAddress = (field: keyof PickupLocation["address"]) => (value: string) =>
    setDraft({ ...draft, address: { ...draft.address, [field]: value } });

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead
          back="/admin/shipping/pickup"
          backLabel={t.backToPickup}
          title={isNew ? t.newLocationTitle : t.editLocationTitle(savedName)}
          busy={busy}
          submitLabel={isNew ? t.locationCreate : t.locationSave}
        />
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
      <DeleteCard
        deleting={deleting}
        shown={!isNew}
        label={t.locationDelete}
        title={t.locationDeleteTitle(savedName)}
        body={t.locationDeleteBody}
        confirmLabel={t.deleteConfirm}
      />
    </FieldErrorsContext.Provider>
  );
}
