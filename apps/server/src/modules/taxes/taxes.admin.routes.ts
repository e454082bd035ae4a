/**
 * The owner API's tax classes, tax rates and shipping tax class (under /api/admin/v1, behind
 * requireOwner): the owner's alone, as MANAGER_AREAS leaves them out (decision 0044), like
 * shipping and coupons: they set what every shopper pays. Field rules the schema cannot state
 * are checked by the service, each error beside its field.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { VersionField } from "../../http/edit-version.ts";
import { NoContent } from "../../http/openapi.ts";
import { listTaxClasses } from "./tax-classes.ts";
import {
  createClass,
  deleteClass,
  deleteRate,
  listClasses,
  listRates,
  readClass,
  readRate,
  readShippingClass,
  renameClass,
  reorderClasses,
  reorderRates,
  saveRate,
  saveShippingClass,
} from "./taxes.admin.ts";

const tags = ["owner"];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Slug = Type.String({ minLength: 1, maxLength: 100, description: '"standard" or the slug of one of the owner\'s classes' });
const RateParams = Type.Object({ id: Id });
const ClassParams = Type.Object({ slug: Slug });
const ClassBody = Type.Object({ name: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

const RateBody = Type.Object(
  {
    class: Type.String({ minLength: 1, maxLength: 100, default: "standard", description: '"standard" or a class\'s slug' }),
    country: Type.String({ maxLength: 2, default: "", description: "ISO 3166-1 alpha-2; empty for every country" }),
    state: Type.String({ maxLength: 10, default: "", description: "A state of the country; empty for all of it" }),
    postcodes: Type.Array(Type.String({ maxLength: 40 }), {
      maxItems: 500,
      default: [],
      description: "Exact postcodes, prefixes ending in * (SW1*) or ranges (90000...90999); empty for every postcode",
    }),
    cities: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200, default: [], description: "Empty for every city" }),
    rate: Type.String({ maxLength: 12, description: "Percent from 0 to 100 with at most four decimals (7.25)" }),
    name: Type.String({ maxLength: 100, description: "Shown to shoppers beside the tax (VAT, CA Tax)" }),
    priority: Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 1,
      description: "One rate of each priority applies (the most specific); several priorities add up",
    }),
    compound: Type.Boolean({ default: false, description: "Charged on the price plus the taxes of the other rates" }),
    shipping: Type.Boolean({ default: true, description: "Applies to shipping too" }),
  },
  { additionalProperties: false },
);

// A replace or a rename may name the version it was made on (decision 0158).
const RateReplace = Type.Object({ ...RateBody.properties, version: VersionField }, { additionalProperties: false });
const ClassRename = Type.Object({ ...ClassBody.properties, version: VersionField }, { additionalProperties: false });

// The replies, documented only (decision 0173): OwnerRate and OwnerTaxClass of taxes.admin.ts (a class's read and saves
// answer one shape, with its counts).
const version = Type.String({ description: "Send it back with a save: one changed since is refused (409)" });
const TaxClassReply = Type.Object({ slug: Type.String(), name: Type.String() });
const ClassReply = Type.Object({
  ...TaxClassReply.properties,
  version,
  rates: Type.Integer({ description: "Its rates" }),
  products: Type.Integer({ description: "Products and variations in it: a class in use cannot be deleted" }),
});
const ShippingClassReply = Type.Object({
  shipping_tax_class: Type.String({ description: "\"inherit\" (from the cart's items) or a class's slug" }),
  version,
});
const ClassListReply = Type.Object({
  classes: Type.Array(ClassReply),
  shipping_tax_class: ShippingClassReply.properties.shipping_tax_class,
});
const RateReply = Type.Object({
  id: Id,
  ...RateBody.properties,
  order: Type.Integer({ description: "Its place among its class's rates" }),
  version,
});
const RateListReply = Type.Object({ class: Type.String(), rates: Type.Array(RateReply) });

export const taxesAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/tax-classes",
    {
      schema: {
        tags,
        summary: "List the tax classes (standard first) with their rate and product counts, and the shipping tax class",
        replies: { 200: ClassListReply },
      },
    },
    async (request) => listClasses(request.ctx),
  );
  app.post(
    "/tax-classes",
    {
      schema: { tags, summary: "Add a tax class (its slug is made from the name)", body: ClassBody, replies: { 201: ClassReply } },
    },
    async (request, reply) => reply.status(201).send(await createClass(request.ctx, request.body)),
  );
  app.put(
    "/tax-classes/order",
    {
      schema: {
        operationId: "reorderTaxClasses",
        tags,
        summary: "Set the order of the owner's classes",
        description: "Shipping taxed from the cart's items takes the first of these classes the items have, unless one is standard.",
        body: Type.Object({ slugs: Type.Array(Slug, { maxItems: 200 }) }, { additionalProperties: false }),
        replies: { 200: ClassListReply },
      },
    },
    async (request) => reorderClasses(request.ctx, request.body.slugs),
  );
  app.get(
    "/tax-classes/:slug",
    { schema: { tags, summary: "Read a tax class with its rate and product counts", params: ClassParams, replies: { 200: ClassReply } } },
    async (request) => readClass(request.ctx, request.params.slug),
  );
  app.put(
    "/tax-classes/:slug",
    { schema: { tags, summary: "Rename a tax class", params: ClassParams, body: ClassRename, replies: { 200: ClassReply } } },
    async (request) => {
      const { version, ...input } = request.body;
      return renameClass(request.ctx, request.params.slug, input, version);
    },
  );
  app.delete(
    "/tax-classes/:slug",
    {
      schema: {
        tags,
        summary: "Delete a tax class and its rates",
        description:
          "409 cw_rest_tax_class_in_use while products or variations are in it or shipping is taxed in it; 409 cw_rest_tax_class_standard for the standard class.",
        params: ClassParams,
        replies: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await deleteClass(request.ctx, request.params.slug);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/tax-rates",
    {
      schema: {
        tags,
        summary: "List one class's tax rates in their order",
        querystring: Type.Object({ class: Type.String({ minLength: 1, maxLength: 100, default: "standard" }) }),
        replies: { 200: RateListReply },
      },
    },
    async (request) => listRates(request.ctx, request.query.class),
  );
  app.post(
    "/tax-rates",
    { schema: { tags, summary: "Add a tax rate, last of its class", body: RateBody, replies: { 201: RateReply } } },
    async (request, reply) => reply.status(201).send(await saveRate(request.ctx, null, request.body)),
  );
  app.put(
    "/tax-rates/order",
    {
      schema: {
        operationId: "reorderTaxRates",
        tags,
        summary: "Set the order of one class's rates",
        body: Type.Object(
          { class: Type.String({ minLength: 1, maxLength: 100 }), ids: Type.Array(Id, { maxItems: 10_000 }) },
          { additionalProperties: false },
        ),
        replies: { 200: RateListReply },
      },
    },
    async (request) => reorderRates(request.ctx, request.body.class, request.body.ids),
  );
  app.get(
    "/tax-rates/:id",
    { schema: { tags, summary: "Read a tax rate", params: RateParams, replies: { 200: RateReply } } },
    async (request) => readRate(request.ctx, request.params.id),
  );
  app.put(
    "/tax-rates/:id",
    { schema: { tags, summary: "Replace a tax rate", params: RateParams, body: RateReplace, replies: { 200: RateReply } } },
    async (request) => {
      const { version, ...rate } = request.body;
      return saveRate(request.ctx, request.params.id, rate, version);
    },
  );
  app.delete(
    "/tax-rates/:id",
    { schema: { tags, summary: "Delete a tax rate", params: RateParams, replies: { 204: NoContent } } },
    async (request, reply) => {
      await deleteRate(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
  // In the catalogue's area (MANAGER_AREAS): a manager editing a product chooses its class by name.
  app.get(
    "/products/tax-classes",
    {
      schema: {
        tags,
        summary: "List the tax classes a product may be in (standard first), for the product editor",
        replies: { 200: Type.Object({ classes: Type.Array(TaxClassReply) }) },
      },
    },
    async (request) => ({ classes: await listTaxClasses(request.ctx.db) }),
  );
  app.get(
    "/shipping-tax-class",
    { schema: { tags, summary: "Read the class shipping is taxed in", replies: { 200: ShippingClassReply } } },
    async (request) => readShippingClass(request.ctx),
  );
  app.put(
    "/shipping-tax-class",
    {
      schema: {
        tags,
        summary: "Set the class shipping is taxed in",
        description:
          "\"inherit\": from the cart's items (standard when one is standard, else the first of the owner's classes they have); or a class's slug.",
        body: Type.Object(
          { shipping_tax_class: Type.String({ minLength: 1, maxLength: 100 }), version: VersionField },
          { additionalProperties: false },
        ),
        replies: { 200: ShippingClassReply },
      },
    },
    async (request) => saveShippingClass(request.ctx, request.body.shipping_tax_class, request.body.version),
  );
};
