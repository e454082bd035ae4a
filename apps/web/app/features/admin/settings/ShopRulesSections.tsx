/**
 * The settings page's sections for what shoppers may do and what the shop sends (issue 19,
 * decision 0048): countries, stock, cart fees and coupons, e-mails, consent. One GroupForm per
 * owner API group, each field at its API path so the server's messages land beside it.
 */
import { useEffect, useState } from "react";
import type { CountryList } from "../components/address-choices.ts";
import { CheckboxField, FieldFrame, FieldList, SelectField } from "../components/fields.tsx";
import { useCountryList } from "../components/use-country-list.ts";
import {
  type CartGroup,
  type ConsentGroup,
  type CountriesGroup,
  type EmailsGroup,
  type InventoryGroup,
  type ReviewsGroup,
  SWITCHABLE_EMAILS,
} from "./api.ts";
import { ok, options, PlainGroupForm, SettingsGroupForm } from "./GroupForm.tsx";
import { JsonListField, jsonListBody, jsonListDraft } from "./JsonListField.tsx";
import { cartMessages, consentMessages, countriesMessages, emailsMessages, inventoryMessages, reviewsMessages } from "./messages.ts";

type Pickers = typeof import("../components/RegionPickers.tsx");
let pickers: Pickers | undefined;

/**
 * The picker stays out of the page's first load (bench/budgets.json): asked for once the page is up,
 * it is there before the owner picks a list mode, and then shows in the same render (no Suspense delay).
 */
function usePickers(): Pickers | undefined {
  const [loaded, setLoaded] = useState(pickers);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    // A failed load leaves the codes as text: the next visit asks again.
    import("../components/RegionPickers.tsx").then(
      (module) => {
        pickers = module;
        if (live) setLoaded(module);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

export function InventorySection({ initial }: { initial: InventoryGroup }) {
  const s = inventoryMessages;
  return (
    <PlainGroupForm name="inventory" initial={initial} labels={s}>
      {(draft, set) => (
        <>
          <FieldList
            path=""
            value={draft}
            labels={s}
            specs={[
              { key: "low_stock_amount", min: 1, hint: s.low_hint },
              { key: "out_of_stock_amount", min: 0, hint: s.out_hint },
              "hide_out_of_stock",
            ]}
            onChange={set}
          />
          <SelectField
            path="stock_format"
            label={s.stock_format}
            hint={s.stock_format_hint}
            value={draft.stock_format}
            options={options(s.stock_formats)}
            onChange={(value) => set({ stock_format: value as InventoryGroup["stock_format"] })}
          />
          <FieldList
            path=""
            value={draft}
            labels={s}
            specs={[
              { key: "low_stock_notices", hint: s.notices_hint },
              "out_of_stock_notices",
              "backorder_notices",
              { key: "stock_notice_recipient", type: "email", hint: s.recipient_hint },
            ]}
            onChange={set}
          />
        </>
      )}
    </PlainGroupForm>
  );
}

/** Product reviews (decision 0090): on or off, who may write, stars, moderation and the verified label. */
export function ReviewsSection({ initial }: { initial: ReviewsGroup }) {
  const s = reviewsMessages;
  return (
    <PlainGroupForm name="reviews" initial={initial} labels={s}>
      {(draft, set) => (
        <FieldList
          path=""
          value={draft}
          labels={s}
          specs={[
            { key: "reviews_enabled", hint: s.hint },
            "verified_owners_only",
            "ratings_enabled",
            { key: "ratings_required", when: (d: ReviewsGroup) => d.ratings_enabled },
            "hold_for_approval",
            "show_verified_label",
          ]}
          onChange={set}
        />
      )}
    </PlainGroupForm>
  );
}

export function ConsentSection({ initial }: { initial: ConsentGroup }) {
  const s = consentMessages;
  return (
    <PlainGroupForm name="consent" initial={initial} labels={s}>
      {(draft, set) => (
        <>
          <CheckboxField
            path="attribution_enabled"
            label={s.attribution_enabled}
            value={draft.attribution_enabled}
            onChange={(value) => set({ attribution_enabled: value })}
          />
          <SelectField
            path="tracking_consent"
            label={s.tracking_consent}
            hint={s.consent_hint}
            value={draft.tracking_consent}
            options={options(s.consents)}
            onChange={(value) => set({ tracking_consent: value as ConsentGroup["tracking_consent"] })}
          />
          <FieldList
            path=""
            value={draft}
            labels={s}
            specs={[
              { key: "lifetime_months", min: 0, max: 24, hint: s.lifetime_hint },
              { key: "cookie_domain", hint: s.cookie_domain_hint },
              { key: "field_prefix", hint: s.field_prefix_hint },
              "promo_code",
            ]}
            onChange={set}
          />
        </>
      )}
    </PlainGroupForm>
  );
}

export function EmailsSection({ initial }: { initial: EmailsGroup }) {
  const s = emailsMessages;
  const labels = { ...s, ...Object.fromEntries(SWITCHABLE_EMAILS.map((name) => [`sent.${name}`, s.emails[name]])) };
  return (
    <PlainGroupForm name="emails" initial={initial} labels={labels}>
      {(draft, set) => (
        <>
          <FieldList
            path=""
            value={draft}
            labels={s}
            specs={[
              { key: "sender_name", hint: s.sender_name_hint },
              { key: "sender_address", type: "email", hint: s.sender_address_hint },
              { key: "owner_recipient", type: "email", hint: s.owner_recipient_hint },
            ]}
            onChange={set}
          />
          <fieldset className="admin-fieldset">
            <legend>{s.sent}</legend>
            <p className="admin-field__hint">{s.sent_hint}</p>
            <FieldList
              path="sent"
              value={draft.sent}
              labels={s.emails}
              specs={SWITCHABLE_EMAILS}
              onChange={(change) => set({ sent: { ...draft.sent, ...change } })}
            />
          </fieldset>
        </>
      )}
    </PlainGroupForm>
  );
}

/** The country lists are picked by name and kept as codes ("US, CA"): the server names an unknown one by its place. */
type CountriesDraft = Omit<CountriesGroup, "sell_to" | "ship_to"> & {
  sell_to: { mode: CountriesGroup["sell_to"]["mode"]; countries: string };
  ship_to: { mode: CountriesGroup["ship_to"]["mode"]; countries: string };
};

const codes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

const countriesDraft = (group: CountriesGroup): CountriesDraft => ({
  ...group,
  sell_to: { mode: group.sell_to.mode, countries: group.sell_to.countries.join(", ") },
  ship_to: { mode: group.ship_to.mode, countries: group.ship_to.countries.join(", ") },
});

const countriesBody = (draft: CountriesDraft) =>
  ok<CountriesGroup>({
    ...draft,
    sell_to: { mode: draft.sell_to.mode, countries: draft.sell_to.mode === "all" ? [] : codes(draft.sell_to.countries) },
    ship_to: {
      mode: draft.ship_to.mode,
      countries: draft.ship_to.mode === "all" || draft.ship_to.mode === "sell_to" ? [] : codes(draft.ship_to.countries),
    },
  });

/** One list's mode and, when it has one, its countries. */
function CountryChoice<K extends "sell_to" | "ship_to">({
  which,
  draft,
  set,
  list,
  pickers,
}: {
  which: K;
  draft: CountriesDraft;
  set(change: Partial<CountriesDraft>): void;
  list: CountryList | null;
  pickers: Pickers | undefined;
}) {
  const s = countriesMessages;
  const choice = draft[which];
  const modes = which === "sell_to" ? s.modes : s.ship_modes;
  const listed = choice.mode === "all_except" || choice.mode === "specific";
  const update = (change: Partial<CountriesDraft[K]>) => set({ [which]: { ...choice, ...change } } as Partial<CountriesDraft>);
  const setCodes = (countries: string) => update({ countries } as Partial<CountriesDraft[K]>);
  const label = choice.mode === "all_except" ? s.except_label(s[which]) : s[`${which}.countries`];
  return (
    <>
      <SelectField
        path={`${which}.mode`}
        label={which === "sell_to" ? s.sell_to_mode : s.ship_to_mode}
        value={choice.mode}
        options={options(modes)}
        onChange={(mode) => update({ mode } as Partial<CountriesDraft[K]>)}
      />
      {listed &&
        (pickers ? (
          // The picker's field is nested: an unknown code's message is named by its place in the list (sell_to.countries.1).
          <pickers.CountryPicker
            path={`${which}.countries`}
            label={label}
            hint={s.codes_hint}
            list={list}
            value={choice.countries}
            onChange={setCodes}
          />
        ) : (
          // Until the picker arrives, the codes as text ("US, CA").
          <FieldFrame path={`${which}.countries`} label={label} hint={s.codes_text_hint} nested>
            {(aria) => (
              <input {...aria} type="text" spellCheck={false} value={choice.countries} onChange={(event) => setCodes(event.target.value)} />
            )}
          </FieldFrame>
        ))}
    </>
  );
}

export function CountriesSection({ initial }: { initial: CountriesGroup }) {
  const s = countriesMessages;
  // The names arrive after the page's first paint; until then the chosen countries show as codes.
  const list = useCountryList();
  const pickers = usePickers();
  return (
    <SettingsGroupForm name="countries" initial={initial} labels={s} toDraft={countriesDraft} toBody={countriesBody}>
      {(draft, set) => (
        <>
          <CountryChoice which="sell_to" draft={draft} set={set} list={list} pickers={pickers} />
          <CheckboxField
            path="shipping_enabled"
            label={s.shipping_enabled}
            value={draft.shipping_enabled}
            onChange={(value) => set({ shipping_enabled: value })}
          />
          {draft.shipping_enabled && <CountryChoice which="ship_to" draft={draft} set={set} list={list} pickers={pickers} />}
        </>
      )}
    </SettingsGroupForm>
  );
}

/** The fees are edited as their JSON list, as the checkout's additional fields are. */
const cartDraft = jsonListDraft<CartGroup, "fees">("fees");
const cartBody = jsonListBody<CartGroup, "fees">("fees", cartMessages.fees_not_json);

export function CartSection({ initial }: { initial: CartGroup }) {
  const s = cartMessages;
  return (
    <SettingsGroupForm name="cart" initial={initial} labels={s} toDraft={cartDraft} toBody={cartBody}>
      {(draft, set) => (
        <>
          <CheckboxField
            path="discounts_sequentially"
            label={s.discounts_sequentially}
            value={draft.discounts_sequentially}
            onChange={(value) => set({ discounts_sequentially: value })}
          />
          <JsonListField path="fees" label={s.fees} hint={s.fees_hint} value={draft.fees} onChange={(value) => set({ fees: value })} />
        </>
      )}
    </SettingsGroupForm>
  );
}
