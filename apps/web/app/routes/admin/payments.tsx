/** /admin/payments: the payment methods in the checkout's order, each with its form (the owner's, decision 0042). */
import { useState } from "react";
import { LeaveGuard } from "../../features/admin/components/editor.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { paymentsApi } from "../../features/admin/settings/api.ts";
import { UnsavedFormsContext, useUnsavedForms } from "../../features/admin/settings/GroupForm.tsx";
import { settingsMessages, paymentsMessages as t } from "../../features/admin/settings/messages.ts";
import { MethodForm, MethodOrder } from "../../features/admin/settings/PaymentMethods.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/payments";

export async function clientLoader() {
  return paymentsApi.list();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function PaymentsPage({ loaderData }: Route.ComponentProps) {
  const [methods, setMethods] = useState(loaderData.methods);
  const unsaved = useUnsavedForms();
  return (
    <UnsavedFormsContext.Provider value={unsaved.report}>
      <div className="admin-page">
        <PageHead title={t.title} />
        <p>{t.intro}</p>
        <MethodOrder methods={methods} onChange={setMethods} />
        {methods.map((method) => (
          <MethodForm
            key={method.id}
            method={method}
            onSaved={(saved) => setMethods((current) => current.map((m) => (m.id === saved.id ? saved : m)))}
          />
        ))}
      </div>
      {/* Each method saves on its own, as the settings' sections do: the same guard asks before leaving an unsaved one. */}
      <LeaveGuard
        dirty={unsaved.dirty}
        busy={false}
        title={settingsMessages.leaveTitle}
        body={t.leaveBody}
        confirmLabel={settingsMessages.leave}
      />
    </UnsavedFormsContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
