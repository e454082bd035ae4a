/**
 * One section of the settings page (decision 0042): its own form and Save button, the server's
 * messages beside their fields and summed up above them, the saved group announced. A save sends
 * the version the form opened (or last saved): a group someone changed since is refused, the
 * message above the form and what the owner typed kept (decision 0158).
 */
import { createContext, type FormEvent, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { AdminApiError } from "../api.ts";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext } from "../components/fields.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useStickyHeadRoom } from "../components/sticky-head.ts";
import { consoleMessages } from "../messages.ts";
import { type GroupName, type SettingsGroups, settingsApi, type Versioned } from "./api.ts";
import { settingsMessages as t } from "./messages.ts";

/** A draft turned into the body to send, or the fields' messages found before sending. */
export type BodyResult<B> = { ok: true; body: B } | { ok: false; errors: Record<string, string> };

/** A draft that is its body already. */
export const ok = <T,>(body: T) => ({ ok: true as const, body });
export const same = <T,>(value: T) => value;
/** A select's options from their labels by value. */
export const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * Where a page of several forms hears which hold unsaved changes, so that one LeaveGuard asks for
 * them all (a router takes one blocker at a time).
 */
export const UnsavedFormsContext = createContext<((id: string, dirty: boolean) => void) | null>(null);

/** The page's side of UnsavedFormsContext: whether any of its forms is unsaved, and the call they report by. */
export function useUnsavedForms() {
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback(
    (id: string, dirty: boolean) =>
      setUnsaved((current) => {
        if (current.has(id) === dirty) return current;
        const next = new Set(current);
        if (dirty) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  return { dirty: unsaved.size > 0, report };
}

interface Props<D, B, R extends Versioned<unknown>> {
  id: string;
  title: string;
  intro?: string;
  initial: D;
  /** Field labels by path, for the error summary (other entries, such as hints, are passed over). */
  labels: Record<string, unknown>;
  toBody(draft: D): BodyResult<B>;
  /** The draft again from the server's reply (the saved values, cleaned). */
  fromBody(reply: R): D;
  /** The version the form opened; each save sends the one the form holds, and keeps the one answered. */
  version: string | undefined;
  send(body: B, version: string | undefined): Promise<R>;
  /** Put before every field path ("cod." → "cod.title"): several forms on one page then keep their field ids apart. */
  pathPrefix?: string;
  /** What a save announces, from the reply; by default "{title} saved." */
  savedMessage?(reply: R): string;
  children(draft: D, set: (change: Partial<D>) => void): ReactNode;
}

export function GroupForm<D, B, R extends Versioned<unknown> = Versioned<B>>({
  id,
  title,
  intro,
  initial,
  labels,
  toBody,
  fromBody,
  version: opened,
  send,
  pathPrefix = "",
  savedMessage,
  children,
}: Props<D, B, R>) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [version, setVersion] = useState(opened);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const head = useRef<HTMLDivElement>(null);
  useStickyHeadRoom(head);
  const announce = useAnnounce();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const report = useContext(UnsavedFormsContext);
  useEffect(() => report?.(id, dirty), [report, id, dirty]);
  // A form that leaves the page takes its unsaved mark with it.
  useEffect(() => () => report?.(id, false), [report, id]);
  const set = (change: Partial<D>) => setDraft((current) => ({ ...current, ...change }));
  const prefixed = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).map(([path, message]) => [`${pathPrefix}${path}`, message]));
  const labelFor = (path: string) => {
    const label = labels[path.slice(pathPrefix.length)];
    return typeof label === "string" ? label : path;
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = toBody(draft);
    if (!result.ok) {
      setErrors(prefixed(result.errors));
      setFailure(Object.values(result.errors)[0] ?? "");
      return;
    }
    setBusy(true);
    setFailure("");
    // The last save's "saved" leaves as this one starts: it speaks of what was, and the next one is said afresh.
    announce("");
    try {
      const reply = await send(result.body, version);
      const next = fromBody(reply);
      setVersion(reply.version);
      setErrors({});
      setSaved(next);
      setDraft(next);
      announce(savedMessage ? savedMessage(reply) : t.saved(title));
    } catch (error) {
      if (error instanceof AdminApiError) {
        setErrors(prefixed(error.fields));
        setFailure(error.message);
      } else setFailure(consoleMessages.networkError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form id={id} className="admin-card admin-settings-group" onSubmit={save} noValidate aria-busy={busy} aria-labelledby={`${id}-title`}>
        <div ref={head} className="admin-editor__head">
          <h2 id={`${id}-title`}>{title}</h2>
          {dirty && <span className="admin-badge admin-badge--warning">{t.unsaved}</span>}
        </div>
        {intro && <p className="admin-field__hint">{intro}</p>}
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}
        {children(draft, set)}
        <div className="admin-actions">
          <SubmitButton busy={busy} label={t.save(title)} />
        </div>
      </form>
    </FieldErrorsContext.Provider>
  );
}

/** A group as read, apart from its version: the draft is made of the group alone. */
function withoutVersion<T>({ version: _version, ...group }: Versioned<T>): T {
  return group as T;
}

/**
 * A group's form whose id, title and Save button go by the group's name; `toDraft` makes the
 * form's draft of the group (lists as text) and `toBody` the group back, or the fields' messages.
 */
export function SettingsGroupForm<N extends GroupName, D>({
  name,
  initial,
  labels,
  toDraft,
  toBody,
  children,
}: {
  name: N;
  /** The group as read, with its version. */
  initial: Versioned<SettingsGroups[N]>;
  labels: Record<string, unknown>;
  toDraft(group: SettingsGroups[N]): D;
  toBody(draft: D): BodyResult<SettingsGroups[N]>;
  children(draft: D, set: (change: Partial<D>) => void): ReactNode;
}) {
  // Made once, as GroupForm reads its `initial` once: a `toDraft` that tells the console the group's values (the time
  // zone, the separators) would otherwise tell it the opened ones again on every render after a save.
  const [opened] = useState(() => toDraft(withoutVersion(initial)));
  return (
    <GroupForm<D, SettingsGroups[N]>
      id={name}
      title={t.sections[name]}
      initial={opened}
      labels={labels}
      toBody={toBody}
      fromBody={(reply) => toDraft(withoutVersion(reply))}
      version={initial.version}
      send={(body, version) => settingsApi.save(name, body, version)}
    >
      {children}
    </GroupForm>
  );
}

/** A group edited just as the API shows it. */
export function PlainGroupForm<N extends GroupName>(props: {
  name: N;
  initial: Versioned<SettingsGroups[N]>;
  labels: Record<string, unknown>;
  children(draft: SettingsGroups[N], set: (change: Partial<SettingsGroups[N]>) => void): ReactNode;
}) {
  return <SettingsGroupForm<N, SettingsGroups[N]> {...props} toDraft={same} toBody={ok} />;
}
