/**
 * /admin/api-keys (the owner's, decision 0098): the keys with who they act as, their permission and
 * last access in the shop's time zone; edit a key's description and permission in place (not once
 * revoked); revoke after a confirmation, delete a revoked one; the form
 * to make a key, and once made, its secret shown this one time with copy buttons.
 * A manager who comes here sees the API's 403 as "This page is for the shop owner."
 */
import { Fragment, useState } from "react";
import { type ApiKey, apiKeysApi, type CreatedApiKey, formatWhen } from "../../features/admin/api-keys/api.ts";
import apiKeysStyles from "../../features/admin/api-keys/api-keys.css?url";
import { CreateKeyForm } from "../../features/admin/api-keys/CreateKeyForm.tsx";
import { EditKeyForm } from "../../features/admin/api-keys/EditKeyForm.tsx";
import { apiKeysMessages as t } from "../../features/admin/api-keys/messages.ts";
import { SecretPanel } from "../../features/admin/api-keys/SecretPanel.tsx";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import { focusMain, useActionError, useConfirm } from "../../features/admin/components/page-actions.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { staffApi } from "../../features/admin/staff/api.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/api-keys";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: apiKeysStyles }];

export async function clientLoader() {
  const [{ keys }, { staff }] = await Promise.all([apiKeysApi.list(), staffApi.list()]);
  return { keys, staff };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

const editButtonId = (id: number) => `api-key-edit-button-${id}`;
/** Back to the key's Edit button once its editor closes (after the frame that removed the editor). */
const focusEditButton = (id: number) => requestAnimationFrame(() => document.getElementById(editButtonId(id))?.focus());

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.revoked_at) return <span className="admin-badge admin-badge--muted">{t.revokedBadge}</span>;
  if (apiKey.staff_role === null) return <span className="admin-badge admin-badge--warning">{t.inactiveBadge}</span>;
  return null;
}

export default function ApiKeysPage({ loaderData }: Route.ComponentProps) {
  const [keys, setKeys] = useState(loaderData.keys);
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const { error, attempt } = useActionError(String);
  const announce = useAnnounce();
  const ownerId = loaderData.staff.find((member) => member.role === "owner")?.id ?? loaderData.staff[0]?.id ?? 0;

  const revoking = useConfirm((apiKey: ApiKey) =>
    attempt(async () => {
      const revoked = await apiKeysApi.revoke(apiKey.id);
      setKeys((list) => list.map((item) => (item.id === revoked.id ? revoked : item)));
      // A revoked key cannot be changed: its editor, if open, goes.
      setEditing((id) => (id === revoked.id ? null : id));
      announce(t.revoked(apiKey.description));
      focusMain();
    }),
  );

  const remove = (apiKey: ApiKey) =>
    attempt(async () => {
      await apiKeysApi.remove(apiKey.id);
      setKeys((list) => list.filter((item) => item.id !== apiKey.id));
      announce(t.removed(apiKey.description));
      focusMain();
    });

  return (
    <div className="admin-page">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro}</p>
      <p className="admin-muted">{t.docsHint}</p>
      <ErrorAlert message={error} />

      {made && (
        <SecretPanel
          made={made}
          onDone={() => {
            setMade(null);
            focusMain();
          }}
        />
      )}

      <h2 id="api-keys-heading">{t.listHeading}</h2>
      {keys.length === 0 ? (
        <p className="admin-empty">{t.none}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus (WCAG 2.1.1)
        <section className="admin-table-wrap" aria-labelledby="api-keys-heading" tabIndex={0}>
          <table className="admin-table admin-table--cards admin-api-keys">
            <thead>
              <tr>
                <th scope="col">{t.description}</th>
                <th scope="col">{t.key}</th>
                <th scope="col">{t.staff}</th>
                <th scope="col">{t.permission}</th>
                <th scope="col">{t.lastAccess}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((apiKey) => (
                <Fragment key={apiKey.id}>
                  <tr>
                    <th scope="row" className="admin-api-keys__description">
                      {apiKey.description} <KeyStatus apiKey={apiKey} />
                    </th>
                    <td className="admin-api-keys__key" data-label={t.key}>
                      <code>{apiKey.key_id}</code> <code>{apiKey.truncated_key}</code>
                    </td>
                    <td className="admin-api-keys__staff" data-label={t.staff}>
                      {apiKey.staff_email}
                    </td>
                    <td className="admin-api-keys__permission" data-label={t.permission}>
                      {t.permissions[apiKey.permission]}
                    </td>
                    <td className="admin-api-keys__last" data-label={t.lastAccess}>
                      {apiKey.last_access_at ? <time dateTime={apiKey.last_access_at}>{formatWhen(apiKey.last_access_at)}</time> : t.never}
                    </td>
                    <td className="admin-api-keys__actions">
                      {apiKey.revoked_at ? (
                        <button
                          type="button"
                          className="admin-link-button admin-link-button--danger"
                          aria-label={t.removeLabel(apiKey.description)}
                          onClick={() => remove(apiKey)}
                        >
                          {t.remove}
                        </button>
                      ) : (
                        <>
                          <button
                            type="button"
                            id={editButtonId(apiKey.id)}
                            className="admin-link-button"
                            aria-label={t.editLabel(apiKey.description)}
                            aria-expanded={editing === apiKey.id}
                            aria-controls={editing === apiKey.id ? `api-key-edit-${apiKey.id}` : undefined}
                            onClick={() => setEditing((id) => (id === apiKey.id ? null : apiKey.id))}
                          >
                            {t.edit}
                          </button>{" "}
                          <button
                            type="button"
                            className="admin-link-button admin-link-button--danger"
                            aria-label={t.revokeLabel(apiKey.description)}
                            onClick={() => revoking.ask(apiKey)}
                          >
                            {t.revoke}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                  {editing === apiKey.id && !apiKey.revoked_at && (
                    <tr className="admin-api-keys__editor">
                      <td colSpan={6}>
                        <EditKeyForm
                          apiKey={apiKey}
                          onSaved={(saved) => {
                            setKeys((list) => list.map((item) => (item.id === saved.id ? saved : item)));
                            setEditing(null);
                            announce(t.saved(saved.description));
                            focusEditButton(saved.id);
                          }}
                          onCancel={() => {
                            setEditing(null);
                            focusEditButton(apiKey.id);
                          }}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <CreateKeyForm
        staff={loaderData.staff}
        ownerId={ownerId}
        onMade={(key) => {
          const { secret: _secret, ...listed } = key;
          setKeys((list) => [listed, ...list]);
          setMade(key);
          announce(t.made(key.description));
        }}
      />

      <ConfirmDialog
        open={revoking.asking !== null}
        title={revoking.asking ? t.revokeTitle(revoking.asking.description) : ""}
        body={t.revokeBody}
        confirmLabel={t.revokeConfirm}
        onConfirm={revoking.confirm}
        onCancel={revoking.cancel}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
