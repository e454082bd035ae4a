/** Serves the shop's images from the database, so every server process sees the same files (decision 0045). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import type { Db } from "../../db/index.ts";
import { StoreError } from "../../http/errors.ts";
import { mediaFile } from "./media.service.ts";

const MediaParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), filename: Type.String({ maxLength: 300 }) });

export const mediaRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get("/media/:id/:filename", { schema: { hide: true, params: MediaParams } }, async (request, reply) => {
    const file = await mediaFile(db, request.params.id, request.params.filename, request.headers.accept);
    if (!file) throw new StoreError("cw_media_not_found", "No such file.", 404);
    if (file.variant) {
      // The name holds the content's hash, so the file never changes under it; the format follows Accept.
      reply.header("Cache-Control", "public, max-age=31536000, immutable");
      reply.header("Vary", "Accept");
    } else {
      reply.header("Cache-Control", "public, max-age=86400");
    }
    reply.header("X-Content-Type-Options", "nosniff");
    // Public pictures: a form's image choice embedded on another site may show one.
    reply.header("Cross-Origin-Resource-Policy", "cross-origin");
    if (file.contentType === "image/svg+xml") reply.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return reply.type(file.contentType).send(Buffer.from(file.bytes));
  });
};
