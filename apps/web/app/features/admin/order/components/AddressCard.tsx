/**
 * A billing or shipping address, and its Edit: an inline form of native inputs, the server's messages
 * beside each field; the country and state picked by name from the list loaded after the page's first paint.
 */
import { useRef, useState } from "react";
import { AdminApiError } from "../../api.ts";
import { printedAddress } from "../../components/address.ts";
import { type Choice, countryChoices, stateChoices, stateForCountry } from "../../components/address-choices.ts";
import { failureText } from "../../components/failure.ts";
import { ErrorAlert } from "../../components/page.tsx";
import { useCountryList } from "../../components/use-country-list.ts";
import { type AddressKind, type OrderReply, orderApi } from "../api.ts";
import { addressFailureText, addressFields, addressSavedText, changedAddressFields, extraAddressFields } from "../format.ts";
import { ADDRESS_FIELD_LABELS, orderMessages as t } from "../messages.ts";
import { itemsEditable } from "../status.ts";

interface Props {
  order: OrderReply;
  which: AddressKind;
  onSaved(order: OrderReply, announcement: string): void;
}

const inputType = (field: string) => (field === "email" ? "email" : field === "phone" ? "tel" : "text");

export function AddressCard({ order, which, onSaved }: Props) {
  const address = which === "billing" ? order.billing_address : order.shipping_address;
  const title = which === "billing" ? t.billing : t.shipping;
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  // The fields as the form opened with them: a save sends only what differs (changedAddressFields).
  const [opened, setOpened] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const lines = printedAddress(address);
  const extras = extraAddressFields(address);
  const id = (field: string) => `${which}-address-${field}`;
  // Asked for once the page is up, so the names are there when Edit opens the form.
  const countries = useCountryList();

  function change(field: string, value: string) {
    if (field !== "country" || !countries) setValues({ ...values, [field]: value });
    else setValues({ ...values, country: value, state: stateForCountry(countries, value, values.state ?? "") });
  }

  // A select where the field has choices (the country always, the state when its country has a list), else a text field.
  const choicesOf = (field: string): Choice[] | undefined =>
    field === "country"
      ? countryChoices(countries, values.country ?? "", t.chooseIn(ADDRESS_FIELD_LABELS.country ?? field))
      : field === "state"
        ? stateChoices(countries, values.country ?? "", values.state ?? "", t.chooseIn(ADDRESS_FIELD_LABELS.state ?? field))
        : undefined;

  function open() {
    const fields = Object.fromEntries(
      addressFields(which).map((field) => [field, typeof address[field] === "string" ? String(address[field]) : ""]),
    );
    setOpened(fields);
    setValues(fields);
    setErrors({});
    setMessage("");
    setEditing(true);
    requestAnimationFrame(() => formRef.current?.querySelector("input")?.focus());
  }

  function close() {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const changed = changedAddressFields(opened, values);
    // Nothing changed: nothing to send, and no "address changed" event in the history.
    if (!Object.keys(changed).length) return close();
    setBusy(true);
    setErrors({});
    setMessage("");
    try {
      // The shop's own fields (checkboxes…) stay as stored: the server keeps what is not sent.
      const reply = await orderApi.saveAddress(order.id, which, changed);
      setEditing(false);
      onSaved(reply, addressSavedText(title, changed, itemsEditable(order)));
      requestAnimationFrame(() => editButton.current?.focus());
    } catch (failure) {
      if (failure instanceof AdminApiError) {
        // The server keys fields by name ("postcode"), or by a path ending in it.
        const byField = Object.fromEntries(Object.entries(failure.fields).map(([path, text]) => [path.split(".").pop() ?? path, text]));
        setErrors(byField);
        setMessage(addressFailureText(which, byField) ?? failure.message);
        const first = addressFields(which).find((field) => byField[field]);
        if (first) requestAnimationFrame(() => document.getElementById(id(first))?.focus());
      } else setMessage(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby={`${which}-address-title`}>
      <div className="admin-order-card__head">
        <h2 id={`${which}-address-title`}>{title}</h2>
        {!editing && (
          <button ref={editButton} type="button" className="admin-link-button" aria-label={t.editLabel(title)} onClick={open}>
            {t.edit}
          </button>
        )}
      </div>
      {editing ? (
        <form ref={formRef} className="admin-order-address-form" onSubmit={save} noValidate aria-label={t.editLabel(title)}>
          <ErrorAlert message={message} />
          {addressFields(which).map((field) => {
            const error = errors[field];
            const choices = choicesOf(field);
            return (
              <div key={field} className={`admin-field${error ? " admin-field--error" : ""}`}>
                <label htmlFor={id(field)}>{ADDRESS_FIELD_LABELS[field]}</label>
                {error && (
                  <p id={`${id(field)}-error`} className="admin-field__error">
                    {error}
                  </p>
                )}
                {choices ? (
                  <select
                    id={id(field)}
                    name={field}
                    autoComplete="off"
                    value={values[field] ?? ""}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id(field)}-error` : undefined}
                    onChange={(event) => change(field, event.target.value)}
                  >
                    {choices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id(field)}
                    name={field}
                    type={inputType(field)}
                    autoComplete="off"
                    value={values[field] ?? ""}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id(field)}-error` : undefined}
                    onChange={(event) => change(field, event.target.value)}
                  />
                )}
              </div>
            );
          })}
          <div className="admin-actions">
            <button type="submit" className="button" aria-disabled={busy}>
              {t.save}
            </button>
            <button type="button" className="button button--secondary" onClick={close}>
              {t.cancel}
            </button>
          </div>
        </form>
      ) : lines.length ? (
        <>
          <address className="admin-order-address">
            {lines.map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </address>
          {extras.length > 0 && (
            <dl className="admin-details">
              {extras.map(({ key, value }) => (
                <div key={key} className="admin-details__row">
                  <dt>{key}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      ) : (
        <p className="admin-muted">{t.noAddress}</p>
      )}
    </section>
  );
}
