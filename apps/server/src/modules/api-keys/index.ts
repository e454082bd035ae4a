/** API keys for integrations on the owner API (decision 0098): the keys' owner routes and the hook that lets keyed requests in. */
export { apiKeysAdminRoutes } from "./api-keys.admin.routes.ts";
export { API_KEY_CHALLENGE, type ApiKeyAuthOptions, LAST_ACCESS_EVERY_MS, registerApiKeyAuth } from "./auth.ts";
export { hashSecret, parseAuthorization } from "./keys.ts";
