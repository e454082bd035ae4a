export type { CaptchaOptions } from "./captcha/captcha.ts";
export { messagesAdminRoutes } from "./messages.admin.routes.ts";
export { type ContactMessageDeps, messageAjaxActions, registerContactMessages } from "./messages.ts";
