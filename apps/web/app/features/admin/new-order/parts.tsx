/**
 * The parts of Add order that price an order (decisions 0089, 0092): its item lines with the
 * product picker, the coupon codes, the shipping line, the one-off fees and the totals the shop
 * works out, asked for again a moment after what prices the order changes. The new order page and
 * the order page's "Edit items" (loaded only when opened) both build from them.
 */
import type { OwnerAttribute, OwnerProduct } from "@cartwright/commerce/admin";
import { useEffect, useRef, useState } from "react";
import { AdminApiError } from "../api.ts";
import { useAnnounce } from "../components/feedback.tsx";
import { FieldFrame, fieldId, SelectField, TextField } from "../components/fields.tsx";
import { Picker } from "../components/Picker.tsx";
import type { PickerOption } from "../components/picker.ts";
import { useLoadedOnce } from "../components/use-loaded-once.ts";
import { moneyInput } from "../order/format.ts";
import { productTaxClasses } from "../taxes/class-list.ts";
import { type Calculation, newOrderApi } from "./api.ts";
import { newOrderMessages as t } from "./messages.ts";
import {
  type DraftFee,
  type DraftLine,
  draftPaths,
  feeTaxChoice,
  feeTaxFrom,
  followRate,
  type ItemsDraft,
  NOT_TAXABLE,
  pickRate,
  pickSaved,
  SAVED_LINE,
  typeShipping,
  type VariationChoice,
} from "./model.ts";

/** A variation's terms by name ("Red / L"), from the shop's attributes. */
export function variationChoices(product: OwnerProduct, attributes: OwnerAttribute[]): VariationChoice[] {
  return product.variations.map((variation) => ({
    id: variation.id,
    label:
      variation.attributes
        .map(({ attribute_id, term_id }) => attributes.find((a) => a.id === attribute_id)?.terms.find((term) => term.id === term_id)?.name)
        .filter(Boolean)
        .join(" / ") || `#${variation.id}`,
  }));
}

let rowCount = 0;
/** A key of its own for a new line or fee row, stable while the row lives. */
export const newRowKey = (kind: "line" | "fee") => {
  rowCount += 1;
  return `${kind}-${rowCount}`;
};

export type CalcState = "idle" | "busy" | "failed";

/**
 * The shop's totals for the order as it stands: asked for 300 ms after `key` (what prices the order)
 * last changed, the call before it dropped; its refusals keyed by the draft's own rows.
 */
export function usePricing<B>(
  key: string,
  body: () => B | null,
  draft: () => ItemsDraft,
  call: (body: B, signal: AbortSignal) => Promise<Calculation>,
) {
  const [calculation, setCalculation] = useState<Calculation | null>(null);
  const [calcState, setCalcState] = useState<CalcState>("idle");
  const [calcErrors, setCalcErrors] = useState<Record<string, string>>({});
  const latest = useRef({ body, draft, call });
  latest.current = { body, draft, call };
  useEffect(() => {
    if (!key) {
      setCalculation(null);
      setCalcErrors({});
      setCalcState("idle");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const current = latest.current.body();
      if (current === null) return;
      setCalcState("busy");
      latest.current.call(current, controller.signal).then(
        (answer) => {
          setCalculation(answer);
          setCalcErrors({});
          setCalcState("idle");
        },
        (error) => {
          if (controller.signal.aborted) return;
          setCalculation(null);
          setCalcErrors(error instanceof AdminApiError ? draftPaths(latest.current.draft(), error.fields) : {});
          setCalcState("failed");
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return { calculation, calcState, calcErrors };
}

/** An error's path named for the summary: the line's product, the fee's name, the shipping line's field. */
export function itemsLabel(path: string, draft: ItemsDraft): string | undefined {
  const [area, index, field] = path.split(".");
  if (area === "line_items" && index !== undefined) {
    const name = draft.lines[Number(index)]?.name ?? "";
    return `${name}: ${field === "quantity" ? t.quantity : field === "variation_id" ? t.variation : t.product}`;
  }
  if (area === "coupon_lines") return t.coupon;
  if (area === "shipping_lines") return field === "total" ? t.shippingTotal : field === "rate_id" ? t.shopRates : t.shippingTitle;
  if (area === "fee_lines" && index !== undefined)
    return `${draft.fees[Number(index)]?.name.trim() || t.feeRow(Number(index) + 1)}: ${field === "total" ? t.feeAmount : field === "tax_class" ? t.feeTaxClass : t.feeName}`;
  if (area === "add_product") return t.items;
  return undefined;
}

type Update<T> = (change: (current: T) => T) => void;

interface ItemLinesProps {
  lines: DraftLine[];
  onLines: Update<DraftLine[]>;
  attributes: OwnerAttribute[];
  calculation: Calculation | null;
  errors: Record<string, string>;
  money: (amount: number) => string;
}

/** The product picker and the order's lines: a variation to choose, a quantity, the line's total as last priced, Remove. */
export function ItemLines({ lines, onLines, attributes, calculation, errors, money }: ItemLinesProps) {
  const announce = useAnnounce();

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
    const line: DraftLine = {
      key: newRowKey("line"),
      productId: id,
      name: picked.label,
      sku,
      variations,
      variationId: null,
      quantity: "1",
    };
    onLines((current) => [...current, line]);
    announce(`${picked.label} added.`);
  }

  const setLine = (index: number, change: Partial<DraftLine>) =>
    onLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));

  function removeLine(index: number) {
    const removed = lines[index];
    onLines((current) => current.filter((_, i) => i !== index));
    if (removed) announce(`${removed.name} removed.`);
    requestAnimationFrame(() => document.getElementById(fieldId("add_product"))?.focus());
  }

  // A line's total from the last pricing, while that pricing still holds this line at this place.
  const lineTotal = (line: DraftLine, index: number) => {
    const priced = calculation?.lines[index];
    return priced && (priced.variation_id ?? priced.product_id) === (line.variationId ?? line.productId) ? priced.subtotal : undefined;
  };

  return (
    <>
      <Picker path="add_product" label={t.productPicker} hideChosen chosen={[]} onChange={addProduct} search={newOrderApi.products} />
      {lines.length === 0 ? (
        <p className="admin-muted">{t.noItems}</p>
      ) : (
        <ul className="admin-new-order__lines" aria-label={t.items}>
          {lines.map((line, index) => {
            const productError = errors[`line_items.${index}.product_id`];
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
    </>
  );
}

/** The coupon codes (several apart by commas). */
export function CouponField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <TextField path="coupon_lines.0.code" label={t.coupon} hint={t.couponHint} value={value} onChange={onChange} />;
}

/**
 * The order's shipping line: the shop's rates for these items and this address (the last pricing's,
 * class costs included), one of which the line is (sent by its id, so the order keeps the rate's
 * method) or none (the owner's own line), then the line's name and cost as the owner types or changes
 * them. A rate's name and cost follow its pricing until the owner types over them.
 */
export function ShippingLineFields({
  draft,
  onChange,
  code,
  calculation,
  money,
}: {
  draft: ItemsDraft;
  onChange: Update<ItemsDraft>;
  code: string;
  calculation: Calculation | null;
  money: (minor: number) => string;
}) {
  const rates = calculation?.shipping_rates ?? [];
  const minorUnit = calculation?.totals.currency_minor_unit;
  const costText = (cost: number) => moneyInput(cost, code, minorUnit);
  const latest = useRef({ onChange, costText });
  latest.current = { onChange, costText };
  // Each new pricing: the chosen rate's name and cost as it now prices them, where the owner has not typed over them.
  useEffect(() => {
    const offered = calculation?.shipping_rates;
    if (offered) latest.current.onChange((current) => followRate(current, offered, latest.current.costText));
  }, [calculation]);
  const picked = draft.shippingRate;
  const saved = draft.savedShipping;
  // A rate chosen that this pricing does not offer (another address, or a pricing refused) stays listed, so the owner sees it and can change it.
  const gone = picked && picked.id !== SAVED_LINE && !rates.some((rate) => rate.rate_id === picked.id) ? picked : null;
  return (
    <>
      {(rates.length > 0 || gone || saved) && (
        <SelectField
          path="shipping_lines.0.rate_id"
          label={t.shopRates}
          hint={t.shopRatesHint}
          value={picked?.id ?? ""}
          options={[
            { value: "", label: t.shopRatesNone },
            // Edit items: the order's line as saved, kept whole while chosen (today's price of its rate may differ).
            ...(saved ? [{ value: SAVED_LINE, label: t.shopRateSaved(saved.name, money(saved.cost)) }] : []),
            ...rates.map((rate) => ({ value: rate.rate_id, label: t.shopRate(rate.name, money(rate.cost)) })),
            ...(gone ? [{ value: gone.id, label: t.shopRateGone(gone.name) }] : []),
          ]}
          onChange={(rateId) =>
            onChange((current) =>
              rateId === SAVED_LINE
                ? pickSaved(current)
                : pickRate(
                    current,
                    rates.find((r) => r.rate_id === rateId),
                    costText,
                  ),
            )
          }
        />
      )}
      <TextField
        path="shipping_lines.0.method_title"
        label={t.shippingTitle}
        hint={t.shippingTitleHint}
        value={draft.shippingTitle}
        onChange={(value) => onChange((current) => typeShipping(current, { shippingTitle: value }))}
      />
      <TextField
        path="shipping_lines.0.total"
        label={`${t.shippingTotal} (${code})`}
        value={draft.shippingTotal}
        onChange={(value) => onChange((current) => typeShipping(current, { shippingTotal: value }))}
      />
    </>
  );
}

/** The shop's tax classes (standard first), asked for once the fees are shown; until then, or without them, the standard class alone. */
function useTaxClasses(): { slug: string; name: string }[] {
  const classes = useLoadedOnce(productTaxClasses);
  // Without the list the owner still has the standard class and Not taxable; the server names a class it lacks.
  return classes?.length ? classes : [{ slug: "standard", name: t.feeStandardRate }];
}

/**
 * The one-off fees: a name, an amount or a percentage of the items' total (a leading minus for a
 * discount), the tax class (Standard, the shop's classes, Not taxable); Add fee and Remove.
 */
export function FeeRows({ fees, onFees, code }: { fees: DraftFee[]; onFees: Update<DraftFee[]>; code: string }) {
  const classes = useTaxClasses();
  const setFee = (index: number, change: Partial<DraftFee>) =>
    onFees((current) => current.map((fee, i) => (i === index ? { ...fee, ...change } : fee)));
  const taxOptions = (fee: DraftFee) => {
    const options = classes.map((taxClass) => ({ value: taxClass.slug, label: taxClass.name }));
    // A class the order has that the shop no longer lists stays choosable: the server says what became of it.
    if (fee.taxable && !options.some((option) => option.value === feeTaxChoice(fee)))
      options.push({ value: fee.taxClass, label: fee.taxClass });
    return [...options, { value: NOT_TAXABLE, label: t.feeNotTaxable }];
  };

  function addFee() {
    const index = fees.length;
    onFees((current) => [...current, { key: newRowKey("fee"), name: "", amount: "", taxable: true, taxClass: "standard" }]);
    // The new row's name next: the owner types it straight away.
    requestAnimationFrame(() => document.getElementById(fieldId(`fee_lines.${index}.name`))?.focus());
  }

  function removeFee(index: number) {
    onFees((current) => current.filter((_, i) => i !== index));
    requestAnimationFrame(() => document.getElementById(fieldId("add_fee"))?.focus());
  }

  return (
    <>
      <p className="admin-muted">{t.feesHint}</p>
      {fees.length > 0 && (
        <ul className="admin-new-order__lines" aria-label={t.fees}>
          {fees.map((fee, index) => {
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
                <SelectField
                  path={`fee_lines.${index}.tax_class`}
                  label={`${t.feeTaxClass} (${t.feeRow(index + 1)})`}
                  value={feeTaxChoice(fee)}
                  options={taxOptions(fee)}
                  onChange={(choice) => setFee(index, feeTaxFrom(choice))}
                />
                <button type="button" className="button button--secondary" aria-label={t.removeFee(label)} onClick={() => removeFee(index)}>
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
    </>
  );
}

interface TotalsProps {
  calculation: Calculation | null;
  calcState: CalcState;
  hasLines: boolean;
  money: (amount: number) => string;
  /** The order's total before an edit, shown beside the new one. */
  previousTotal?: number;
}

/** The totals the shop worked out, row by row, and what the pricing is doing in a polite live region. */
export function TotalsRows({ calculation, calcState, hasLines, money, previousTotal }: TotalsProps) {
  return (
    <>
      {calculation && calcState !== "failed" ? (
        <dl className="admin-details admin-new-order__totals">
          {[
            ["items", t.subtotal, calculation.totals.items],
            ...calculation.coupons.map((c): [string, string, number] => [`coupon-${c.code}`, `${t.discount} (${c.code})`, -c.discount]),
            // Each fee by its line (the shop's own, then the order's), before tax as the other rows.
            ...calculation.fees.map((fee): [string, string, number] => [fee.id, fee.name, fee.total]),
            ["shipping", t.shippingTotalRow, calculation.totals.shipping],
            ["tax", t.tax, calculation.totals.tax],
            ["total", t.total, calculation.totals.total],
            ...(previousTotal === undefined ? [] : [["previous", t.previousTotal, previousTotal] as [string, string, number]]),
          ].map(([rowKey, term, amount]) => (
            <div key={String(rowKey)} className="admin-details__row">
              <dt>{term}</dt>
              <dd>{money(Number(amount))}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="admin-new-order__calc" role="status" aria-live="polite">
        {!hasLines
          ? t.totalsNeedItems
          : calcState === "busy"
            ? t.calculating
            : calcState === "failed"
              ? t.totalsFailed
              : calculation
                ? t.totalNow(money(calculation.totals.total))
                : ""}
      </p>
    </>
  );
}
