export { visitorRoutes } from "./visitor.routes.ts";
export type { VisitorMeta } from "./visitor.service.ts";
export { deleteStaleGuestMeta, getVisitorMeta, updateVisitorMeta } from "./visitor.service.ts";
