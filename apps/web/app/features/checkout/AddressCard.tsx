/** A saved address shown as a summary with an Edit button (spec §3 editingShippingAddress / editingBillingAddress). */
import type { CheckoutCountry } from "../../context.ts";
import type { AddressValues } from "./AddressForm.tsx";
import { checkoutMessages as t } from "./messages.ts";

/** An address is edited from the start when it lacks address_1 or both names (spec §3). */
export const needsEditing = (address: AddressValues) => !address.address_1 || !(address.first_name || address.last_name);

export function AddressCard({
  kind,
  address,
  countries,
  onEdit,
}: {
  kind: "billing" | "shipping";
  address: AddressValues;
  countries: CheckoutCountry[];
  onEdit(): void;
}) {
  const country = countries.find((c) => c.code === address.country);
  const state = country?.states.find((s) => s.code === address.state)?.name ?? address.state;
  const lines = [
    [address.first_name, address.last_name].filter(Boolean).join(" "),
    address.company,
    address.address_1,
    address.address_2,
    [address.city, [state, address.postcode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    country?.name ?? address.country,
    address.phone,
  ].filter(Boolean);
  return (
    <div className="address-card">
      <address className="address-card__lines">
        {lines.map((line) => (
          <span key={line} className="address-card__line">
            {line}
          </span>
        ))}
      </address>
      <button type="button" className="link-button address-card__edit" onClick={onEdit} aria-label={t.editAddress(kind)}>
        {t.edit}
      </button>
    </div>
  );
}
