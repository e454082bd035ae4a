/**
 * The contact widget (spec visitor-widget-forms-attribution §3–§7): the owner's widgets and their
 * analytics, the page payload of the shop's pages and of the one-tag embed, the view and click
 * reports and the contact-us messages on POST /ajax.
 */
import type { AjaxActions } from "../../http/ajax.ts";
import { messageAjaxActions } from "./messages.ts";
import { reportAjaxActions } from "./reports.ts";

export { contactWidgetAdminRoutes } from "./contact-widget.admin.routes.ts";
export {
  activeWidget,
  createWidget,
  deleteWidget,
  getWidget,
  installWidget,
  listWidgets,
  patchWidget,
  updateWidget,
  widgetAnalytics,
} from "./contact-widget.service.ts";
export { embedRoutes, siteGuard, widgetLoaderPath } from "./embed.routes.ts";
export { embedPage, widgetPage } from "./page.ts";
export {
  allowWidgetOrigin,
  checkWidgetNonce,
  type EmbedSites,
  embedSites,
  isShopOrigin,
  widgetErrors,
  widgetOfCall,
  widgetPreflightRoutes,
} from "./reports.ts";
export { configureContactWidgets } from "./runtime.ts";
export { addressCountry, isCrawler, type Visitor, visitorCountry } from "./visitor.ts";

/** The widget's /ajax actions: the four reports (and the contact form's, added beside them). */
export const contactAjaxActions: AjaxActions = { ...reportAjaxActions, ...messageAjaxActions };
export { createAltchaChallenge } from "./captcha/altcha.ts";
export { type CaptchaOptions, captchaFor, captchaTokenField } from "./captcha/captcha.ts";
export { messagesAdminRoutes } from "./messages.admin.routes.ts";
export { ownerAccountEmail } from "./messages.repo.ts";
export { type ContactMessageDeps, messageAjaxActions, registerContactMessages } from "./messages.ts";
export { checkFileContent, UPLOAD_MESSAGES } from "./uploads.ts";
