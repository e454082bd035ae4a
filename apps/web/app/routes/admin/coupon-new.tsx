/** /admin/coupons/new: the coupon form over empty values; saving creates the coupon and opens its page. */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { couponsApi } from "../../features/admin/coupons/api.ts";
import { CouponForm } from "../../features/admin/coupons/CouponForm.tsx";
import { couponMessages as t } from "../../features/admin/coupons/messages.ts";
import { emptyDraft } from "../../features/admin/coupons/model.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/coupon-new";

export async function clientLoader() {
  return { currency: await couponsApi.currency() };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.newTitle);
}

export default function NewCouponPage({ loaderData }: Route.ComponentProps) {
  return <CouponForm initial={emptyDraft()} currency={loaderData.currency} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/coupons" backLabel={t.back} />;
}
