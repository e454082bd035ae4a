/** /admin/shipping/rest-of-world: the methods for addresses no zone covers (none: the shop ships nowhere else). */
import { type FormEvent, useState } from "react";
import { EditorHead, useSave } from "../../features/admin/components/editor.tsx";
import { ErrorSummary, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { FieldErrorsContext } from "../../features/admin/components/fields.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { shippingApi, shippingClassesApi } from "../../features/admin/shipping/api.ts";
import { MethodsEditor } from "../../features/admin/shipping/MethodsEditor.tsx";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { fromMethodDrafts, methodFieldOf, toMethodDraft } from "../../features/admin/shipping/model.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping-rest-of-world";

export async function clientLoader() {
  const [list, { classes }] = await Promise.all([shippingApi.list(), shippingClassesApi.list()]);
  return { ...list, classes };
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
  // Sent with each save, the one answered kept: methods someone changed since are refused, what was typed kept (decision 0158).
  const [version, setVersion] = useState(list.rest_of_world.version);
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = fromMethodDrafts(
      methods,
      currency,
      list.classes.map((c) => c.id),
    );
    if (!body.ok) return refuse(body.errors);
    await run(
      () => shippingApi.saveRestOfWorld(body.input, version),
      (saved) => {
        setMethods(saved.methods.map((m) => toMethodDraft(m, currency)));
        setVersion(saved.version);
        announce(t.restOfWorldSaved);
      },
      (fields) => Object.fromEntries(Object.entries(fields).map(([path, message]) => [methodFieldOf(path), message])),
    );
  }

  const labelFor = (path: string) => {
    const method = /^methods\.(\d+)/.exec(path);
    return method ? t.method(Number(method[1]) + 1) : t.methods;
  };
  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead back="/admin/shipping" backLabel={t.back} title={t.restOfWorld} busy={busy} submitLabel={t.saveMethods} />
        <p className="admin-muted">{t.restOfWorldIntro}</p>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}
        <MethodsEditor methods={methods} currency={currency.currency_code} classes={list.classes} onChange={setMethods} />
      </form>
    </FieldErrorsContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/shipping" backLabel={t.back} />;
}
