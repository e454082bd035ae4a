/**
 * The webhook form (decision 0097): name, status, topic, delivery URL and secret (with a button
 * that makes a new one); the server's messages beside their fields; delete behind a confirmation.
 * A save sends the version the form opened (or last saved): a webhook changed since is refused,
 * the message above the form and what the owner typed kept (decision 0158). Leaving with unsaved
 * changes asks first.
 */
import { type FormEvent, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { AFTER_DELETE, DeleteCard, EditorHead, LeaveGuard, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { type WebhookInput, type WebhookStatus, webhooksApi } from "./api.ts";
import { webhookMessages as t } from "./messages.ts";

interface Props {
  id?: number;
  initial: WebhookInput;
  /** The opened webhook's version; a new webhook has none. */
  version?: string;
}

const TOPICS = Object.entries(t.topics).map(([value, label]) => ({ value, label: `${label} (${value})` }));
const STATUSES = (Object.keys(t.statuses) as WebhookStatus[]).map((value) => ({ value, label: t.statuses[value] }));

/** 32 random bytes, base64url: what the server makes for a blank secret. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const emptyWebhook = (): WebhookInput => ({
  name: "",
  topic: "order.created",
  delivery_url: "https://",
  secret: "",
  status: "active",
});

export function WebhookForm({ id, initial, version: opened = "" }: Props) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [version, setVersion] = useState(opened);
  const { errors, failure, busy, run } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const deleting = useDelete(async () => {
    if (!id) return;
    await webhooksApi.remove(id);
    announce(t.deleted(saved.name));
    navigate("/admin/webhooks", { state: AFTER_DELETE });
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const labels: Record<string, string> = { name: t.name, topic: t.topic, delivery_url: t.url, secret: t.secret, status: t.status };
  const set =
    <K extends keyof WebhookInput>(key: K) =>
    (value: WebhookInput[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    await run(
      () => (id ? webhooksApi.save(id, draft, version) : webhooksApi.create(draft)),
      (webhook) => {
        setVersion(webhook.version);
        const next = {
          name: webhook.name,
          topic: webhook.topic,
          delivery_url: webhook.delivery_url,
          secret: webhook.secret,
          status: webhook.status,
        };
        setSaved(next);
        setDraft(next);
        announce(id ? t.saved : t.created);
        if (!id) navigate(`/admin/webhooks/${webhook.id}`, { replace: true });
        else revalidator.revalidate();
      },
    );
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead
          back="/admin/webhooks"
          backLabel={t.back}
          title={id ? t.editTitle(saved.name) : t.newTitle}
          dirty={dirty}
          busy={busy}
          submitLabel={id ? t.save : t.create}
        />
        {!id && <p className="admin-muted">{t.intro}</p>}
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => labels[path] ?? path} />}
        <fieldset className="admin-card admin-fieldset">
          <legend>{t.general}</legend>
          <TextField path="name" label={t.name} value={draft.name} onChange={set("name")} />
          <SelectField
            path="status"
            label={t.status}
            value={draft.status}
            options={STATUSES}
            onChange={(v) => set("status")(v as WebhookStatus)}
          />
          <SelectField path="topic" label={t.topic} value={draft.topic} options={TOPICS} onChange={set("topic")} />
          <TextField
            path="delivery_url"
            type="url"
            label={t.url}
            hint={t.urlHint}
            value={draft.delivery_url}
            onChange={set("delivery_url")}
          />
          <TextField path="secret" label={t.secret} hint={t.secretHint} value={draft.secret} onChange={set("secret")} />
          <button type="button" className="button button--secondary" onClick={() => set("secret")(randomSecret())}>
            {t.generate}
          </button>
        </fieldset>
      </form>
      <DeleteCard
        deleting={deleting}
        shown={Boolean(id)}
        label={t.delete}
        title={t.deleteTitle(saved.name)}
        body={t.deleteBody}
        confirmLabel={t.deleteConfirm}
      />
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
