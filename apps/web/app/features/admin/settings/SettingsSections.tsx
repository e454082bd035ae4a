/** The settings page's sections (decision 0042): one GroupForm per owner API group, each field at its API path. */
import { countryChoices, stateChoices, stateForCountry } from "../components/address-choices.ts";
import { CheckboxField, FieldList, NumberField, SelectField, TextField } from "../components/fields.tsx";
import { useCountryList } from "../components/use-country-list.ts";
import { setShopAmountFormat } from "../money.ts";
import { setShopTimeZone } from "../time-zone.ts";
import type { CheckoutGroup, CurrencyGroup, NoticesGroup, PagesGroup, StoreGroup, TaxesGroup } from "./api.ts";
import { ok, options, PlainGroupForm, SettingsGroupForm } from "./GroupForm.tsx";
import { JsonListField, jsonListBody, jsonListDraft } from "./JsonListField.tsx";
import { settingsMessages as t } from "./messages.ts";
import { TimeZoneField } from "./TimeZoneField.tsx";

/** The form's draft of the group, from the server's reply: a saved zone is the console's zone from then on. */
function storeDraft(group: StoreGroup): StoreGroup {
  setShopTimeZone(group.time_zone);
  return group;
}

export function StoreSection({ initial }: { initial: StoreGroup }) {
  const s = t.store;
  // The names arrive after the page's first paint; until then the selects show the stored codes.
  const countries = useCountryList();
  return (
    <SettingsGroupForm name="store" initial={initial} labels={s} toDraft={storeDraft} toBody={ok}>
      {(draft, set) => {
        const address = (key: keyof StoreGroup["store_address"], label: string, hint?: string) => (
          <TextField
            path={`store_address.${key}`}
            label={label}
            hint={hint}
            type={key === "email" ? "email" : "text"}
            value={draft.store_address[key]}
            onChange={(value) => set({ store_address: { ...draft.store_address, [key]: value } })}
          />
        );
        const base = draft.base_location;
        // A state select where the country has a list of states, else the state as text.
        const states = stateChoices(countries, base.country, base.state, s.choose(s["base_location.state"]));
        return (
          <>
            <TextField path="site_title" label={s.site_title} value={draft.site_title} onChange={(value) => set({ site_title: value })} />
            <TextField
              path="site_locale"
              label={s.site_locale}
              hint={s.site_locale_hint}
              value={draft.site_locale}
              onChange={(value) => set({ site_locale: value })}
            />
            <SelectField
              path="base_location.country"
              label={s["base_location.country"]}
              hint={s.country_hint}
              value={base.country}
              options={countryChoices(countries, base.country, s.choose(s["base_location.country"]))}
              onChange={(country) =>
                set({ base_location: { country, state: countries ? stateForCountry(countries, country, base.state) : base.state } })
              }
            />
            {states ? (
              <SelectField
                path="base_location.state"
                label={s["base_location.state"]}
                value={base.state}
                options={states}
                onChange={(state) => set({ base_location: { ...base, state } })}
              />
            ) : (
              <TextField
                path="base_location.state"
                label={s["base_location.state"]}
                value={base.state}
                onChange={(state) => set({ base_location: { ...base, state } })}
              />
            )}
            {address("address_1", s["store_address.address_1"])}
            {address("address_2", s["store_address.address_2"])}
            {address("city", s["store_address.city"])}
            {address("postcode", s["store_address.postcode"])}
            {address("email", s["store_address.email"], s.email_hint)}
            <SelectField
              path="add_to_cart_behaviour"
              label={s.add_to_cart_behaviour}
              value={draft.add_to_cart_behaviour}
              options={options(s.behaviours)}
              onChange={(value) => set({ add_to_cart_behaviour: value as StoreGroup["add_to_cart_behaviour"] })}
            />
            <NumberField
              path="products_per_page"
              label={s.products_per_page}
              min={1}
              max={100}
              value={draft.products_per_page}
              onChange={(value) => set({ products_per_page: value })}
            />
            <TimeZoneField value={draft.time_zone} onChange={(value) => set({ time_zone: value })} />
          </>
        );
      }}
    </SettingsGroupForm>
  );
}

/** The form's draft of the group, from the server's reply: saved separators are the ones the console's amount fields read from then on. */
function currencyDraft(group: CurrencyGroup): CurrencyGroup {
  setShopAmountFormat({ decimalSeparator: group.decimal_separator, thousandSeparator: group.thousand_separator });
  return group;
}

export function CurrencySection({ initial }: { initial: CurrencyGroup }) {
  const s = t.currency;
  return (
    <SettingsGroupForm name="currency" initial={initial} labels={s} toDraft={currencyDraft} toBody={ok}>
      {(draft, set) => (
        <>
          <TextField path="code" label={s.code} hint={s.code_hint} value={draft.code} onChange={(value) => set({ code: value })} />
          <TextField path="symbol" label={s.symbol} value={draft.symbol} onChange={(value) => set({ symbol: value })} />
          <SelectField
            path="symbol_position"
            label={s.symbol_position}
            value={draft.symbol_position}
            options={options(s.positions)}
            onChange={(value) => set({ symbol_position: value as CurrencyGroup["symbol_position"] })}
          />
          <TextField
            path="decimal_separator"
            label={s.decimal_separator}
            value={draft.decimal_separator}
            onChange={(value) => set({ decimal_separator: value })}
          />
          <TextField
            path="thousand_separator"
            label={s.thousand_separator}
            hint={s.thousand_hint}
            value={draft.thousand_separator}
            onChange={(value) => set({ thousand_separator: value })}
          />
          <NumberField
            path="decimals"
            label={s.decimals}
            hint={s.decimals_hint}
            min={0}
            max={4}
            value={draft.decimals}
            onChange={(value) => set({ decimals: value })}
          />
        </>
      )}
    </SettingsGroupForm>
  );
}

export function TaxesSection({ initial }: { initial: TaxesGroup }) {
  const s = t.taxes;
  const keys = (Object.keys(s) as (keyof TaxesGroup)[]).map((key) => ({ key, hint: (t.taxesHints as Record<string, string>)[key] }));
  return (
    <PlainGroupForm name="taxes" initial={initial} labels={s}>
      {(draft, set) => <FieldList path="" value={draft} labels={s} specs={keys} onChange={set} />}
    </PlainGroupForm>
  );
}

export function PagesSection({ initial }: { initial: PagesGroup }) {
  const s = t.pages;
  const keys = ["shop", "cart", "checkout", "myaccount", "privacy", "terms"] as const;
  return (
    <PlainGroupForm name="pages" initial={initial} labels={s}>
      {(draft, set) =>
        keys.map((key) => (
          <TextField
            key={key}
            path={key}
            label={s[key]}
            hint={key === "shop" ? s.shop_hint : undefined}
            value={draft[key]}
            onChange={(value) => set({ [key]: value })}
          />
        ))
      }
    </PlainGroupForm>
  );
}

export function NoticesSection({ initial }: { initial: NoticesGroup }) {
  const s = t.notices;
  return (
    <PlainGroupForm name="notices" initial={initial} labels={s}>
      {(draft, set) => (
        <>
          <CheckboxField
            path="store_notice.enabled"
            label={s["store_notice.enabled"]}
            value={draft.store_notice.enabled}
            onChange={(enabled) => set({ store_notice: { ...draft.store_notice, enabled } })}
          />
          <TextField
            path="store_notice.text"
            label={s["store_notice.text"]}
            hint={s.notice_hint}
            multiline
            rows={2}
            value={draft.store_notice.text}
            onChange={(text) => set({ store_notice: { ...draft.store_notice, text } })}
          />
          <CheckboxField
            path="coming_soon.enabled"
            label={s["coming_soon.enabled"]}
            value={draft.coming_soon.enabled}
            onChange={(enabled) => set({ coming_soon: { ...draft.coming_soon, enabled } })}
          />
          <TextField
            path="coming_soon.text"
            label={s["coming_soon.text"]}
            hint={s.soon_hint}
            multiline
            rows={2}
            value={draft.coming_soon.text}
            onChange={(text) => set({ coming_soon: { ...draft.coming_soon, text } })}
          />
        </>
      )}
    </PlainGroupForm>
  );
}

/** The additional fields are edited as their JSON list: the rules are JSON Schemas already. */
const checkoutDraft = jsonListDraft<CheckoutGroup, "additional_fields">("additional_fields");
const checkoutBody = jsonListBody<CheckoutGroup, "additional_fields">("additional_fields", t.checkout.fields_not_json);

export function CheckoutSection({ initial }: { initial: CheckoutGroup }) {
  const s = t.checkout;
  return (
    <SettingsGroupForm name="checkout" initial={initial} labels={s} toDraft={checkoutDraft} toBody={checkoutBody}>
      {(draft, set) => (
        <>
          <CheckboxField
            path="guest_checkout"
            label={s.guest_checkout}
            value={draft.guest_checkout}
            onChange={(value) => set({ guest_checkout: value })}
          />
          <CheckboxField
            path="account_creation"
            label={s.account_creation}
            value={draft.account_creation}
            onChange={(value) => set({ account_creation: value })}
          />
          <NumberField
            path="hold_stock_minutes"
            label={s.hold_stock_minutes}
            min={1}
            max={10080}
            value={draft.hold_stock_minutes}
            onChange={(value) => set({ hold_stock_minutes: value })}
          />
          <JsonListField
            path="additional_fields"
            label={s.additional_fields}
            hint={s.fields_hint}
            value={draft.additional_fields}
            onChange={(value) => set({ additional_fields: value })}
          />
        </>
      )}
    </SettingsGroupForm>
  );
}
