/** The owner API's staff and sessions calls (decision 0032), and the Store API's invitation calls, through the console's client. */
import { adminClient } from "../api.ts";
import { formatInZone } from "../time-zone.ts";

export interface StaffMember {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: "owner" | "manager";
  created_at: string;
  last_active_at: string | null;
}

export interface StaffInvite {
  id: number;
  email: string;
  role: "manager";
  created_at: string;
  expires_at: string;
  invited_by: string | null;
}

export interface OwnSession {
  id: string;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

export interface InviteFacts {
  email: string;
  role: "manager";
  expires_at: string;
  account_exists: boolean;
}

const c = () => adminClient();

export const staffApi = {
  list: () => c().admin<{ staff: StaffMember[]; invites: StaffInvite[] }>("/staff"),
  invite: (email: string) => c().admin<StaffInvite>("/staff/invites", { method: "POST", body: { email, role: "manager" } }),
  revokeInvite: (id: number) => c().admin<void>(`/staff/invites/${id}`, { method: "DELETE" }),
  remove: (id: number) => c().admin<void>(`/staff/${id}`, { method: "DELETE" }),
  sessions: () => c().admin<{ sessions: OwnSession[] }>("/sessions"),
  endSession: (id: string) => c().admin<void>(`/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
  endOthers: () => c().admin<{ ended: number }>("/sessions/end-others", { method: "POST" }),
  lookUpInvite: (token: string) => c().store<InviteFacts>("/account/invites/lookup", { method: "POST", body: { token } }),
  acceptInvite: (body: { token: string; password: string; first_name?: string; last_name?: string }) =>
    c().store<{ id: number; email: string }>("/account/invites/accept", { method: "POST", body }),
};

/** A date and time in the owner's locale (the browser's). */
/** A moment in the shop's time zone (decision 0086). */
export const formatWhen = (iso: string) => formatInZone(iso, { dateStyle: "medium", timeStyle: "short" });
