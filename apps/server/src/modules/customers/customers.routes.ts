/**
 * The account calls under /api/store/v1: register, sign in, sign out (here or everywhere), change
 * the password, and who is signed in. They are writes like any other (the nonce or a Cart-Token
 * header); each answers with the new session's Cart-Token, cookie, Nonce and User-ID.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { rateLimitedResponses } from "../../http/rate-limits.ts";
import { switchSession } from "../../http/session.ts";
import { ChangePasswordBody, CustomerReply, EmptyReply, RegisterBody, SignInBody } from "./customers.schemas.ts";
import * as customers from "./customers.service.ts";

const reply = (customer: customers.Customer) => ({
  id: customer.id,
  email: customer.email,
  first_name: customer.firstName,
  last_name: customer.lastName,
});

export const customerRoutes: FastifyPluginAsyncTypebox<{ secret: string }> = async (app, { secret }) => {
  app.post(
    "/account/register",
    {
      schema: {
        tags: ["account"],
        summary: "Create an account and sign in",
        body: RegisterBody,
        response: { 201: CustomerReply, ...rateLimitedResponses },
      },
    },
    async (request, response) => {
      const { email, password, first_name, last_name } = request.body;
      const { customer, session } = await customers.register(request.ctx, { email, password, firstName: first_name, lastName: last_name });
      switchSession(secret, request, response, session);
      return response.status(201).send(reply(customer));
    },
  );

  app.post(
    "/account/sign-in",
    { schema: { tags: ["account"], summary: "Sign in", body: SignInBody, response: { 200: CustomerReply, ...rateLimitedResponses } } },
    async (request, response) => {
      const { email, password } = request.body;
      const { customer, session } = await customers.signIn(request.ctx, email, password);
      switchSession(secret, request, response, session);
      return reply(customer);
    },
  );

  app.post(
    "/account/sign-out",
    {
      schema: {
        tags: ["account"],
        summary: "Sign out, back to a guest",
        description: "Ends this login session: a copy of its Cart-Token or cookie kept elsewhere signs no one in afterwards.",
        response: { 200: EmptyReply },
      },
    },
    async (request, response) => {
      switchSession(secret, request, response, await customers.signOut(request.ctx));
      return {};
    },
  );

  app.post(
    "/account/sign-out-everywhere",
    {
      schema: {
        tags: ["account"],
        summary: "Sign out on every device",
        description: "Ends every login session of the signed-in customer, this one included; 401 cw_rest_not_signed_in for a guest.",
        response: { 200: EmptyReply },
      },
    },
    async (request, response) => {
      switchSession(secret, request, response, await customers.signOutEverywhere(request.ctx));
      return {};
    },
  );

  app.post(
    "/account/password",
    {
      schema: {
        tags: ["account"],
        summary: "Change the password",
        description:
          "Checks the current password (400 cw_rest_incorrect_password), holds the new one to registration's rules, and ends " +
          "every other session of the customer; this one continues with a new Cart-Token. 401 cw_rest_not_signed_in for a guest.",
        body: ChangePasswordBody,
        response: { 200: CustomerReply, ...rateLimitedResponses },
      },
    },
    async (request, response) => {
      const { current_password, new_password } = request.body;
      const { customer, session } = await customers.changePassword(request.ctx, current_password, new_password);
      switchSession(secret, request, response, session);
      return reply(customer);
    },
  );

  app.get(
    "/account",
    { schema: { tags: ["account"], summary: "The signed-in customer", response: { 200: CustomerReply } } },
    async (request) => reply(await customers.getSignedInCustomer(request.ctx)),
  );
};
