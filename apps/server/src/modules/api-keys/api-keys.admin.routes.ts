/**
 * The owner API's API keys (under /api/admin/v1, behind requireOwner; decision 0098): the owner's
 * alone (MANAGER_AREAS leaves them out) and only from a signed-in session (owner.ts refuses keys here).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { NoContent, nullable } from "../../http/openapi.ts";
import { createApiKey, DESCRIPTION_MAX, deleteApiKey, listApiKeys, revokeApiKey, updateApiKey } from "./api-keys.service.ts";

const tags = ["owner"];
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const Permission = Type.Union([Type.Literal("read"), Type.Literal("write"), Type.Literal("read_write")], {
  description: "read: GET only; write: everything but GET; read_write: both",
});
const KeyReply = Type.Object({
  id: Type.Integer(),
  description: Type.String(),
  permission: Permission,
  key_id: Type.String({ description: "The public half of the credentials (the user name of Basic auth)" }),
  truncated_key: Type.String({ description: "The secret's prefix and last four characters, to tell keys apart" }),
  staff_id: Type.Integer({ description: "The staff member the key acts as" }),
  staff_email: Type.String(),
  staff_role: Type.Union([Type.Literal("owner"), Type.Literal("manager"), Type.Null()], {
    description: "Their role now; null once they are off the staff, when the key does nothing",
  }),
  created_at: Type.String(),
  last_access_at: nullable(Type.String(), { description: "Written at most once a minute" }),
  revoked_at: nullable(Type.String()),
});
const CreatedReply = Type.Intersect([
  KeyReply,
  Type.Object({ secret: Type.String({ description: "The secret, answered this once: it is stored only as a hash" }) }),
]);
const Description = Type.String({ maxLength: DESCRIPTION_MAX * 2, description: "What the key is for (up to 200 characters once trimmed)" });
const CreateBody = Type.Object(
  {
    description: Description,
    staff_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: "The owner or a manager; the caller when left out" })),
    permission: Type.Optional(Permission),
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  { description: Type.Optional(Description), permission: Type.Optional(Permission) },
  { additionalProperties: false },
);

export const apiKeysAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api-keys",
    {
      schema: {
        tags,
        summary: "API keys, newest first (never their secrets)",
        response: { 200: Type.Object({ keys: Type.Array(KeyReply) }) },
      },
    },
    async (request) => listApiKeys(request.ctx),
  );
  app.post(
    "/api-keys",
    {
      schema: {
        tags,
        summary: "Make an API key",
        description: "Answers the secret once; keep it then, as it cannot be shown again.",
        body: CreateBody,
        response: { 201: CreatedReply },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(request.ctx, request.body)),
  );
  app.patch(
    "/api-keys/:id",
    {
      schema: {
        tags,
        summary: "Change a key's description or permission",
        description: "A revoked key cannot be changed: 409 cw_rest_api_key_not_editable.",
        params: IdParams,
        body: UpdateBody,
        response: { 200: KeyReply },
      },
    },
    async (request) => updateApiKey(request.ctx, request.params.id, request.body),
  );
  app.post(
    "/api-keys/:id/revoke",
    { schema: { tags, summary: "Revoke a key: it stops working at once and stays listed", params: IdParams, response: { 200: KeyReply } } },
    async (request) => revokeApiKey(request.ctx, request.params.id),
  );
  app.delete(
    "/api-keys/:id",
    { schema: { tags, summary: "Delete a key", params: IdParams, replies: { 204: NoContent } } },
    async (request, reply) => {
      await deleteApiKey(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
