/**
 * /admin/taxes (decision 0044): the tax classes as tabs (arrow keys move between them), each
 * class's rates in an editable table, renaming or deleting the owner's own classes, adding one,
 * and the class shipping is taxed in. A rename and the shipping class's save send the version they
 * were read or last saved with: one changed since is refused beside its field and said, what was
 * typed kept (decision 0158).
 */
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useState } from "react";
import { AdminApiError } from "../../features/admin/api.ts";
import { failureText } from "../../features/admin/components/failure.ts";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { FieldErrorsContext, SelectField, TextField } from "../../features/admin/components/fields.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import {
  type RateList,
  type ShippingTaxClass,
  type TaxClassSummary,
  taxesApi,
  type VersionedTaxClass,
} from "../../features/admin/taxes/api.ts";
import { productTaxClasses } from "../../features/admin/taxes/class-list.ts";
import { taxesMessages as t } from "../../features/admin/taxes/messages.ts";
import { RatesTable } from "../../features/admin/taxes/RatesTable.tsx";
import taxesStyles from "../../features/admin/taxes/taxes.css?url";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/taxes";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: taxesStyles }];

export async function clientLoader() {
  const [list, standard, shipping] = await Promise.all([taxesApi.classes(), taxesApi.rates("standard"), taxesApi.shippingClass()]);
  return { list, standard, shipping };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

const tabId = (slug: string) => `tax-tab-${slug}`;
const panelId = (slug: string) => `tax-panel-${slug}`;

export default function TaxesPage({ loaderData }: Route.ComponentProps) {
  const [classes, setClasses] = useState(loaderData.list.classes);
  const [selected, setSelected] = useState("standard");
  const [rates, setRates] = useState<RateList | null>(loaderData.standard);
  const announce = useAnnounce();
  const current = classes.find((c) => c.slug === selected) ?? classes[0];

  // Each tab loads its class's rates when chosen.
  useEffect(() => {
    if (rates?.class === selected) return;
    let live = true;
    setRates(null);
    taxesApi.rates(selected).then(
      (reply) => live && setRates(reply),
      () => live && setRates({ class: selected, rates: [] }),
    );
    return () => {
      live = false;
    };
  }, [selected, rates?.class]);

  // A tab chosen by the keyboard, or a class just added or deleted, takes the focus once it is drawn.
  const [focusTab, setFocusTab] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTab) return;
    const tab = document.getElementById(tabId(focusTab));
    if (tab) {
      tab.focus();
      setFocusTab(null);
    }
  }, [focusTab, classes]);

  // Another tab drops the rows typed and not saved in this one: it asks first, as leaving the page does.
  const [ratesDirty, setRatesDirty] = useState(false);
  const [asked, setAsked] = useState<{ slug: string; focus: boolean } | null>(null);
  function choose(slug: string, focus = false, force = false) {
    if (slug !== selected && ratesDirty && !force) {
      setAsked({ slug, focus });
      return;
    }
    setRatesDirty(false);
    setSelected(slug);
    if (focus) setFocusTab(slug);
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = classes.length - 1;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const target = classes[(to + classes.length) % classes.length];
    if (target) choose(target.slug, true);
  }

  // The product editor reads the classes once per page; after a change here it reads them again.
  useEffect(() => productTaxClasses.forget(), [classes]);

  const setCount = (slug: string, count: number) => setClasses((list) => list.map((c) => (c.slug === slug ? { ...c, rates: count } : c)));

  return (
    <div className="admin-page">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro}</p>
      <section className="admin-card" aria-labelledby="tax-classes">
        <h2 id="tax-classes">{t.classes}</h2>
        <div role="tablist" aria-labelledby="tax-classes" className="taxes-tabs">
          {classes.map((c, index) => (
            <button
              key={c.slug}
              type="button"
              role="tab"
              id={tabId(c.slug)}
              aria-selected={c.slug === selected}
              aria-controls={panelId(c.slug)}
              tabIndex={c.slug === selected ? 0 : -1}
              className="taxes-tab"
              onClick={() => choose(c.slug)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {c.name}
            </button>
          ))}
        </div>
        {current && (
          <div role="tabpanel" id={panelId(current.slug)} aria-labelledby={tabId(current.slug)} className="taxes-panel">
            <ClassHeader
              key={current.slug}
              taxClass={current}
              onRenamed={({ name, version }) =>
                setClasses((list) => list.map((c) => (c.slug === current.slug ? { ...c, name, version } : c)))
              }
              onDeleted={() => {
                setClasses((list) => list.filter((c) => c.slug !== current.slug));
                announce(t.classDeleted(current.name));
                choose("standard", true, true);
              }}
            />
            <h3>{t.ratesOf(current.name)}</h3>
            {rates?.class === current.slug ? (
              <RatesTable
                key={current.slug}
                slug={current.slug}
                initial={rates.rates}
                onCount={(n) => setCount(current.slug, n)}
                onDirty={setRatesDirty}
              />
            ) : (
              <p className="admin-loading">{t.loading}</p>
            )}
          </div>
        )}
      </section>
      <AddClass
        onAdded={(added) => {
          setClasses((list) => [...list, added]);
          announce(t.classAdded(added.name));
          choose(added.slug, true);
        }}
      />
      <ShippingClass initial={loaderData.shipping} classes={classes} onSaved={() => announce(t.shippingSaved)} />
      <ConfirmDialog
        open={asked !== null}
        title={t.leaveTitle}
        body={t.leaveBody}
        confirmLabel={t.leave}
        onConfirm={() => {
          if (asked) choose(asked.slug, asked.focus, true);
          setAsked(null);
        }}
        onCancel={() => {
          setAsked(null);
          setFocusTab(selected);
        }}
      />
    </div>
  );
}

function ClassHeader({
  taxClass,
  onRenamed,
  onDeleted,
}: {
  taxClass: TaxClassSummary;
  onRenamed(renamed: VersionedTaxClass): void;
  onDeleted(): void;
}) {
  const [name, setName] = useState(taxClass.name);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [asking, setAsking] = useState(false);
  const announce = useAnnounce();
  const standard = taxClass.slug === "standard";
  const nameField = `class-${taxClass.slug}-name`;

  async function rename(event: FormEvent) {
    event.preventDefault();
    setFailure("");
    try {
      // The page keeps the version each rename answers, so a second rename from this page is not refused.
      const reply = await taxesApi.renameClass(taxClass.slug, name, taxClass.version);
      setErrors({});
      onRenamed(reply);
      announce(t.renamed(reply.name));
    } catch (error) {
      // Every refusal (the name's, a stale copy, the network) beside the name and said, as a tax rate's is.
      const message = refusalOf(error, "name");
      setErrors({ [nameField]: message });
      announce(message, "error");
    }
  }

  async function remove() {
    setAsking(false);
    setFailure("");
    try {
      await taxesApi.deleteClass(taxClass.slug);
      onDeleted();
    } catch (error) {
      setFailure(failureText(error));
    }
  }

  return (
    <>
      <p className="admin-muted">{t.classUse(taxClass.rates, taxClass.products)}</p>
      {standard ? (
        <p className="admin-muted">{t.standardFixed}</p>
      ) : (
        <form className="taxes-inline-form" onSubmit={rename}>
          <FieldErrors errors={errors}>
            <TextField path={nameField} label={t.className} value={name} onChange={setName} />
          </FieldErrors>
          <button type="submit" className="button button--secondary">
            {t.rename}
          </button>
          <button type="button" className="button admin-button--danger" onClick={() => setAsking(true)}>
            {t.deleteClass(taxClass.name)}
          </button>
        </form>
      )}
      <ErrorAlert message={failure} />
      {/* Drawn only while asked: the rates table has a dialog too, and the dialog's ids are fixed. */}
      {asking && (
        <ConfirmDialog
          open
          title={t.confirmDeleteClass(taxClass.name)}
          body={t.confirmDeleteClassBody}
          onConfirm={remove}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

function AddClass({ onAdded }: { onAdded(added: TaxClassSummary): void }) {
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");

  async function add(event: FormEvent) {
    event.preventDefault();
    setFailure("");
    try {
      const added = await taxesApi.createClass(name);
      setErrors({});
      setName("");
      onAdded(added);
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fields : {};
      if (fields.name) {
        setErrors({ "new-class-name": fields.name });
        requestAnimationFrame(() => document.getElementById("f-new-class-name")?.focus());
      } else setFailure(failureText(error));
    }
  }

  return (
    <section className="admin-card" aria-labelledby="tax-add-class">
      <h2 id="tax-add-class">{t.addClass}</h2>
      <form className="taxes-inline-form" onSubmit={add}>
        <FieldErrors errors={errors}>
          <TextField path="new-class-name" label={t.newClassName} value={name} onChange={setName} />
        </FieldErrors>
        <button type="submit" className="button">
          {t.addClassButton}
        </button>
      </form>
      <ErrorAlert message={failure} />
    </section>
  );
}

function ShippingClass({ initial, classes, onSaved }: { initial: ShippingTaxClass; classes: TaxClassSummary[]; onSaved(): void }) {
  const [choice, setChoice] = useState(initial.shipping_tax_class);
  const [version, setVersion] = useState(initial.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const announce = useAnnounce();

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const reply = await taxesApi.saveShippingClass(choice, version);
      setVersion(reply.version);
      setErrors({});
      onSaved();
    } catch (error) {
      // Every refusal (the class's, a stale copy, the network) beside the select and said; the choice is kept.
      const message = refusalOf(error, "shipping_tax_class");
      setErrors({ shipping_tax_class: message });
      announce(message, "error");
    }
  }

  return (
    <section className="admin-card" aria-labelledby="tax-shipping">
      <h2 id="tax-shipping">{t.shippingClass}</h2>
      <form onSubmit={save}>
        <FieldErrors errors={errors}>
          <SelectField
            path="shipping_tax_class"
            label={t.shippingClass}
            hint={t.shippingClassHint}
            value={choice}
            onChange={setChoice}
            options={[{ value: "inherit", label: t.inherit }, ...classes.map((c) => ({ value: c.slug, label: c.name }))]}
          />
        </FieldErrors>
        <button type="submit" className="button">
          {t.saveShipping}
        </button>
      </form>
    </section>
  );
}

/** A refused save's words for its one field: the field's own message, else the whole call's (a stale copy, the network). */
function refusalOf(error: unknown, field: string): string {
  const fields = error instanceof AdminApiError ? error.fields : {};
  return fields[field] ?? failureText(error);
}

function FieldErrors({ errors, children }: { errors: Record<string, string>; children: ReactNode }) {
  return <FieldErrorsContext.Provider value={errors}>{children}</FieldErrorsContext.Provider>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
