/**
 * /my-account/addresses/{billing|shipping}: the saved address's form, with the checkout's fields
 * (AddressForm: the country's fields, their order and labels, the shop's country lists) and its
 * checks as the shopper types. A plain POST to this route's action, so it works without
 * JavaScript: the server checks the address again and saves it, or the form comes back with what
 * was typed and each message beside its field.
 */
import { ADDRESS_FIELD_KEYS, type AddressFieldKey, fieldsForCountry } from "@cartwright/commerce";
import { useMemo, useState } from "react";
import { data, Link, redirect } from "react-router";
import { type AccountAddressKind, storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout } from "../features/account/AccountNav.tsx";
import { notFound, requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import { useFocusOnRefusal } from "../features/account/use-focus-on-refusal.ts";
import { AddressForm, type AddressValues, FieldError, useFieldValidation } from "../features/checkout/AddressForm.tsx";
import { countryOptions } from "../features/checkout/countries.ts";
import { checkField, fieldId } from "../features/checkout/field-rules.ts";
import { createValidationStore, errorElementId, type ValidationStore } from "../features/checkout/validation.ts";
import type { Route } from "./+types/account-address";

const ADDRESSES_PATH = `${ACCOUNT_PATH}/addresses`;

function kindOf(param: string | undefined): AccountAddressKind {
  if (param === "billing" || param === "shipping") return param;
  throw notFound();
}

/** The form's fields of an address: the standard ones as text (the e-mail for billing only). */
function valuesOf(kind: AccountAddressKind, read: (key: AddressFieldKey) => unknown): AddressValues {
  const keys = ADDRESS_FIELD_KEYS.filter((key) => kind === "billing" || key !== "email");
  return Object.fromEntries(keys.map((key) => [key, typeof read(key) === "string" ? (read(key) as string) : ""]));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { account, checkout, settings } = context.get(storefrontContext);
  const customer = await requireCustomer(account, request);
  const kind = kindOf(params.kind);
  const saved: Partial<Record<string, unknown>> = (await account.addresses())?.[kind] ?? {};
  const address = valuesOf(kind, (key) => saved[key]);
  // A billing address never saved yet starts with the account's e-mail.
  if (kind === "billing" && !address.email) address.email = customer.email;
  return {
    kind,
    address,
    countries: checkout.countries()[kind],
    locale: checkout.locale(),
    title: `${kind === "billing" ? t.editBillingAddress : t.editShippingAddress} – ${settings.siteTitle}`,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { account } = context.get(storefrontContext);
  await requireCustomer(account, request);
  const kind = kindOf(params.kind);
  const form = await request.formData();
  const values = valuesOf(kind, (key) => form.get(fieldId(kind, key)));
  const result = await account.saveAddress(kind, values);
  if (result.ok) return redirect(`${ADDRESSES_PATH}?changed=${kind}`, 303);
  return data({ values, errors: result.errors, message: result.message ?? null }, { status: result.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.addresses }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, countries, locale } = loaderData;
  const [address, setAddress] = useState<AddressValues>(actionData?.values ?? loaderData.address);
  // The server's messages are shown at once, beside their fields; the form's own checks take over as the shopper edits.
  const [validation] = useState(() =>
    createValidationStore(
      Object.fromEntries(
        Object.entries(actionData?.errors ?? {}).map(([key, message]) => [
          fieldId(kind, key as AddressFieldKey),
          { message: message ?? "", hidden: false },
        ]),
      ),
    ),
  );
  const options = useMemo(() => countryOptions(countries), [countries]);
  const form = useFocusOnRefusal(actionData);
  return (
    <AccountLayout title={kind === "billing" ? t.editBillingAddress : t.editShippingAddress}>
      {actionData?.message && (
        <p className="notice notice--error" role="alert">
          {actionData.message}
        </p>
      )}
      <form method="post" noValidate className="account-address-form" ref={form}>
        <AddressForm
          kind={kind}
          address={address}
          countries={options}
          validation={validation}
          onChange={(next) => setAddress(next)}
          locale={locale}
        />
        {kind === "billing" && (
          <EmailField
            value={address.email ?? ""}
            country={address.country ?? ""}
            locale={locale}
            validation={validation}
            onChange={(email) => setAddress({ ...address, email })}
          />
        )}
        <button type="submit" className="button">
          {t.saveAddress}
        </button>
      </form>
      <p>
        <Link to={ADDRESSES_PATH}>{t.backToAddresses}</Link>
      </p>
    </AccountLayout>
  );
}

interface EmailFieldProps {
  value: string;
  country: string;
  locale: string;
  validation: ValidationStore;
  onChange(value: string): void;
}

/** The billing e-mail, which the checkout asks for apart from the address form: its label and check are the address's. */
function EmailField({ value, country, locale, validation, onChange }: EmailFieldProps) {
  const definition = fieldsForCountry(country).email;
  const id = fieldId("billing", "email");
  const message = checkField(definition, value, { country, kind: "billing", locale });
  const { error, showError } = useFieldValidation(validation, id, message, value);
  return (
    <div className="address-form__field address-form__field--email">
      <label htmlFor={id}>{definition.required ? definition.label : definition.optionalLabel}</label>
      <input
        id={id}
        name={id}
        type="email"
        className="address-form__control"
        autoComplete="billing email"
        spellCheck={false}
        required={definition.required}
        aria-required={definition.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorElementId(id) : undefined}
        value={value}
        onChange={(event) => {
          validation.getState().hideValidationError(id);
          onChange(event.currentTarget.value);
        }}
        onBlur={showError}
      />
      {error && <FieldError id={id} message={error.message} />}
    </div>
  );
}
