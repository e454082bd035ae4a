/**
 * The owner API's staff and sessions (under /api/admin/v1, behind requireOwner, decision 0032):
 * /staff is the owner's (owner.ts keeps managers out); /sessions is every staff member's own.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { NoContent, nullable } from "../../http/openapi.ts";
import type { Mailer } from "../emails/index.ts";
import { endOtherSessions, endOwnSession, listOwnSessions } from "./login-sessions.ts";
import { inviteStaff, listStaff, removeStaff, revokeInvite } from "./staff.admin.ts";

const tags = ["owner"];
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const Role = Type.Literal("manager", { description: "The role offered; only managers are invited (the owner is set at start)" });
const Invite = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: Role,
  created_at: Type.String(),
  expires_at: Type.String(),
  invited_by: nullable(Type.String()),
});
const Member = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.Union([Type.Literal("owner"), Type.Literal("manager")]),
  created_at: Type.String(),
  last_active_at: nullable(Type.String()),
});
const InviteBody = Type.Object(
  { email: Type.String({ maxLength: 320, description: "Where the invitation link is sent" }), role: Role },
  { additionalProperties: false },
);
const SessionReply = Type.Object({
  id: Type.String({ description: "A public id of the session (not the secret its token carries)" }),
  created_at: Type.String(),
  last_used_at: Type.String({ description: "Written every few minutes while the session is used" }),
  current: Type.Boolean({ description: "The session this request came in" }),
});

export const staffAdminRoutes: FastifyPluginAsyncTypebox<{ mailer?: Mailer }> = async (app, { mailer }) => {
  app.get(
    "/staff",
    {
      schema: {
        operationId: "listStaff",
        tags,
        summary: "The owner, the managers and the invitations waiting",
        response: { 200: Type.Object({ staff: Type.Array(Member), invites: Type.Array(Invite) }) },
      },
    },
    async (request) => listStaff(request.ctx),
  );
  app.post(
    "/staff/invites",
    {
      schema: {
        tags,
        summary: "Invite a manager by email",
        description: "Mails a link to /admin/invite that works once, for 7 days; a waiting invitation to the same address is replaced.",
        body: InviteBody,
        response: { 201: Invite },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteStaff(request.ctx, mailer, request.body)),
  );
  app.delete(
    "/staff/invites/:id",
    { schema: { tags, summary: "Withdraw an invitation", params: IdParams, replies: { 204: NoContent } } },
    async (request, reply) => {
      await revokeInvite(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    "/staff/:id",
    {
      schema: {
        tags,
        summary: "Remove a manager",
        description: "Back to a shopper's account; every session of theirs ends.",
        params: IdParams,
        replies: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await removeStaff(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/sessions",
    {
      schema: {
        tags,
        summary: "The caller's open sessions, newest first",
        response: { 200: Type.Object({ sessions: Type.Array(SessionReply) }) },
      },
    },
    async (request) => ({ sessions: await listOwnSessions(request.ctx) }),
  );
  app.delete(
    "/sessions/:id",
    {
      schema: {
        tags,
        summary: "End one of the caller's other sessions",
        description: "409 cw_rest_session_current for the session asking (sign out instead).",
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        replies: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await endOwnSession(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/sessions/end-others",
    {
      schema: {
        operationId: "endOtherSessions",
        tags,
        summary: "End every session of the caller but this one",
        response: { 200: Type.Object({ ended: Type.Integer() }) },
      },
    },
    async (request) => endOtherSessions(request.ctx),
  );
};
