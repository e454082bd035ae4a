/**
 * The owner API's payment methods (under /api/admin/v1, behind requireOwner): the owner's alone,
 * as MANAGER_AREAS leaves them out (decision 0042). Rules the schema cannot state are checked by
 * the service, each error beside its field.
 */
import type { OwnerPaymentMethod } from "@cartwright/commerce/admin";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type TSchema, Type } from "typebox";
import { VersionField } from "../../http/edit-version.ts";
import { listPaymentMethods, orderPaymentMethods, readPaymentMethod, updatePaymentMethod } from "./payments.admin.ts";

const tags = ["owner"];
const MethodId = Type.String({ minLength: 1, maxLength: 64, pattern: "^[a-z0-9_-]+$" });
const Params = Type.Object({ id: MethodId });
const text = (maxLength: number, description: string) => Type.String({ maxLength, description });

const Account = Type.Partial(
  Type.Object({
    account_name: text(200, "The account holder"),
    bank_name: text(200, ""),
    account_number: text(64, ""),
    sort_code: text(32, "Sort code, routing or BSB number"),
    iban: text(40, "Spaces are taken out; checked for its shape"),
    bic: text(16, "8 or 11 letters and digits"),
  }),
  { additionalProperties: false },
);
const MethodPatch = Type.Partial(
  Type.Object({
    enabled: Type.Boolean({ description: "Offered at the checkout; switching off the last method on is refused (409)" }),
    title: text(100, "The title shoppers see; empty for the method's own"),
    description: text(1000, "The line under the method at the checkout; empty for the method's own"),
    instructions: text(2000, "Offline methods (bacs, cheque, cod): what the shopper is told to do to pay, on the order page and email"),
    account: Account,
    // The method's version as read: a method changed since is refused (decision 0158).
    version: VersionField,
  }),
  { additionalProperties: false },
);
const OrderBody = Type.Object(
  { order: Type.Array(MethodId, { maxItems: 100, description: "Every method's id, in the checkout's order" }) },
  { additionalProperties: false },
);

// The replies, documented only (decision 0173): OwnerPaymentMethod of @cartwright/commerce/admin with its version.
const MethodReply = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  default_title: Type.String({ description: "The method's own title, shown when title is empty" }),
  default_description: Type.String(),
  enabled: Type.Boolean(),
  position: Type.Integer({ description: "1-based place in the checkout's list" }),
  offline: Type.Boolean(),
  express: Type.Boolean(),
  supports: Type.Array(Type.String()),
  instructions: Type.Optional(Type.String({ description: "Offline methods only" })),
  account: Type.Optional(Type.Required(Account, { description: "Bank transfer only" })),
  version: Type.String({ description: "Send it back with a change: a method changed since is refused (409)" }),
} satisfies Record<keyof OwnerPaymentMethod | "version", TSchema>);
const MethodListReply = Type.Object({ methods: Type.Array(MethodReply) });

export const paymentsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/payment-methods",
    { schema: { tags, summary: "List every payment method in the checkout's order", replies: { 200: MethodListReply } } },
    async (request) => listPaymentMethods(request.ctx),
  );
  app.put(
    "/payment-methods/order",
    {
      schema: {
        operationId: "reorderPaymentMethods",
        tags,
        summary: "Put the payment methods in the checkout's order",
        body: OrderBody,
        replies: { 200: MethodListReply },
      },
    },
    async (request) => orderPaymentMethods(request.ctx, request.body.order),
  );
  app.get(
    "/payment-methods/:id",
    { schema: { tags, summary: "Read a payment method", params: Params, replies: { 200: MethodReply } } },
    async (request) => readPaymentMethod(request.ctx, request.params.id),
  );
  app.patch(
    "/payment-methods/:id",
    {
      schema: {
        tags,
        summary: "Change a payment method: on or off, texts, instructions, the bank transfer's account",
        params: Params,
        body: MethodPatch,
        replies: { 200: MethodReply },
      },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      return updatePaymentMethod(request.ctx, request.params.id, changes, version);
    },
  );
};
