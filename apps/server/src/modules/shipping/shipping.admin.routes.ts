/**
 * The owner API's shipping (under /api/admin/v1, behind requireOwner): the owner's alone, as
 * MANAGER_AREAS leaves it out (decision 0041). Field rules the schema cannot state are checked by
 * the service, each error beside its field (`methods.0.cost`).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { VersionField } from "../../http/edit-version.ts";
import { NoContent, OwnerCurrencyFields } from "../../http/openapi.ts";
import {
  deleteZone,
  listZones,
  readLocalPickup,
  readZone,
  reorderZones,
  saveLocalPickup,
  saveRestOfWorld,
  saveZone,
} from "./shipping.admin.ts";
import {
  deleteShippingClass,
  listShippingClasses,
  readShippingClass,
  saveShippingClass,
  updateShippingClass,
} from "./shipping-classes.admin.ts";

const tags = ["owner"];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Params = Type.Object({ id: Id });
// Amounts are plain numbers here so the service can say beside the field what a cost must be.
const Money = (description: string) => Type.Number({ description });
// Formulas are checked by the service, which names the place in the text where one goes wrong.
// One stored form whatever the shop's separators (decision 0174's amendment): the console converts what the owner types.
const Formula = (description: string) =>
  Type.String({
    maxLength: 500,
    description: `${description}. Numbers with a point before decimals and no thousand separator (2.50, 1250), whatever the shop's decimal and thousand separators`,
  });
const ShippingClass = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    slug: Type.String({
      maxLength: 190,
      default: "",
      description: "Made from the name when empty (-2, -3… when another class has it); a name another class has is refused, 409",
    }),
    description: Type.String({ maxLength: 2000, default: "" }),
  },
  { additionalProperties: false },
);
// A replace or a change may name the version it was made on (decision 0158).
const ShippingClassReplace = Type.Object({ ...ShippingClass.properties, version: VersionField }, { additionalProperties: false });
const ShippingClassChanges = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    slug: Type.Optional(Type.String({ maxLength: 190 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    version: VersionField,
  },
  { additionalProperties: false },
);

const Method = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: "Keep this existing method (left out: a new one)" })),
    method_id: Type.Union([Type.Literal("flat_rate"), Type.Literal("free_shipping")]),
    title: Type.String({ maxLength: 100, description: "What shoppers see" }),
    enabled: Type.Boolean({ default: true }),
    cost: Type.Optional(Money("flat_rate: minor units, 0 or more (when there is no cost_formula)")),
    cost_formula: Type.Optional(
      Formula(
        'flat_rate: a cost formula in place of cost, in the shop\'s currency: numbers, + - * /, parentheses, [qty], [cost] and [fee percent="10" min_fee="2" max_fee="20"]; "" none',
      ),
    ),
    class_costs: Type.Optional(
      Type.Array(
        Type.Object(
          {
            class_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
            cost: Formula('A formula for the package\'s items in this class ([qty] and [cost] count those items); "" nothing'),
          },
          { additionalProperties: false },
        ),
        { maxItems: 200, description: "flat_rate: a cost per shipping class" },
      ),
    ),
    no_class_cost: Type.Optional(Formula('flat_rate: a formula for the package\'s items in no class; "" nothing')),
    calculation_type: Type.Optional(
      Type.Union([Type.Literal("class"), Type.Literal("order")], {
        description: "flat_rate: 'class' adds each class's cost; 'order' charges the most expensive class's cost (default 'class')",
      }),
    ),
    taxable: Type.Optional(Type.Boolean({ description: "flat_rate: shipping taxed at the address's rates (default true)" })),
    requires: Type.Optional(
      Type.Union([Type.Literal(""), Type.Literal("coupon"), Type.Literal("min_amount"), Type.Literal("either"), Type.Literal("both")], {
        description: "free_shipping: '' always; a free-shipping coupon, a minimum amount, either or both",
      }),
    ),
    min_amount: Type.Optional(Money("free_shipping: the items' subtotal it needs, in minor units")),
    ignore_discounts: Type.Optional(Type.Boolean({ description: "free_shipping: count the minimum before discounts" })),
  },
  { additionalProperties: false },
);
const Methods = Type.Array(Method, { maxItems: 20, description: "In the order the checkout lists them" });

const Zone = Type.Object(
  {
    name: Type.String({ maxLength: 100 }),
    locations: Type.Array(
      Type.Object(
        {
          type: Type.Union([Type.Literal("country"), Type.Literal("state"), Type.Literal("continent"), Type.Literal("postcode")]),
          code: Type.String({
            maxLength: 50,
            description: "US; US:CA; EU; a postcode, a prefix with * (SW1*) or a range (90000...90999)",
          }),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 1000,
        description: "Matches an address in one of its countries, states or continents and, if any are listed, one of its postcodes",
      },
    ),
    methods: Methods,
  },
  { additionalProperties: false },
);

// A replace may name the version it was made on (decision 0158).
const ZoneReplace = Type.Object({ ...Zone.properties, version: VersionField }, { additionalProperties: false });

const Address = Type.Object(
  {
    address_1: Type.String({ maxLength: 200 }),
    city: Type.String({ maxLength: 100 }),
    state: Type.String({ maxLength: 50, default: "" }),
    postcode: Type.String({ maxLength: 20, default: "" }),
    // A text bound only: a code that is no country ("USA") gets checkPickup's "Choose a country." beside the field.
    country: Type.String({ maxLength: 50 }),
  },
  { additionalProperties: false },
);
const LocalPickup = Type.Object(
  {
    enabled: Type.Boolean(),
    title: Type.String({ maxLength: 100, default: "Local pickup" }),
    cost: Money("Minor units, 0 or more, for every location"),
    taxable: Type.Boolean({ default: false }),
    locations: Type.Array(
      Type.Object(
        {
          name: Type.String({ maxLength: 100 }),
          address: Address,
          details: Type.String({ maxLength: 500, default: "", description: "Opening hours and how to collect" }),
          enabled: Type.Boolean({ default: true }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50, description: "Offered as rates pickup_location:1, :2… in this order" },
    ),
    // The version as read: local pickup changed since is refused (decision 0158).
    version: VersionField,
  },
  { additionalProperties: false },
);

// The replies, documented only (decision 0173): OwnerZone, OwnerMethod and OwnerShippingClass of the services, local
// pickup as its settings hold it. Amounts in minor units; a zone's read and saves carry the shop's currency, as the list does.
const version = Type.String({ description: "Send it back with a save: one changed since is refused (409)" });
const methodReply = {
  id: Id,
  title: Type.String(),
  enabled: Type.Boolean(),
};
const MethodReply = Type.Union([
  Type.Object({
    ...methodReply,
    method_id: Type.Literal("flat_rate"),
    cost: Type.Integer(),
    cost_formula: Type.String(),
    class_costs: Type.Array(Type.Object({ class_id: Id, cost: Type.String() })),
    no_class_cost: Type.String(),
    calculation_type: Type.Union([Type.Literal("class"), Type.Literal("order")]),
    taxable: Type.Boolean(),
  }),
  Type.Object({
    ...methodReply,
    method_id: Type.Literal("free_shipping"),
    requires: Type.Union([
      Type.Literal(""),
      Type.Literal("coupon"),
      Type.Literal("min_amount"),
      Type.Literal("either"),
      Type.Literal("both"),
    ]),
    min_amount: Type.Integer(),
    ignore_discounts: Type.Boolean(),
  }),
]);
const zoneFields = {
  id: Id,
  name: Type.String(),
  order: Type.Integer({ description: "Its place in the order addresses are matched in" }),
  locations: Zone.properties.locations,
  methods: Type.Array(MethodReply),
  version,
};
/** One zone as its read and every save answer it. */
const ZoneReply = Type.Object({ ...zoneFields, ...OwnerCurrencyFields });
const RestOfWorldReply = Type.Object({ methods: Type.Array(MethodReply), version });
/** The list as its read and the reorder answer it: the currency once, beside the zones. */
const ZoneListReply = Type.Object({
  zones: Type.Array(Type.Object(zoneFields)),
  rest_of_world: RestOfWorldReply,
  ...OwnerCurrencyFields,
});
const { version: _sent, ...pickupFields } = LocalPickup.properties;
const LocalPickupReply = Type.Object({ ...pickupFields, cost: Type.Integer(), version, ...OwnerCurrencyFields });
const ShippingClassReply = Type.Object({
  id: Id,
  ...ShippingClass.properties,
  count: Type.Integer({ description: "Products and variations in the class, drafts too" }),
  version,
});
const ShippingClassList = Type.Object({ classes: Type.Array(ShippingClassReply) });

export const shippingAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/shipping-zones",
    {
      schema: {
        tags,
        summary: "List the shipping zones in the order addresses are matched, and the methods for everywhere else",
        replies: { 200: ZoneListReply },
      },
    },
    async (request) => listZones(request.ctx),
  );
  app.post(
    "/shipping-zones",
    { schema: { tags, summary: "Create a shipping zone (matched after the others)", body: Zone, replies: { 201: ZoneReply } } },
    async (request, reply) => reply.status(201).send(await saveZone(request.ctx, null, request.body)),
  );
  app.put(
    "/shipping-zones/order",
    {
      schema: {
        operationId: "reorderShippingZones",
        tags,
        summary: "Set the order zones are matched in",
        body: Type.Object(
          { ids: Type.Array(Id, { maxItems: 1000, description: "Every zone's id once, first matched first" }) },
          { additionalProperties: false },
        ),
        replies: { 200: ZoneListReply },
      },
    },
    async (request) => reorderZones(request.ctx, request.body.ids),
  );
  app.get(
    "/shipping-zones/rest-of-world",
    { schema: { tags, summary: "The methods for addresses no zone covers", replies: { 200: RestOfWorldReply } } },
    async (request) => (await listZones(request.ctx)).rest_of_world,
  );
  app.put(
    "/shipping-zones/rest-of-world",
    {
      schema: {
        tags,
        summary: "Replace the methods for addresses no zone covers (none: the shop ships nowhere else)",
        body: Type.Object({ methods: Methods, version: VersionField }, { additionalProperties: false }),
        replies: { 200: RestOfWorldReply },
      },
    },
    async (request) => saveRestOfWorld(request.ctx, request.body.methods, request.body.version),
  );
  app.get(
    "/shipping-zones/:id",
    {
      schema: {
        tags,
        summary: "Read a shipping zone",
        params: Params,
        replies: { 200: ZoneReply },
      },
    },
    async (request) => readZone(request.ctx, request.params.id),
  );
  app.put(
    "/shipping-zones/:id",
    {
      schema: {
        tags,
        summary: "Replace a shipping zone's name, regions and methods",
        params: Params,
        body: ZoneReplace,
        replies: { 200: ZoneReply },
      },
    },
    async (request) => {
      const { version, ...zone } = request.body;
      return saveZone(request.ctx, request.params.id, zone, version);
    },
  );
  app.delete(
    "/shipping-zones/:id",
    { schema: { tags, summary: "Delete a shipping zone", params: Params, replies: { 204: NoContent } } },
    async (request, reply) => {
      await deleteZone(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/shipping/classes",
    {
      schema: {
        tags,
        summary: "List the shipping classes by name, with how many products and variations are in each",
        replies: { 200: ShippingClassList },
      },
    },
    async (request) => ({ classes: await listShippingClasses(request.ctx.db) }),
  );
  // In the catalogue's area (MANAGER_AREAS): a manager editing a product chooses its shipping class by name.
  app.get(
    "/products/shipping-classes",
    {
      schema: {
        tags,
        summary: "List the shipping classes a product may be in, for the product editor",
        replies: { 200: ShippingClassList },
      },
    },
    async (request) => ({ classes: await listShippingClasses(request.ctx.db) }),
  );
  app.post(
    "/shipping/classes",
    { schema: { tags, summary: "Create a shipping class", body: ShippingClass, replies: { 201: ShippingClassReply } } },
    async (request, reply) => reply.status(201).send(await saveShippingClass(request.ctx, null, request.body)),
  );
  app.get(
    "/shipping/classes/:id",
    { schema: { tags, summary: "Read a shipping class", params: Params, replies: { 200: ShippingClassReply } } },
    async (request) => readShippingClass(request.ctx, request.params.id),
  );
  app.put(
    "/shipping/classes/:id",
    {
      schema: {
        tags,
        summary: "Replace a shipping class's name, slug and description",
        params: Params,
        body: ShippingClassReplace,
        replies: { 200: ShippingClassReply },
      },
    },
    async (request) => {
      const { version, ...shippingClass } = request.body;
      return saveShippingClass(request.ctx, request.params.id, shippingClass, version);
    },
  );
  app.patch(
    "/shipping/classes/:id",
    {
      schema: {
        tags,
        summary: "Change some of a shipping class's fields",
        params: Params,
        body: ShippingClassChanges,
        replies: { 200: ShippingClassReply },
      },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      return updateShippingClass(request.ctx, request.params.id, changes, version);
    },
  );
  app.delete(
    "/shipping/classes/:id",
    {
      schema: {
        tags,
        summary: "Delete a shipping class",
        description: "Its products lose it (a variation then has its parent's class) and flat rates drop its cost.",
        params: Params,
        replies: { 200: Type.Object({ products_updated: Type.Integer({ description: "Products and variations that were in it" }) }) },
      },
    },
    async (request) => deleteShippingClass(request.ctx, request.params.id),
  );
  app.get(
    "/local-pickup",
    { schema: { tags, summary: "Local pickup and its locations", replies: { 200: LocalPickupReply } } },
    async (request) => readLocalPickup(request.ctx),
  );
  app.put(
    "/local-pickup",
    { schema: { tags, summary: "Replace local pickup and its locations", body: LocalPickup, replies: { 200: LocalPickupReply } } },
    async (request) => {
      const { version, ...pickup } = request.body;
      return saveLocalPickup(request.ctx, pickup, version);
    },
  );
};
