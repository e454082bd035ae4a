/**
 * The cart's express payment area (spec §2 "Cart screen"), loaded in a chunk of its own: the
 * checkout's payment registry and its built-in methods (about 7 KB gzip) need not hold up the cart
 * page's first scripts. The server renders it whole; the browser hydrates it when its chunk arrives.
 */
import type { StoreCart } from "@cartwright/commerce";
import { lazy, Suspense } from "react";

const ExpressArea = lazy(() => import("./ExpressArea.tsx"));

export function ExpressPayments({ cart }: { cart: StoreCart }) {
  return (
    <Suspense fallback={null}>
      <ExpressArea cart={cart} />
    </Suspense>
  );
}
