/**
 * Shipping rates per package, local pickup locations among them (spec §2 "Checkout screen",
 * §4 "Shipping"): one radio group per package; choosing sends select-shipping-rate at once.
 */
import { type Currency, formatAmount, type StoreCart } from "@cartwright/commerce";
import { checkoutMessages as t } from "./messages.ts";

interface ShippingOptionsProps {
  cart: StoreCart;
  currency: Currency;
  withTax: boolean;
  disabled: boolean;
  /** Rates being chosen: shown as checked while the server confirms. */
  choosing: Record<number, string>;
  /** Which rates to list: pickup locations, the others, or all of them. */
  show?: "ship" | "pickup" | "all";
  onSelect(packageId: number, rateId: string): void;
}

export function ShippingOptions({ cart, currency, withTax, disabled, choosing, onSelect, show = "all" }: ShippingOptionsProps) {
  const wanted = (methodId: string) => show === "all" || (show === "pickup") === (methodId === "pickup_location");
  const packages = cart.shipping_rates.map((p) => ({ ...p, shipping_rates: p.shipping_rates.filter((r) => wanted(r.method_id)) }));
  if (!packages.length || packages.every((p) => p.shipping_rates.length === 0)) {
    return <p className="checkout-shipping__empty">{cart.shipping_address.country ? t.noShippingOptions : t.enterAddressForRates}</p>;
  }
  return (
    <div className="checkout-shipping">
      {packages.map((pkg) => (
        <fieldset key={pkg.package_id} className="checkout-shipping__package" disabled={disabled}>
          <legend className={packages.length > 1 ? "" : "visually-hidden"}>{pkg.name}</legend>
          {pkg.shipping_rates.map((rate) => {
            const price = Number(rate.price) + (withTax ? Number(rate.taxes) : 0);
            const id = `shipping-rate-${pkg.package_id}-${rate.rate_id}`;
            const chosen = choosing[pkg.package_id];
            const checked = chosen ? chosen === rate.rate_id : rate.selected;
            return (
              <label key={rate.rate_id} htmlFor={id} className={`radio-option${checked ? " radio-option--checked" : ""}`}>
                <input
                  id={id}
                  type="radio"
                  name={`shipping-rate-${pkg.package_id}`}
                  value={rate.rate_id}
                  checked={checked}
                  onChange={() => onSelect(pkg.package_id, rate.rate_id)}
                />
                <span className="radio-option__label">{rate.name}</span>
                <span className="radio-option__price">{price === 0 ? t.free : formatAmount(price, currency)}</span>
                {rate.description ? <span className="radio-option__description">{rate.description}</span> : null}
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
