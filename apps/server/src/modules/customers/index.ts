export { type AddressFieldErrors, type SavedAddressKind, type SentAddress, saveOwnAddress } from "./addresses.ts";
export { customersAdminRoutes } from "./customers.admin.routes.ts";
export { readCustomer } from "./customers.admin.ts";
export { customerRoutes } from "./customers.routes.ts";
export type { Customer, NewCustomer } from "./customers.service.ts";
export {
  changePassword,
  createCustomer,
  deleteEndedLoginSessions,
  ensureOwner,
  getCustomer,
  isOwner,
  loginSessionStands,
  register,
  saveCustomerAddresses,
  signIn,
  signOut,
  signOutEverywhere,
  staffRole,
  startCustomerSession,
} from "./customers.service.ts";
export { type DetailsErrors, type DetailsInput, updateOwnDetails } from "./details.ts";
export { shopDateCell } from "./export-rows.ts";
export { STAFF_IDLE_MS, STAFF_MAX_AGE_MS } from "./login-sessions.ts";
export { MANAGER_AREAS, managerMayUse, type Owner, requireOwner } from "./owner.ts";
export { checkResetLink, deleteEndedPasswordResets, requestPasswordReset, resetPassword } from "./password-reset.ts";
export { staffAdminRoutes } from "./staff.admin.routes.ts";
export { welcomeNewCustomer } from "./welcome.ts";
