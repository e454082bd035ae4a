/** Order attribution in the storefront (issue 7; decision 0014): the tracking script and the checkout's part. */
export { AttributionScript, AttributionScriptContext, type AttributionScriptProps } from "./AttributionScript.tsx";
export { OrderAttributionInputs, orderAttributionExtensions } from "./OrderAttributionInputs.tsx";
