/** A saved address shown as a summary with an Edit button (spec §3 editingShippingAddress / editingBillingAddress). */
import { addressLines } from "@cartwright/commerce";
import { AddressBlock } from "../../components/AddressBlock.tsx";
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
  const lines = addressLines(
    address,
    { country: country?.name, state: country?.states.find((s) => s.code === address.state)?.name },
    { phone: true },
  );
  return (
    <div className="address-card">
      <AddressBlock lines={lines} className="address-card__lines" />
      <button type="button" className="link-button address-card__edit" onClick={onEdit} aria-label={t.editAddress(kind)}>
        {t.edit}
      </button>
    </div>
  );
}
