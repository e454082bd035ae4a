/** /admin/shipping/rest-of-world: the methods for addresses no zone covers (none: the shop ships nowhere else). */
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AdminApiError } from "../../features/admin/api.ts";
import { ErrorSummary, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { FieldErrorsContext } from "../../features/admin/components/fields.tsx";
import { consoleMessages } from "../../features/admin/messages.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { shippingApi } from "../../features/admin/shipping/api.ts";
import { MethodsEditor } from "../../features/admin/shipping/MethodsEditor.tsx";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { fromMethodDrafts, toMethodDraft } from "../../features/admin/shipping/model.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping-rest-of-world";

export async function clientLoader() {
  return shippingApi.list();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.restOfWorld);
}

export default function RestOfWorldPage({ loaderData: list }: Route.ComponentProps) {
  const currency = { currency_code: list.currency_code, currency_minor_unit: list.currency_minor_unit };
  const [methods, setMethods] = useState(list.rest_of_world.methods.map((m) => toMethodDraft(m, currency)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const announce = useAnnounce();

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = fromMethodDrafts(methods, currency);
    if (!body.ok) {
      setErrors(body.errors);
      setFailure(Object.values(body.errors)[0] ?? "");
      return;
    }
    setBusy(true);
    setFailure("");
    try {
      const saved = await shippingApi.saveRestOfWorld(body.input);
      setMethods(saved.methods.map((m) => toMethodDraft(m, currency)));
      setErrors({});
      announce(t.restOfWorldSaved);
    } catch (error) {
      if (error instanceof AdminApiError) {
        setErrors(error.fields);
        setFailure(error.message);
      } else setFailure(consoleMessages.networkError);
    } finally {
      setBusy(false);
    }
  }

  const labelFor = (path: string) => {
    const method = /^methods\.(\d+)/.exec(path);
    return method ? t.method(Number(method[1]) + 1) : t.methods;
  };
  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <div className="admin-page__head admin-editor__head">
          <div>
            <p className="admin-breadcrumb">
              <Link to="/admin/shipping">{t.back}</Link>
            </p>
            <h1>{t.restOfWorld}</h1>
          </div>
          <div className="admin-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? consoleMessages.saving : t.saveMethods}
            </button>
          </div>
        </div>
        <p className="admin-muted">{t.restOfWorldIntro}</p>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}
        <MethodsEditor methods={methods} currency={currency.currency_code} onChange={setMethods} />
      </form>
    </FieldErrorsContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/shipping" backLabel={t.back} />;
}
