/**
 * The console's "Add customer" and "Edit" form of a shopper's account (decision 0103): email, names,
 * billing and shipping addresses with the country and state lists, and, when adding, whether the
 * customer is mailed a link to choose their password. Every refused field shows its message beside it.
 * An edit sends the version it opened: an account changed since is refused, the message above the
 * form and what the owner typed kept (decision 0158). A save opens the account's page with the account it answered;
 * leaving otherwise with unsaved changes asks first.
 */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { countryChoices, stateChoices, stateForCountry } from "../components/address-choices.ts";
import { EditorHead, LeaveGuard, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { useCountryList } from "../components/use-country-list.ts";
import { addressFields } from "../order/format.ts";
import { ADDRESS_FIELD_LABELS, orderMessages } from "../order/messages.ts";
import { accountMessages as t } from "./account-messages.ts";
import { type AccountDraft, type AddressDraft, accountBody } from "./account-model.ts";
import { customersApi } from "./api.ts";
import { handSavedAccount } from "./saved-account.ts";

interface Props {
  /** The account edited; undefined when adding one. */
  id?: number;
  initial: AccountDraft;
  /** The edited account's version, as opened. */
  version?: string;
  title: string;
  back: string;
  backLabel: string;
}

type AddressKey = keyof AddressDraft;

export function AccountForm({ id, initial, version = "", title, back, backLabel }: Props) {
  const adding = id === undefined;
  // The account as opened (adding: the empty form); a save leaves for the account's page while busy, so it never asks.
  const [opened] = useState(initial);
  const [draft, setDraft] = useState<AccountDraft>(opened);
  const dirty = JSON.stringify(draft) !== JSON.stringify(opened);
  const { errors, failure, busy, run } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  // The country names arrive after the page's first paint (their own chunk); the codes show until then.
  const countries = useCountryList();
  const set = <K extends keyof AccountDraft>(key: K, value: AccountDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const change = (which: "billing" | "shipping", key: AddressKey, text: string) =>
    setDraft((current) => {
      const value = current[which];
      const next =
        key === "country" && countries
          ? { ...value, country: text, state: stateForCountry(countries, text, value.state) }
          : { ...value, [key]: text };
      return { ...current, [which]: next };
    });

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = accountBody(draft, adding);
    if (adding) {
      await run(
        () => customersApi.create(body),
        ({ email_sent, ...made }) => {
          announce(email_sent || !draft.send_password_link ? t.created(body.email.toLowerCase(), email_sent) : t.notMailed);
          handSavedAccount(made);
          navigate(`/admin/customers/${made.id}`);
        },
      );
    } else {
      await run(
        () => customersApi.update(id, body, version),
        ({ sessions_ended: _ended, ...saved }) => {
          announce(t.saved);
          handSavedAccount(saved);
          navigate(`/admin/customers/${id}`);
        },
      );
    }
  }

  const labelFor = (path: string): string => {
    const [area, key] = path.split(".");
    if ((area === "billing" || area === "shipping") && key) return t.fieldLabel(area, ADDRESS_FIELD_LABELS[key] ?? key);
    if (area === "email") return t.email;
    if (area === "first_name") return t.firstName;
    if (area === "last_name") return t.lastName;
    return path;
  };

  const address = (which: "billing" | "shipping") => {
    const value = draft[which];
    return (
      <fieldset className="admin-card admin-fieldset">
        <legend>{which === "billing" ? t.billing : t.shipping}</legend>
        <p className="admin-muted">{t.addressHint[which]}</p>
        <div className="admin-customer-form__address">
          {addressFields(which).map((key) => {
            const label = ADDRESS_FIELD_LABELS[key] ?? key;
            const choices =
              key === "country"
                ? countryChoices(countries, value.country, orderMessages.chooseIn(label))
                : key === "state"
                  ? stateChoices(countries, value.country, value.state, orderMessages.chooseIn(label))
                  : undefined;
            const field = { path: `${which}.${key}`, label, value: value[key], onChange: (text: string) => change(which, key, text) };
            return choices ? (
              <SelectField key={key} {...field} options={choices} />
            ) : (
              <TextField key={key} {...field} type={key === "email" ? "email" : "text"} />
            );
          })}
        </div>
      </fieldset>
    );
  };

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor admin-customer-form" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead back={back} backLabel={backLabel} title={title} busy={busy} submitLabel={adding ? t.create : t.save} />
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}
        <fieldset className="admin-card admin-fieldset">
          <legend>{t.details}</legend>
          <TextField
            path="email"
            label={t.email}
            type="email"
            hint={adding ? t.emailHint : t.emailChangeHint}
            value={draft.email}
            onChange={(text) => set("email", text)}
          />
          <div className="admin-customer-form__address">
            <TextField path="first_name" label={t.firstName} value={draft.first_name} onChange={(text) => set("first_name", text)} />
            <TextField path="last_name" label={t.lastName} value={draft.last_name} onChange={(text) => set("last_name", text)} />
          </div>
          {adding && (
            <CheckboxField
              path="send_password_link"
              label={t.sendLink}
              hint={t.sendLinkHint}
              value={draft.send_password_link}
              onChange={(on) => set("send_password_link", on)}
            />
          )}
        </fieldset>
        {address("billing")}
        {address("shipping")}
      </form>
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
