/**
 * The new order form (decision 0089): a customer or a guest, the billing and shipping addresses,
 * products picked by name with their variation and quantity, a coupon, a shipping line, the
 * customer's note and the status. The totals are the shop's: asked for again whenever what prices
 * the order changes. "Create order" opens the order made; every refused field shows its message.
 * Leaving with anything typed or chosen asks first.
 */
import type { OwnerAttribute } from "@cartwright/commerce/admin";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { countryChoices, stateChoices, stateForCountry } from "../components/address-choices.ts";
import { EditorHead, LeaveGuard, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { Picker } from "../components/Picker.tsx";
import type { PickerOption } from "../components/picker.ts";
import { useCountryList } from "../components/use-country-list.ts";
import { addressFields, formatMoney } from "../order/format.ts";
import { ADDRESS_FIELD_LABELS, orderMessages, STATUS_LABELS } from "../order/messages.ts";
import { newOrderApi } from "./api.ts";
import { newOrderMessages as t } from "./messages.ts";
import {
  ADDRESS_KEYS,
  type AddressDraft,
  type AddressKey,
  addressFrom,
  draftPaths,
  emptyDraft,
  HAND_STATUSES,
  type OrderDraft,
  pricingKey,
  requestBody,
  shipToBilling,
} from "./model.ts";
import { CouponField, FeeRows, ItemLines, itemsLabel, ShippingLineFields, TotalsRows, usePricing } from "./parts.tsx";

interface Props {
  currency: { currency_code: string; currency_minor_unit: number };
  attributes: OwnerAttribute[];
}

export function NewOrderForm({ currency, attributes }: Props) {
  // The empty form as it opened: anything the owner typed or chose differs from it.
  const [start] = useState<OrderDraft>(emptyDraft);
  const [draft, setDraft] = useState<OrderDraft>(start);
  const dirty = JSON.stringify(draft) !== JSON.stringify(start);
  const [loadError, setLoadError] = useState("");
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();
  // The country names arrive after the page's first paint (its own chunk); the codes show until then.
  const countries = useCountryList();
  const navigate = useNavigate();
  const code = currency.currency_code;
  const minor = currency.currency_minor_unit;
  const money = (amount: number) => formatMoney(amount, code, minor);
  const set = <K extends keyof OrderDraft>(key: K, value: OrderDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  // The shop prices the order again whenever what it depends on changes, a moment after the owner stops typing.
  const made = requestBody(draft, code, minor);
  const key = made.ok && draft.lines.length ? pricingKey(made.body) : "";
  const { calculation, calcState, calcErrors } = usePricing(
    key,
    () => (made.ok ? made.body : null),
    () => draft,
    newOrderApi.calculate,
  );

  async function chooseCustomer(chosen: PickerOption[]) {
    const picked = chosen[0];
    setLoadError("");
    if (!picked) return set("customer", null);
    set("customer", { id: Number(picked.value), label: picked.label });
    try {
      const customer = await newOrderApi.customer(Number(picked.value));
      const billing = addressFrom(customer.addresses.billing, customer.email);
      const shipping = addressFrom(customer.addresses.shipping);
      const sameShipping = !shipping.address_1 || ADDRESS_KEYS.every((k) => k === "email" || shipping[k] === billing[k]);
      setDraft((current) => ({ ...current, billing, shipping, shipToBilling: sameShipping }));
    } catch {
      setLoadError(t.loadFailed);
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!draft.lines.length) return refuse({ add_product: t.needItems });
    if (!made.ok) return refuse(made.errors);
    await run(
      () => newOrderApi.create(made.body),
      (order) => {
        announce(t.created(order.number));
        navigate(`/admin/orders/${order.id}`);
      },
      // A shipping address copied from the billing one has no fields of its own: the billing ones carry its messages.
      (answered) => {
        const fields = draftPaths(draft, answered);
        return draft.shipToBilling ? Object.fromEntries(Object.entries(fields).filter(([path]) => !path.startsWith("shipping."))) : fields;
      },
    );
  }

  const shownErrors = { ...calcErrors, ...errors };
  const labels = (path: string): string => {
    const [area, index] = path.split(".");
    if ((area === "billing" || area === "shipping") && index)
      return `${area === "billing" ? t.billing : t.shipping}: ${ADDRESS_FIELD_LABELS[index] ?? index}`;
    const item = itemsLabel(path, draft);
    if (item) return item;
    if (area === "customer_id") return t.customer;
    if (area === "status" || area === "set_paid") return t.status;
    return path;
  };

  // A changed country takes the state with it unless the state is one of the new country's.
  const change = (which: "billing" | "shipping", value: AddressDraft, k: AddressKey, text: string) =>
    set(
      which,
      k === "country" && countries
        ? { ...value, country: text, state: stateForCountry(countries, text, value.state) }
        : { ...value, [k]: text },
    );

  const address = (which: "billing" | "shipping", value: AddressDraft) => (
    <div className="admin-new-order__address">
      {addressFields(which).map((k) => {
        const label = ADDRESS_FIELD_LABELS[k] ?? k;
        const choices =
          k === "country"
            ? countryChoices(countries, value.country, orderMessages.chooseIn(label))
            : k === "state"
              ? stateChoices(countries, value.country, value.state, orderMessages.chooseIn(label))
              : undefined;
        const field = { path: `${which}.${k}`, label, value: value[k], onChange: (text: string) => change(which, value, k, text) };
        return choices ? (
          <SelectField key={k} {...field} options={choices} />
        ) : (
          <TextField key={k} {...field} type={k === "email" ? "email" : "text"} />
        );
      })}
    </div>
  );

  return (
    <FieldErrorsContext.Provider value={shownErrors}>
      <form className="admin-editor admin-new-order" onSubmit={create} noValidate aria-busy={busy}>
        <EditorHead back="/admin/orders" backLabel={t.back} title={t.title} busy={busy} submitLabel={t.create} />
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labels} />}

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.customer}</legend>
          <Picker
            path="customer_id"
            label={t.customerPicker}
            hint={t.customerHint}
            single
            chosen={draft.customer ? [{ value: String(draft.customer.id), label: draft.customer.label }] : []}
            onChange={chooseCustomer}
            search={newOrderApi.customers}
          />
          <p className="admin-muted">{draft.customer ? t.forCustomer(draft.customer.label) : t.guest}</p>
          {loadError && (
            <p className="admin-alert admin-alert--error" role="alert">
              {loadError}
            </p>
          )}
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.items}</legend>
          <ItemLines
            lines={draft.lines}
            onLines={(change) => setDraft((current) => ({ ...current, lines: change(current.lines) }))}
            attributes={attributes}
            calculation={calculation}
            errors={shownErrors}
            money={money}
          />
          <CouponField value={draft.coupon} onChange={(value) => set("coupon", value)} />
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.billing}</legend>
          <p className="admin-muted">{t.addressHint}</p>
          {address("billing", draft.billing)}
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.shipping}</legend>
          <CheckboxField
            path="ship_to_billing"
            label={t.shipToBilling}
            value={draft.shipToBilling}
            onChange={(on) => setDraft((current) => shipToBilling(current, on))}
          />
          {!draft.shipToBilling && address("shipping", draft.shipping)}
          <ShippingLineFields
            draft={draft}
            onChange={(change) => setDraft((current) => ({ ...current, ...change(current) }))}
            code={code}
            calculation={calculation}
            money={money}
          />
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.fees}</legend>
          <FeeRows fees={draft.fees} onFees={(change) => setDraft((current) => ({ ...current, fees: change(current.fees) }))} code={code} />
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.status}</legend>
          <SelectField
            path="status"
            label={t.status}
            hint={t.statusHint}
            value={draft.status}
            options={HAND_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
            onChange={(value) => set("status", value as OrderDraft["status"])}
          />
          <TextField path="customer_note" multiline label={t.note} value={draft.note} onChange={(value) => set("note", value)} />
        </fieldset>

        <section className="admin-card" aria-labelledby="new-order-totals">
          <h2 id="new-order-totals">{t.totals}</h2>
          <p className="admin-muted">{t.totalsHint}</p>
          <TotalsRows calculation={calculation} calcState={calcState} hasLines={draft.lines.length > 0} money={money} />
        </section>
      </form>
      {/* Creating opens the order while the save is busy: that is not leaving, so nothing is asked. */}
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
