/** /admin/messages/:id: one message with every field, the page it came from, its files; read/unread and delete. */
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type MessageDetail, ownerApi } from "../../features/admin/api.ts";
import { failureText } from "../../features/admin/components/failure.ts";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert } from "../../features/admin/components/page.tsx";
import { inboxMessages as t } from "../../features/admin/messages.ts";
import { formatDateTime, formatSize } from "../../features/admin/messages-inbox/format.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import { CHANNEL_LABELS } from "../../features/admin/widgets/defaults.ts";
import type { Route } from "./+types/message";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = idParam(params.id);
  // Fetching a message marks it read (the owner API does, as a mail client would).
  const message = await ownerApi.getMessage(id);
  const widgets = await ownerApi.listWidgets().catch(() => ({ widgets: [] }));
  const widget = widgets.widgets.find((item) => item.id === message.widget_id);
  const channel = widget?.channels[message.channel_index];
  return {
    message,
    widgetName: widget?.identifier || `#${message.widget_id}`,
    channelName: channel ? CHANNEL_LABELS[channel] : String(message.channel_index + 1),
  };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? t.messageTitle(loaderData.message.name || t.anonymous) : t.title);
}

/** Custom fields as the API gives them ({slug, label, type, value}); a file field's value (its file ids) is named by its files. */
function customFieldRows(message: MessageDetail): { label: string; value: string }[] {
  const text = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : JSON.stringify(value));
  const fields = message.custom_fields;
  if (!Array.isArray(fields)) return Object.entries(fields ?? {}).map(([label, value]) => ({ label, value: text(value) }));
  return fields.map((field) => {
    const files = field.type === "file" ? message.files.filter((file) => file.field === field.slug).map((file) => file.file_name) : [];
    return { label: field.label || field.slug || "", value: files.length ? files.join(", ") : text(field.value) };
  });
}

export default function MessagePage({ loaderData }: Route.ComponentProps) {
  const { message, widgetName, channelName } = loaderData;
  const [read, setRead] = useState(message.read);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");
  const announce = useAnnounce();
  const navigate = useNavigate();
  const name = message.name || t.anonymous;
  const page = typeof message.ref_url === "string" ? message.ref_url : "";
  const pageTitle = typeof message.page_title === "string" ? message.page_title : "";

  async function toggleRead() {
    setError("");
    try {
      await ownerApi.setMessageRead(message.id, !read);
      setRead(!read);
      announce(read ? t.markedUnread : t.markedRead);
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  async function remove() {
    setConfirming(false);
    try {
      await ownerApi.deleteMessage(message.id);
      announce(t.deleted);
      navigate("/admin/messages");
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to="/admin/messages">{t.back}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{t.messageTitle(name)}</h1>
        <div className="admin-actions">
          {message.email && (
            <a className="button button--secondary" href={`mailto:${message.email}`}>
              {t.reply}
            </a>
          )}
          <button type="button" className="button button--secondary" onClick={toggleRead}>
            {read ? t.markUnread : t.markRead}
          </button>
          <button type="button" className="button admin-button--danger" onClick={() => setConfirming(true)}>
            {t.delete}
          </button>
        </div>
      </div>
      <ErrorAlert message={error} />
      <div className="admin-card">
        <dl className="admin-details">
          <dt>{t.received}</dt>
          <dd>
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </dd>
          <dt>{t.name}</dt>
          <dd>{message.name || "—"}</dd>
          <dt>{t.email}</dt>
          <dd>{message.email ? <a href={`mailto:${message.email}`}>{message.email}</a> : "—"}</dd>
          <dt>{t.phone}</dt>
          <dd>{message.phone ? <a href={`tel:${message.phone.replace(/[^\d+]/g, "")}`}>{message.phone}</a> : "—"}</dd>
          <dt>{t.widget}</dt>
          <dd>
            <Link to={`/admin/widgets/${message.widget_id}`}>{widgetName}</Link>
          </dd>
          <dt>{t.channel}</dt>
          <dd>{channelName}</dd>
          <dt>{t.page}</dt>
          <dd>
            {/^https?:\/\//.test(page) ? (
              <a href={page} rel="noreferrer noopener" target="_blank">
                {pageTitle || page}
              </a>
            ) : (
              pageTitle || page || "—"
            )}
          </dd>
          {message.ip && (
            <>
              <dt>{t.ip}</dt>
              <dd>{message.ip}</dd>
            </>
          )}
          {message.user_agent && (
            <>
              <dt>{t.userAgent}</dt>
              <dd className="admin-muted">{message.user_agent}</dd>
            </>
          )}
        </dl>
        <h2>{t.message}</h2>
        <p className="admin-message-body">{message.message}</p>
        {customFieldRows(message).length > 0 && (
          <>
            <h2>{t.otherFields}</h2>
            <dl className="admin-details">
              {customFieldRows(message).map((row) => (
                <div key={row.label} className="admin-details__row">
                  <dt>{row.label}</dt>
                  <dd>{row.value || "—"}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        {message.files.length > 0 && (
          <>
            <h2>{t.attachments}</h2>
            <ul className="admin-files">
              {message.files.map((file) => (
                <li key={file.id}>
                  <a href={file.url} download>
                    {t.download(file.file_name, formatSize(file.size))}
                  </a>{" "}
                  <span className="admin-muted">{file.content_type}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t.confirmDeleteTitle}
        body={t.confirmDeleteBody}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/messages" backLabel={t.back} />;
}
