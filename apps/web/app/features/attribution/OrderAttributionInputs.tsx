/**
 * At checkout (spec §2.3, §3.6): the attribution record the server keeps in cookies (decision
 * 0014) as hidden inputs named with the shop's prefix, and as the checkout's extension data under
 * cw/order-attribution.
 */
import { ORDER_ATTRIBUTION_NAMESPACE } from "@cartwright/commerce";
import {
  type AttributionFields,
  attributionFields,
  type BrowserAttribution,
  cookieValue,
  trackingAllowed,
} from "@cartwright/commerce/attribution";
import { useEffect, useState } from "react";

/** The shop's attribution settings the checkout needs; null when attribution is off. */
export type CheckoutAttribution = Pick<BrowserAttribution, "consent" | "fieldPrefix"> | null;

/** The current record as checkout fields; null without tracking (turned off, or no consent). */
function currentFields(attribution: CheckoutAttribution): AttributionFields | null {
  if (!attribution || typeof document === "undefined") return null;
  const cookies = { get: (name: string) => cookieValue(document.cookie, name) };
  return trackingAllowed(attribution, cookies) ? attributionFields(cookies) : null;
}

/** The extension data for the place-order call; empty when nothing is tracked. */
export function orderAttributionExtensions(attribution: CheckoutAttribution): Record<string, AttributionFields> {
  const fields = currentFields(attribution);
  return fields ? { [ORDER_ATTRIBUTION_NAMESPACE]: fields } : {};
}

export function OrderAttributionInputs({ attribution }: { attribution: CheckoutAttribution }) {
  const [fields, setFields] = useState<AttributionFields | null>(null);
  // Read once hydrated: the inputs are the browser's cookies, so the server renders none.
  useEffect(() => setFields(currentFields(attribution)), [attribution]);
  if (!attribution || !fields) return null;
  return (
    <div hidden className="order-attribution-inputs">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={`${attribution.fieldPrefix}${name}`} value={value} />
      ))}
    </div>
  );
}
