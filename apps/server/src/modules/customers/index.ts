export { customersAdminRoutes } from "./customers.admin.routes.ts";
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
  startCustomerSession,
} from "./customers.service.ts";
export { type Owner, requireOwner } from "./owner.ts";
