/** /admin/settings: the shop's settings, one section per owner API group, each saved on its own (the owner's, decision 0042). */
import { LeaveGuard } from "../../features/admin/components/editor.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { GROUP_NAMES, settingsApi } from "../../features/admin/settings/api.ts";
import { UnsavedFormsContext, useUnsavedForms } from "../../features/admin/settings/GroupForm.tsx";
import { settingsMessages as t } from "../../features/admin/settings/messages.ts";
import {
  CheckoutSection,
  CurrencySection,
  NoticesSection,
  PagesSection,
  StoreSection,
  TaxesSection,
} from "../../features/admin/settings/SettingsSections.tsx";
import {
  CartSection,
  ConsentSection,
  CountriesSection,
  EmailsSection,
  InventorySection,
  ReviewsSection,
} from "../../features/admin/settings/ShopRulesSections.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/settings";

export async function clientLoader() {
  return settingsApi.all();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function SettingsPage({ loaderData: groups }: Route.ComponentProps) {
  const unsaved = useUnsavedForms();
  return (
    <UnsavedFormsContext.Provider value={unsaved.report}>
      <div className="admin-page">
        <PageHead title={t.title} />
        <p>{t.intro}</p>
        <nav aria-label={t.onThisPage} className="admin-settings-nav">
          <ul>
            {GROUP_NAMES.map((name) => (
              <li key={name}>
                <a href={`#${name}`}>{t.sections[name]}</a>
              </li>
            ))}
          </ul>
        </nav>
        <StoreSection initial={groups.store} />
        <CurrencySection initial={groups.currency} />
        <TaxesSection initial={groups.taxes} />
        <PagesSection initial={groups.pages} />
        <NoticesSection initial={groups.notices} />
        <CheckoutSection initial={groups.checkout} />
        <CountriesSection initial={groups.countries} />
        <InventorySection initial={groups.inventory} />
        <ReviewsSection initial={groups.reviews} />
        <CartSection initial={groups.cart} />
        <EmailsSection initial={groups.emails} />
        <ConsentSection initial={groups.consent} />
      </div>
      {/* Each section saves on its own, so a save never leaves the page: nothing is ever busy leaving. */}
      <LeaveGuard dirty={unsaved.dirty} busy={false} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </UnsavedFormsContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
