/**
 * Public forms on the server (issue 17, decisions 0024 and 0025): the forms and their entries in
 * the database, the demo forms' seed, and the visitors' /ajax actions (submit, token, restricted
 * e-mail, captcha challenge).
 */

export { CAPTCHA_FIELD } from "@cartwright/commerce/forms";
export { formsAjaxActions } from "./actions.ts";
export { formsAssetRoutes, formsRuntimePath } from "./assets.ts";
export { demoFormImageRoutes } from "./demo-images.ts";
export { formsEmbedRoutes } from "./embed.routes.ts";
export { formsAdminRoutes } from "./forms.admin.routes.ts";
export type { StoredForm } from "./forms.repo.ts";
export { findForm, installDemoForms, publishedForm } from "./forms.service.ts";
export { formOriginNotAllowed, formsPreflightAllows } from "./origin.ts";
export { FORM_TOKEN_LIFETIME_SECONDS, type FormPageOptions, formPage, formPagePath } from "./page.ts";
export { PAGE_POST_MAX_BYTES, PAGE_POST_MESSAGES, submitPagePost } from "./page-post.ts";
export { sweepPendingEntries } from "./payment.ts";
export {
  deleteExpiredDrafts,
  formPageResumed,
  formResumeValues,
  RESUME_DAYS,
  RESUME_FIELD,
  RESUME_PARAMETER,
  RESUME_REPLIES,
} from "./resume.ts";
export { type FormsDeps, registerForms } from "./runtime.ts";
export { FORM_REPLIES, FORM_UPLOAD_TOTAL_BYTES, honeypotName } from "./submit.ts";
export { createFormToken } from "./token.ts";
