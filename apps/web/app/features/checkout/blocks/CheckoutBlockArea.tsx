/**
 * One inner block area of the checkout: the extension blocks registered for it, each in its own
 * error boundary and Suspense (a lazy component loads when first drawn). Blocks are drawn in the
 * browser only, after hydration, so the server's HTML never depends on extension code.
 */
import type { StoreCart } from "@cartwright/commerce";
import { Suspense, useSyncExternalStore } from "react";
import { BlockErrorBoundary } from "./BlockErrorBoundary.tsx";
import {
  type CheckoutBlock,
  type CheckoutBlockProps,
  getCheckoutBlocks,
  type InnerBlockArea,
  subscribeToCheckoutBlocks,
} from "./registry.ts";

const NONE: readonly CheckoutBlock[] = [];

export function CheckoutBlockArea({
  area,
  cart,
  isAdmin,
  checkoutExtensionData,
  validation,
}: { area: InnerBlockArea; cart: StoreCart; isAdmin: boolean } & Pick<CheckoutBlockProps, "checkoutExtensionData" | "validation">) {
  const all = useSyncExternalStore(subscribeToCheckoutBlocks, getCheckoutBlocks, () => NONE);
  const blocks = all.filter((block) => block.areas.includes(area));
  if (!blocks.length) return null;
  return (
    <div className="checkout-block-area" data-block-area={area}>
      {blocks.map(({ blockName, component: Block }) => (
        <BlockErrorBoundary key={blockName} blockName={blockName} isAdmin={isAdmin} fallback="none">
          <Suspense fallback={null}>
            <Block cart={cart} extensions={cart.extensions} checkoutExtensionData={checkoutExtensionData} validation={validation} />
          </Suspense>
        </BlockErrorBoundary>
      ))}
    </div>
  );
}
