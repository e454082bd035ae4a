/**
 * At checkout (spec §2.3, §3.6): the current attribution record as hidden inputs named with the
 * shop's prefix, and as the checkout's extension data under cw/order-attribution.
 */
import { ORDER_ATTRIBUTION_NAMESPACE } from "@cartwright/commerce";
import { useEffect, useState } from "react";
import type { AttributionFields } from "./fields.ts";
import "./global.ts";

/** The extension data for the place-order call; empty when nothing is tracked. */
export function orderAttributionExtensions(): Record<string, AttributionFields> {
  const fields = typeof window === "undefined" ? null : window.cwOrderAttribution?.fields();
  return fields ? { [ORDER_ATTRIBUTION_NAMESPACE]: fields } : {};
}

export function OrderAttributionInputs() {
  const [tracked, setTracked] = useState<{ prefix: string; fields: AttributionFields } | null>(null);
  useEffect(() => {
    const api = window.cwOrderAttribution;
    const fields = api?.fields();
    if (api && fields) setTracked({ prefix: api.fieldPrefix, fields });
  }, []);
  if (!tracked) return null;
  return (
    <div hidden className="order-attribution-inputs">
      {Object.entries(tracked.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={`${tracked.prefix}${name}`} value={value} />
      ))}
    </div>
  );
}
