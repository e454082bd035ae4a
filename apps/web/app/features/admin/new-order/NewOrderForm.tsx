/**
 * The new order form (decision 0089): a customer or a guest, the billing and shipping addresses,
 * products picked by name with their variation and quantity, a coupon, a shipping line, the
 * customer's note and the status. The totals are the shop's: asked for again whenever what prices
 * the order changes. "Create order" opens the order made; every refused field shows its message.
 */
import type { OwnerAttribute, OwnerProduct } from "@cartwright/commerce/admin";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AdminApiError } from "../api.ts";
import { countryChoices, stateChoices, stateForCountry } from "../components/address-choices.ts";
import { EditorHead, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, FieldFrame, fieldId, SelectField, TextField } from "../components/fields.tsx";
import { Picker } from "../components/Picker.tsx";
import type { PickerOption } from "../components/picker.ts";
import { useCountryList } from "../components/use-country-list.ts";
import { addressFields, formatMoney } from "../order/format.ts";
import { ADDRESS_FIELD_LABELS, orderMessages, STATUS_LABELS } from "../order/messages.ts";
import { type Calculation, newOrderApi } from "./api.ts";
import { newOrderMessages as t } from "./messages.ts";
import {
  ADDRESS_KEYS,
  type AddressDraft,
  type AddressKey,
  addressFrom,
  type DraftFee,
  type DraftLine,
  draftPaths,
  emptyDraft,
  HAND_STATUSES,
  type OrderDraft,
  pricingKey,
  requestBody,
  shipToBilling,
  type VariationChoice,
} from "./model.ts";

interface Props {
  currency: { currency_code: string; currency_minor_unit: number };
  attributes: OwnerAttribute[];
}

/** A variation's terms by name ("Red / L"), from the shop's attributes. */
function variationChoices(product: OwnerProduct, attributes: OwnerAttribute[]): VariationChoice[] {
  return product.variations.map((variation) => ({
    id: variation.id,
    label:
      variation.attributes
        .map(({ attribute_id, term_id }) => attributes.find((a) => a.id === attribute_id)?.terms.find((term) => term.id === term_id)?.name)
        .filter(Boolean)
        .join(" / ") || `#${variation.id}`,
  }));
}

let lineCount = 0;
let feeCount = 0;

export function NewOrderForm({ currency, attributes }: Props) {
  const [draft, setDraft] = useState<OrderDraft>(emptyDraft);
  const [calculation, setCalculation] = useState<Calculation | null>(null);
  const [calcState, setCalcState] = useState<"idle" | "busy" | "failed">("idle");
  const [calcErrors, setCalcErrors] = useState<Record<string, string>>({});
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
  const latest = useRef(made);
  latest.current = made;
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  useEffect(() => {
    if (!key) {
      setCalculation(null);
      setCalcErrors({});
      setCalcState("idle");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const current = latest.current;
      if (!current.ok) return;
      setCalcState("busy");
      newOrderApi.calculate(current.body, controller.signal).then(
        (answer) => {
          setCalculation(answer);
          setCalcErrors({});
          setCalcState("idle");
        },
        (error) => {
          if (controller.signal.aborted) return;
          setCalculation(null);
          setCalcErrors(error instanceof AdminApiError ? draftPaths(latestDraft.current, error.fields) : {});
          setCalcState("failed");
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

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

  async function addProduct(chosen: PickerOption[]) {
    const picked = chosen.at(-1);
    if (!picked) return;
    const id = Number(picked.value);
    let variations: VariationChoice[] = [];
    let sku = picked.hint ?? "";
    try {
      const product = await newOrderApi.product(id);
      if (product.type === "variable") variations = variationChoices(product, attributes);
      sku = product.sku;
    } catch {
      // Added as it was found: the server names what is wrong with it.
    }
    lineCount += 1;
    const line: DraftLine = {
      key: `line-${lineCount}`,
      productId: id,
      name: picked.label,
      sku,
      variations,
      variationId: null,
      quantity: "1",
    };
    setDraft((current) => ({ ...current, lines: [...current.lines, line] }));
    announce(`${picked.label} added.`);
  }

  const setLine = (index: number, change: Partial<DraftLine>) =>
    setDraft((current) => ({ ...current, lines: current.lines.map((line, i) => (i === index ? { ...line, ...change } : line)) }));

  function removeLine(index: number) {
    const removed = draft.lines[index];
    setDraft((current) => ({ ...current, lines: current.lines.filter((_, i) => i !== index) }));
    if (removed) announce(`${removed.name} removed.`);
    requestAnimationFrame(() => document.getElementById(fieldId("add_product"))?.focus());
  }

  const setFee = (index: number, change: Partial<DraftFee>) =>
    setDraft((current) => ({ ...current, fees: current.fees.map((fee, i) => (i === index ? { ...fee, ...change } : fee)) }));

  function addFee() {
    feeCount += 1;
    const index = draft.fees.length;
    setDraft((current) => ({ ...current, fees: [...current.fees, { key: `fee-${feeCount}`, name: "", amount: "", taxable: true }] }));
    // The new row's name next: the owner types it straight away.
    requestAnimationFrame(() => document.getElementById(fieldId(`fee_lines.${index}.name`))?.focus());
  }

  function removeFee(index: number) {
    setDraft((current) => ({ ...current, fees: current.fees.filter((_, i) => i !== index) }));
    requestAnimationFrame(() => document.getElementById(fieldId("add_fee"))?.focus());
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
    const [area, index, field] = path.split(".");
    if ((area === "billing" || area === "shipping") && index)
      return `${area === "billing" ? t.billing : t.shipping}: ${ADDRESS_FIELD_LABELS[index] ?? index}`;
    if (area === "line_items" && index !== undefined) {
      const name = draft.lines[Number(index)]?.name ?? "";
      return `${name}: ${field === "quantity" ? t.quantity : field === "variation_id" ? t.variation : t.product}`;
    }
    if (area === "coupon_lines") return t.coupon;
    if (area === "shipping_lines") return field === "total" ? t.shippingTotal : t.shippingTitle;
    if (area === "fee_lines" && index !== undefined)
      return `${draft.fees[Number(index)]?.name.trim() || t.feeRow(Number(index) + 1)}: ${field === "total" ? t.feeAmount : t.feeName}`;
    if (area === "customer_id") return t.customer;
    if (area === "add_product") return t.items;
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

  // A line's total from the last pricing, while that pricing still holds this line at this place.
  const lineTotal = (line: DraftLine, index: number) => {
    const priced = calculation?.lines[index];
    return priced && (priced.variation_id ?? priced.product_id) === (line.variationId ?? line.productId) ? priced.subtotal : undefined;
  };

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
          <Picker path="add_product" label={t.productPicker} hideChosen chosen={[]} onChange={addProduct} search={newOrderApi.products} />
          {draft.lines.length === 0 ? (
            <p className="admin-muted">{t.noItems}</p>
          ) : (
            <ul className="admin-new-order__lines" aria-label={t.items}>
              {draft.lines.map((line, index) => {
                const productError = shownErrors[`line_items.${index}.product_id`];
                const total = lineTotal(line, index);
                return (
                  <li key={line.key} className="admin-new-order__line">
                    <p className="admin-new-order__name" id={fieldId(`line_items.${index}.product_id`)} tabIndex={-1}>
                      <strong>{line.name}</strong>
                      {line.sku && <span className="admin-muted"> {line.sku}</span>}
                    </p>
                    {productError && <p className="admin-field__error">{productError}</p>}
                    {line.variations.length > 0 && (
                      <SelectField
                        path={`line_items.${index}.variation_id`}
                        label={`${t.variation} (${line.name})`}
                        value={line.variationId ? String(line.variationId) : ""}
                        options={[
                          { value: "", label: t.chooseVariation },
                          ...line.variations.map((v) => ({ value: String(v.id), label: v.label })),
                        ]}
                        onChange={(value) => setLine(index, { variationId: value ? Number(value) : null })}
                      />
                    )}
                    <FieldFrame path={`line_items.${index}.quantity`} label={`${t.quantity} (${line.name})`}>
                      {(aria) => (
                        <input
                          {...aria}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          step={1}
                          value={line.quantity}
                          onChange={(event) => setLine(index, { quantity: event.target.value })}
                        />
                      )}
                    </FieldFrame>
                    <p className="admin-new-order__line-total">
                      {t.lineTotal}: {total === undefined ? "—" : money(total)}
                    </p>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t.remove(line.name)}
                      onClick={() => removeLine(index)}
                    >
                      {t.removeShort}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <TextField path="coupon_lines.0.code" label={t.coupon} value={draft.coupon} onChange={(value) => set("coupon", value)} />
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.billing}</legend>
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
          <TextField
            path="shipping_lines.0.method_title"
            label={t.shippingTitle}
            hint={t.shippingTitleHint}
            value={draft.shippingTitle}
            onChange={(value) => set("shippingTitle", value)}
          />
          <TextField
            path="shipping_lines.0.total"
            label={`${t.shippingTotal} (${code})`}
            value={draft.shippingTotal}
            onChange={(value) => set("shippingTotal", value)}
          />
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.fees}</legend>
          <p className="admin-muted">{t.feesHint}</p>
          {draft.fees.length > 0 && (
            <ul className="admin-new-order__lines" aria-label={t.fees}>
              {draft.fees.map((fee, index) => {
                const label = fee.name.trim() || t.feeRow(index + 1);
                return (
                  <li key={fee.key} className="admin-new-order__line admin-new-order__fee">
                    <TextField
                      path={`fee_lines.${index}.name`}
                      label={`${t.feeName} (${t.feeRow(index + 1)})`}
                      value={fee.name}
                      onChange={(value) => setFee(index, { name: value })}
                    />
                    <TextField
                      path={`fee_lines.${index}.total`}
                      label={`${t.feeAmount} (${code}, ${t.feeRow(index + 1)})`}
                      value={fee.amount}
                      onChange={(value) => setFee(index, { amount: value })}
                    />
                    <CheckboxField
                      path={`fee_lines.${index}.tax_status`}
                      label={`${t.feeTaxable} (${t.feeRow(index + 1)})`}
                      value={fee.taxable}
                      onChange={(on) => setFee(index, { taxable: on })}
                    />
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t.removeFee(label)}
                      onClick={() => removeFee(index)}
                    >
                      {t.removeShort}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <button type="button" id={fieldId("add_fee")} className="button button--secondary" onClick={addFee}>
            {t.addFee}
          </button>
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
          {calculation && calcState !== "failed" ? (
            <dl className="admin-details admin-new-order__totals">
              {[
                ["items", t.subtotal, calculation.totals.items],
                ...calculation.coupons.map((c): [string, string, number] => [`coupon-${c.code}`, `${t.discount} (${c.code})`, -c.discount]),
                // Each fee by its name (the shop's own, then the order's), before tax as the other rows.
                ...calculation.fees.map((fee, i): [string, string, number] => [`fee-${i}`, fee.name, fee.total]),
                ["shipping", t.shippingTotalRow, calculation.totals.shipping],
                ["tax", t.tax, calculation.totals.tax],
                ["total", t.total, calculation.totals.total],
              ].map(([rowKey, term, amount]) => (
                <div key={String(rowKey)} className="admin-details__row">
                  <dt>{term}</dt>
                  <dd>{money(Number(amount))}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <p className="admin-new-order__calc" role="status" aria-live="polite">
            {!draft.lines.length
              ? t.totalsNeedItems
              : calcState === "busy"
                ? t.calculating
                : calcState === "failed"
                  ? t.totalsFailed
                  : calculation
                    ? t.totalNow(money(calculation.totals.total))
                    : ""}
          </p>
        </section>
      </form>
    </FieldErrorsContext.Provider>
  );
}
