/**
 * /admin/staff (the owner's, decision 0032): the owner and managers with their last activity, the
 * invitations waiting (withdraw), a manager's removal after a confirmation, and the invite form.
 * A manager who comes here sees the API's 403 as "This page is for the shop owner."
 */
import { useState } from "react";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import { focusMain, useActionError, useConfirm } from "../../features/admin/components/page-actions.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { formatWhen, type StaffMember, staffApi } from "../../features/admin/staff/api.ts";
import { InviteForm } from "../../features/admin/staff/InviteForm.tsx";
import { staffMessages as t } from "../../features/admin/staff/messages.ts";
import staffStyles from "../../features/admin/staff/staff.css?url";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/staff";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

export async function clientLoader() {
  return staffApi.list();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

const fullName = (member: StaffMember) => `${member.first_name} ${member.last_name}`.trim();

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const [staff, setStaff] = useState(loaderData.staff);
  const [invites, setInvites] = useState(loaderData.invites);
  const { error, attempt } = useActionError(String);
  const announce = useAnnounce();
  const now = Date.now();

  const removing = useConfirm((member: StaffMember) =>
    attempt(async () => {
      await staffApi.remove(member.id);
      setStaff((list) => list.filter((item) => item.id !== member.id));
      announce(t.removed(member.email));
      focusMain();
    }),
  );

  const revoke = (id: number, email: string) =>
    attempt(async () => {
      await staffApi.revokeInvite(id);
      setInvites((list) => list.filter((item) => item.id !== id));
      announce(t.revoked(email));
      focusMain();
    });

  return (
    <div className="admin-page">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro}</p>
      <ErrorAlert message={error} />
      <h2 id="staff-members-heading">{t.membersHeading}</h2>
      {/* Focusable: on a phone the table scrolls sideways and the owner's own row has no button to reach it by. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus (WCAG 2.1.1) */}
      <section className="admin-table-wrap" aria-labelledby="staff-members-heading" tabIndex={0}>
        <table className="admin-table admin-table--cards admin-staff">
          <thead>
            <tr>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.role}</th>
              <th scope="col">{t.lastActive}</th>
              <th scope="col">
                <span className="visually-hidden">{t.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={member.id}>
                <th scope="row">{member.email}</th>
                <td className="admin-staff__name">{fullName(member)}</td>
                <td className="admin-staff__role">{t.roles[member.role]}</td>
                <td className="admin-staff__last" data-label={t.lastActive}>
                  {member.last_active_at ? <time dateTime={member.last_active_at}>{formatWhen(member.last_active_at)}</time> : t.never}
                </td>
                <td className="admin-staff__actions">
                  {member.role === "manager" && (
                    <button
                      type="button"
                      className="admin-link-button admin-link-button--danger"
                      aria-label={t.removeLabel(member.email)}
                      onClick={() => removing.ask(member)}
                    >
                      {t.remove}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <h2>{t.invitesHeading}</h2>
      {invites.length === 0 ? (
        <p className="admin-empty">{t.noInvites}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-invites">
            <thead>
              <tr>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.sent}</th>
                <th scope="col">{t.expires}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invites.map((invite) => (
                <tr key={invite.id}>
                  <th scope="row">{invite.email}</th>
                  <td className="admin-invites__sent" data-label={t.sent}>
                    <time dateTime={invite.created_at}>{formatWhen(invite.created_at)}</time>
                  </td>
                  <td className="admin-invites__expires" data-label={t.expires}>
                    {Date.parse(invite.expires_at) <= now ? (
                      <span className="admin-badge admin-badge--warning">{t.expired}</span>
                    ) : (
                      <time dateTime={invite.expires_at}>{formatWhen(invite.expires_at)}</time>
                    )}
                  </td>
                  <td className="admin-invites__actions">
                    <button
                      type="button"
                      className="admin-link-button admin-link-button--danger"
                      aria-label={t.revokeLabel(invite.email)}
                      onClick={() => revoke(invite.id, invite.email)}
                    >
                      {t.revoke}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <InviteForm onInvited={(invite) => setInvites((list) => [invite, ...list.filter((item) => item.email !== invite.email)])} />

      <ConfirmDialog
        open={removing.asking !== null}
        title={removing.asking ? t.removeTitle(removing.asking.email) : ""}
        body={t.removeBody}
        confirmLabel={t.removeConfirm}
        onConfirm={removing.confirm}
        onCancel={removing.cancel}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
