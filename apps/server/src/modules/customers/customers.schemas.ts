/** Request and reply schemas of the account calls. The e-mail and password rules are the service's, with its own error codes. */
import { Type } from "typebox";

const Email = Type.String({ maxLength: 320, description: "Email address" });
const Password = Type.String({ maxLength: 1024, description: "Password (at least 8 characters to register)" });
const Name = Type.String({ maxLength: 200 });

export const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
});

export const SignInBody = Type.Object({ email: Email, password: Password });

export const ChangePasswordBody = Type.Object({
  current_password: Type.String({ maxLength: 1024, description: "The password the customer signs in with now" }),
  new_password: Type.String({ maxLength: 1024, description: "The new password (at least 8 characters, as to register)" }),
});

export const CustomerReply = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
});

export const EmptyReply = Type.Object({});

const InviteToken = Type.String({ maxLength: 100, description: "The token of the invitation link (/admin/invite?token=…)" });

export const InviteLookupBody = Type.Object({ token: InviteToken });

export const InviteFactsReply = Type.Object({
  email: Type.String(),
  role: Type.Literal("manager"),
  expires_at: Type.String(),
  account_exists: Type.Boolean({ description: "The email has an account: its password is asked, not a new one" }),
});

export const AcceptInviteBody = Type.Object({
  token: InviteToken,
  password: Type.String({ maxLength: 1024, description: "A new password (12 characters or more), or the existing account's" }),
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
});

export const StaffCustomerReply = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.Literal("manager"),
});

export const LostPasswordBody = Type.Object({ email: Email });

const ResetKey = Type.String({ maxLength: 100, description: "The key of the reset link (/my-account/reset-password?key=…)" });

export const ResetCheckBody = Type.Object({ key: ResetKey });

export const ResetCheckReply = Type.Object({
  email: Type.String({ description: "The account the link resets" }),
  min_password_length: Type.Integer({ description: "The fewest characters its new password may have: 8, or 12 for staff" }),
});

export const ResetPasswordBody = Type.Object({
  key: ResetKey,
  password: Type.String({ maxLength: 1024, description: "The new password (at least 8 characters, as to register; 12 for staff)" }),
});
