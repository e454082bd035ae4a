/**
 * The owner API's categories, brands, tags and attributes (under /api/admin/v1, behind requireOwner),
 * open to managers too (MANAGER_AREAS, decision 0043).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type TSchema, Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { VersionField } from "../../http/edit-version.ts";
import { patchFields } from "../../http/input.ts";
import { NoContent, nullable } from "../../http/openapi.ts";
import {
  addAttributeTerm,
  deleteAttribute,
  deleteBrand,
  deleteCategory,
  deleteTag,
  listOwnerAttributes,
  listOwnerBrands,
  listOwnerCategories,
  listOwnerTags,
  readAttribute,
  readBrand,
  readCategory,
  readTag,
  saveAttribute,
  saveBrand,
  saveCategory,
  saveTag,
  updateAttribute,
  updateBrand,
  updateCategory,
  updateTag,
} from "./taxonomies.admin.ts";

const tags = ["owner"];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Params = Type.Object({ id: Id });
const name = Type.String({ minLength: 1, maxLength: 200 });
const slug = Type.String({
  maxLength: 200,
  default: "",
  description: "Lower-case letters, digits, hyphens; unique; made from the name when empty",
});

const categoryFields = {
  name,
  slug,
  description: Type.String({ maxLength: 20_000, default: "", description: "HTML, sanitised by the server's allowlist" }),
  parent_id: Type.Unsafe<number | null>({
    type: ["integer", "null"],
    minimum: 1,
    maximum: MAX_ID,
    default: null,
    description: "The category (or, for a brand, the brand) it sits in; null for the top",
  }),
  menu_order: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, default: 0 }),
};
const tagFields = { name, slug };
/** What the replies carry and a client may send back unchanged (a read, then a write of the same object): ignored. */
const readOnlyCount = Type.Optional(Type.Integer({ minimum: 0, description: "Read-only: how many products use it; ignored on writes" }));
const attributeFields = {
  name,
  slug,
  count: readOnlyCount,
  terms: Type.Array(
    Type.Object(
      {
        id: Type.Unsafe<number | null>({
          type: ["integer", "null"],
          minimum: 1,
          maximum: MAX_ID,
          default: null,
          description: "A term to keep; null for a new one",
        }),
        name,
        slug,
        count: readOnlyCount,
      },
      { additionalProperties: false },
    ),
    {
      maxItems: 200,
      default: [],
      description: "In the order shoppers see them; terms left out are deleted (refused while products use them)",
    },
  ),
};

// The replies, documented only (decision 0173): OwnerCategory (a brand's too), OwnerTag and OwnerAttribute of
// @cartwright/commerce/admin. One shape each, with its count of products, for a read, a save and the list's rows.
const count = Type.Integer({ minimum: 0, description: "How many products (drafts too) use it" });
const version = Type.String({ description: "Send it back with a save: one changed since is refused (409)" });
const { count: _count, terms: _terms, ...attributeNames } = attributeFields;
const AttributeTermReply = Type.Object({ id: Id, name, slug, count });
const replyShapes = (fields: Record<string, TSchema>, listKey: string): ReplyShapes => {
  const one = Type.Object({ id: Id, ...fields, version, count });
  return { list: Type.Object({ [listKey]: Type.Array(one) }), one };
};
const hierarchyFields = { ...categoryFields, parent_id: nullable(Id) };
const CATEGORY_REPLIES = replyShapes(hierarchyFields, "categories");
const BRAND_REPLIES = replyShapes(hierarchyFields, "brands");
const TAG_REPLIES = replyShapes(tagFields, "tags");
const ATTRIBUTE_REPLIES = replyShapes({ ...attributeNames, terms: Type.Array(AttributeTermReply) }, "attributes");

interface ReplyShapes {
  list: TSchema;
  /** One of them as a read and every save answer it. */
  one: TSchema;
}

type Service<I> = {
  list: (ctx: never) => Promise<unknown>;
  read: (ctx: never, id: number) => Promise<unknown>;
  save: (ctx: never, id: number | null, input: I, version?: string) => Promise<unknown>;
  update: (ctx: never, id: number, changes: Partial<I>, version?: string) => Promise<unknown>;
  remove: (ctx: never, id: number) => Promise<void>;
};

/** The five calls of one kind: list, create, read, replace, change, delete. */
function crud<F extends Record<string, object>>(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  path: string,
  noun: string,
  fields: F,
  service: Service<never>,
  deleteNote: string,
  replies: ReplyShapes,
) {
  const Body = Type.Object(fields, { additionalProperties: false });
  // A replace or a change may name the version it was made on (decision 0158).
  const Replace = Type.Object({ ...fields, version: VersionField }, { additionalProperties: false });
  const Patch = Type.Partial(Type.Object({ ...patchFields(fields), version: VersionField }), { additionalProperties: false });
  const versioned = (body: unknown) => {
    const { version, ...input } = body as { version?: string };
    return { version, input: input as never };
  };
  const ctxOf = (request: { ctx: unknown }) => request.ctx as never;
  app.get(path, { schema: { tags, summary: `List the ${noun}s`, replies: { 200: replies.list } } }, async (request) =>
    service.list(ctxOf(request)),
  );
  app.post(path, { schema: { tags, summary: `Create a ${noun}`, body: Body, replies: { 201: replies.one } } }, async (request, reply) =>
    reply.status(201).send(await service.save(ctxOf(request), null, request.body as never)),
  );
  app.get(`${path}/:id`, { schema: { tags, summary: `Read a ${noun}`, params: Params, replies: { 200: replies.one } } }, async (request) =>
    service.read(ctxOf(request), (request.params as { id: number }).id),
  );
  app.put(
    `${path}/:id`,
    { schema: { tags, summary: `Replace a ${noun}`, params: Params, body: Replace, replies: { 200: replies.one } } },
    async (request) => {
      const { version, input } = versioned(request.body);
      return service.save(ctxOf(request), (request.params as { id: number }).id, input, version);
    },
  );
  app.patch(
    `${path}/:id`,
    { schema: { tags, summary: `Change some of a ${noun}'s fields`, params: Params, body: Patch, replies: { 200: replies.one } } },
    async (request) => {
      const { version, input } = versioned(request.body);
      return service.update(ctxOf(request), (request.params as { id: number }).id, input, version);
    },
  );
  app.delete(
    `${path}/:id`,
    { schema: { tags, summary: `Delete a ${noun}`, description: deleteNote, params: Params, replies: { 204: NoContent } } },
    async (request, reply) => {
      await service.remove(ctxOf(request), (request.params as { id: number }).id);
      return reply.status(204).send(null);
    },
  );
}

export const taxonomiesAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crud(
    app,
    "/categories",
    "category",
    categoryFields,
    { list: listOwnerCategories, read: readCategory, save: saveCategory, update: updateCategory, remove: deleteCategory } as Service<never>,
    "Products lose the link and subcategories move to the top. 409 cw_rest_category_in_use when a coupon names it.",
    CATEGORY_REPLIES,
  );
  crud(
    app,
    "/brands",
    "brand",
    categoryFields,
    { list: listOwnerBrands, read: readBrand, save: saveBrand, update: updateBrand, remove: deleteBrand } as Service<never>,
    "Products lose the link and sub-brands move to the top.",
    BRAND_REPLIES,
  );
  crud(
    app,
    "/tags",
    "tag",
    tagFields,
    { list: listOwnerTags, read: readTag, save: saveTag, update: updateTag, remove: deleteTag } as Service<never>,
    "Products lose the tag.",
    TAG_REPLIES,
  );
  crud(
    app,
    "/attributes",
    "attribute",
    attributeFields,
    {
      list: listOwnerAttributes,
      read: readAttribute,
      save: saveAttribute,
      update: updateAttribute,
      remove: deleteAttribute,
    } as Service<never>,
    "409 cw_rest_attribute_in_use while products use it.",
    ATTRIBUTE_REPLIES,
  );
  app.post(
    "/attributes/:id/terms",
    {
      schema: {
        tags,
        summary: "Add a term at the end of an attribute's list",
        description: "409 cw_rest_term_slug_exists when another term of the attribute has the slug.",
        params: Params,
        body: Type.Object({ name, slug }, { additionalProperties: false }),
        replies: { 201: AttributeTermReply },
      },
    },
    async (request, reply) => reply.status(201).send(await addAttributeTerm(request.ctx, request.params.id, request.body)),
  );
};
