/**
 * The account calls under /api/store/v1: register, sign in, sign out (here or everywhere), change
 * the password or choose a new one through a link mailed on request, and who is signed in. They are writes like any other (the nonce or a Cart-Token
 * header); each answers with the new session's Cart-Token, cookie, Nonce and User-ID.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { rateLimitedResponses } from "../../http/rate-limits.ts";
import { switchSession } from "../../http/session.ts";
import type { Mailer } from "../emails/index.ts";
import {
  AcceptInviteBody,
  ChangePasswordBody,
  CustomerReply,
  EmptyReply,
  InviteFactsReply,
  InviteLookupBody,
  LostPasswordBody,
  RegisterBody,
  ResetCheckBody,
  ResetCheckReply,
  ResetPasswordBody,
  SignInBody,
  StaffCustomerReply,
} from "./customers.schemas.ts";
import * as customers from "./customers.service.ts";
import { acceptInvite, lookUpInvite } from "./invites.ts";
import { checkResetLink, RESET_VALID_MINUTES, requestPasswordReset, resetPassword } from "./password-reset.ts";
import { welcomeNewCustomer } from "./welcome.ts";

const reply = (customer: customers.Customer) => ({
  id: customer.id,
  email: customer.email,
  first_name: customer.firstName,
  last_name: customer.lastName,
});

export const customerRoutes: FastifyPluginAsyncTypebox<{ secret: string; mailer?: Mailer }> = async (app, { secret, mailer }) => {
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
      welcomeNewCustomer(request.ctx, mailer, customer.id, request.log);
      return response.status(201).send(reply(customer));
    },
  );

  app.post(
    "/account/sign-in",
    {
      schema: {
        operationId: "signIn",
        tags: ["account"],
        summary: "Sign in",
        body: SignInBody,
        response: { 200: CustomerReply, ...rateLimitedResponses },
      },
    },
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
        operationId: "signOut",
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
        operationId: "signOutEverywhere",
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
        operationId: "changePassword",
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

  app.post(
    "/account/lost-password",
    {
      schema: {
        operationId: "requestPasswordReset",
        tags: ["account"],
        summary: "Mail a link to choose a new password",
        description:
          `Answers {} alike whether or not the email has an account; when it has one, a link to /my-account/reset-password that works once, for ${RESET_VALID_MINUTES} minutes, ` +
          "is mailed after the answer. 400 registration-error-invalid-email, 429 per network and per email, 503 cw_rest_mail_unavailable when the shop has no mailer.",
        body: LostPasswordBody,
        response: { 200: EmptyReply, ...rateLimitedResponses },
      },
    },
    async (request) => {
      await requestPasswordReset(request.ctx, mailer, request.body.email, request.log);
      return {};
    },
  );

  app.post(
    "/account/reset-password/check",
    {
      schema: {
        operationId: "checkPasswordReset",
        tags: ["account"],
        summary: "Whether a password reset link still works",
        description: "404 cw_rest_reset_invalid, 410 cw_rest_reset_used or cw_rest_reset_expired.",
        body: ResetCheckBody,
        response: { 200: ResetCheckReply },
      },
    },
    async (request) => {
      const { email, role } = await checkResetLink(request.ctx, request.body.key);
      return { email, min_password_length: customers.minPasswordLength(role) };
    },
  );

  app.post(
    "/account/reset-password",
    {
      schema: {
        operationId: "resetPassword",
        tags: ["account"],
        summary: "Choose a new password through a mailed link, and sign in",
        description:
          "Holds the password to registration's rules (staff: 12 characters), ends every session of the account and signs this client in. " +
          "404 cw_rest_reset_invalid, 410 cw_rest_reset_used or cw_rest_reset_expired.",
        body: ResetPasswordBody,
        response: { 200: CustomerReply },
      },
    },
    async (request, response) => {
      const { customer, session } = await resetPassword(request.ctx, request.body.key, request.body.password);
      switchSession(secret, request, response, session);
      return reply(customer);
    },
  );

  app.post(
    "/account/invites/lookup",
    {
      schema: {
        operationId: "lookUpInvite",
        tags: ["account"],
        summary: "What a staff invitation offers",
        description: "404 cw_rest_invite_invalid, 410 cw_rest_invite_used or cw_rest_invite_expired (decision 0032).",
        body: InviteLookupBody,
        response: { 200: InviteFactsReply },
      },
    },
    async (request) => lookUpInvite(request.ctx, request.body.token),
  );

  app.post(
    "/account/invites/accept",
    {
      schema: {
        operationId: "acceptInvite",
        tags: ["account"],
        summary: "Accept a staff invitation and sign in",
        description:
          "Without an account under the invited email one is created with this password (12 characters or more); an existing " +
          "account gives its own password (400 cw_rest_incorrect_password, counted like a sign-in). The account becomes a manager.",
        body: AcceptInviteBody,
        response: { 200: StaffCustomerReply, ...rateLimitedResponses },
      },
    },
    async (request, response) => {
      const { token, password, first_name, last_name } = request.body;
      const { customer, session } = await acceptInvite(request.ctx, { token, password, firstName: first_name, lastName: last_name });
      switchSession(secret, request, response, session);
      return { ...reply(customer), role: "manager" as const };
    },
  );

  app.get(
    "/account",
    { schema: { tags: ["account"], summary: "The signed-in customer", response: { 200: CustomerReply } } },
    async (request) => reply(await customers.getSignedInCustomer(request.ctx)),
  );
};
