export { customerRoutes } from "./customers.routes.ts";
export type { Customer, NewCustomer, ScryptParams, Session } from "./customers.service.ts";
export {
  authenticate,
  createCustomer,
  customerErrors,
  ensureOwner,
  getCustomer,
  getSignedInCustomer,
  hashPassword,
  isOwner,
  MIN_OWNER_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  needsRehash,
  normaliseCustomerEmail,
  register,
  SCRYPT_PARAMS,
  saveCustomerAddresses,
  signIn,
  signOut,
  startCustomerSession,
  verifyPassword,
} from "./customers.service.ts";
