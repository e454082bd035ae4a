export { customerRoutes } from "./customers.routes.ts";
export type { Customer, NewCustomer, ScryptParams, Session } from "./customers.service.ts";
export {
  authenticate,
  createCustomer,
  customerErrors,
  getCustomer,
  getSignedInCustomer,
  hashPassword,
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
