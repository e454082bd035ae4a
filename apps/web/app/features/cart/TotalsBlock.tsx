/**
 * The Totals block (spec §2 "Totals block", §9 "Totals rows"): Subtotal, one row per fee, the
 * coupon panel (children), Discount with the coupon chips, Shipping, Taxes, and the estimated
 * total, which shows a skeleton while quantities or removals are pending (at least 2 s, unless
 * reduced motion is on: lib/use-skeleton.ts). With prices shown including tax, the tax is said
 * under the total instead of in a Taxes row (decision 0141).
 */
import { type Currency, formatAmount, type StoreCart } from "@cartwright/commerce";
import type { ReactNode } from "react";
import { useSkeleton } from "../../lib/use-skeleton.ts";
import { useCart } from "../../stores/cart-context.tsx";
import { CouponChips } from "./CouponPanel.tsx";
import { cartPageMessages as t } from "./messages.ts";
import { showNoRateSelectedWarning } from "./shipping-warnings.ts";
import { taxLineLabel } from "./text.ts";

export interface TotalsSettings {
  /** displayCartPricesIncludingTax (default false). */
  withTax: boolean;
  /** displayItemizedTaxes (default false). */
  itemizedTaxes: boolean;
  /** taxesEnabled (default true). */
  taxesEnabled: boolean;
}

interface TotalsBlockProps extends TotalsSettings {
  cart: StoreCart;
  currency: Currency;
  /** Shown between the fees and the discount: the coupon panel on the cart page. */
  children?: ReactNode;
  /** The checkout shows 'Total' with no shipping note; the cart an estimate. */
  variant?: "cart" | "checkout";
  /** The checkout's prefersCollection (spec §3): with pickup chosen, the no-rate warning shows only when true. */
  prefersCollection?: boolean;
  /** The checkout's label of the total, as its `totalLabel` filters leave it (spec §5). */
  totalLabel?: string;
}

function TotalsItem({
  label,
  value,
  description,
  notes = [],
  className = "",
}: {
  label: ReactNode;
  value: ReactNode;
  description?: ReactNode;
  /** Lines of small text under the value, each its own. */
  notes?: string[];
  className?: string;
}) {
  return (
    <div className={`totals__item ${className}`.trim()}>
      <dt className="totals__label">{label}</dt>
      <dd className="totals__value">{value}</dd>
      {description ? <dd className="totals__description">{description}</dd> : null}
      {notes.map((note) => (
        <dd key={note} className="totals__description">
          {note}
        </dd>
      ))}
    </div>
  );
}

export function TotalsBlock({
  cart,
  currency,
  withTax,
  itemizedTaxes,
  taxesEnabled,
  children,
  variant = "cart",
  prefersCollection,
  totalLabel,
}: TotalsBlockProps) {
  const pending = useCart((s) => s.cartItemsPendingQuantity.length > 0 || s.cartItemsPendingDelete.length > 0);
  const skeleton = useSkeleton(pending);
  const totals = cart.totals;
  const n = (amount: string | null | undefined) => Number(amount ?? 0) || 0;
  const money = (amount: number) => formatAmount(amount, currency);
  const withItsTax = (amount: string | null | undefined, tax: string | null | undefined) => n(amount) + (withTax ? n(tax) : 0);

  const fees = cart.fees.filter((fee) => n(fee.totals.total) !== 0);
  const discount = withItsTax(totals.total_discount, totals.total_discount_tax);
  const showDiscount = n(totals.total_discount) > 0 || cart.coupons.length > 0;

  const packages = cart.needs_shipping ? cart.shipping_rates : [];
  const selected = packages.flatMap((p) => p.shipping_rates.filter((rate) => rate.selected));
  const noRateSelected = showNoRateSelectedWarning(packages, prefersCollection);
  const shipping = selected.reduce((sum, rate) => sum + withItsTax(rate.price, rate.taxes), 0);

  // Prices that already include tax show no separate tax line; with taxes off, only a real tax does.
  const showTaxes = !withTax && (taxesEnabled || n(totals.total_tax) > 0);
  const taxLines =
    itemizedTaxes && totals.tax_lines.length > 0
      ? totals.tax_lines.map((line) => ({ label: taxLineLabel(line, currency.decimalSeparator), value: n(line.price) }))
      : [{ label: t.taxes, value: n(totals.total_tax) }];
  // The Taxes row would not add up to a total whose lines already hold the tax: the tax is said under it instead.
  const includedTax = withTax && n(totals.total_tax) > 0 && !skeleton ? t.includingTaxes(money(n(totals.total_tax))) : "";
  const totalNotes = [includedTax, variant === "checkout" ? "" : t.shippingNote].filter(Boolean);

  return (
    <div className="totals">
      <dl className="totals__group">
        <TotalsItem
          className="totals__item--subtotal"
          label={t.subtotal}
          value={money(withItsTax(totals.total_items, totals.total_items_tax))}
        />
        {fees.map((fee) => (
          <TotalsItem key={fee.key || fee.id} label={fee.name || t.fee} value={money(withItsTax(fee.totals.total, fee.totals.total_tax))} />
        ))}
      </dl>
      {children}
      <dl className="totals__group">
        {showDiscount && (
          <TotalsItem
            className="totals__item--discount"
            label={t.discount}
            value={money(-discount)}
            description={<CouponChips coupons={cart.coupons} />}
          />
        )}
        {selected.length > 0 && (
          <TotalsItem
            className="totals__item--shipping"
            label={t.shipping}
            value={shipping === 0 ? t.free : money(shipping)}
            description={selected.map((rate) => rate.name).join(", ")}
          />
        )}
        {showTaxes &&
          taxLines.map((line) => (
            <TotalsItem key={line.label} className="totals__item--tax" label={line.label} value={money(line.value)} />
          ))}
      </dl>
      {noRateSelected && <p className="notice notice--warning totals__warning">{t.noRateSelected}</p>}
      <dl className="totals__group totals__group--footer">
        <TotalsItem
          className="totals__item--total"
          label={variant === "checkout" ? (totalLabel ?? t.total) : t.estimatedTotal}
          value={
            skeleton ? (
              <span className="skeleton totals__skeleton">
                <span className="visually-hidden">{t.loadingPrice}</span>
              </span>
            ) : (
              money(n(totals.total_price))
            )
          }
          notes={totalNotes}
        />
      </dl>
    </div>
  );
}
