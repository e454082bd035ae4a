/** What the forms' actions need from the app: the signing secret, the mailer, the captcha secrets. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CaptchaOptions } from "../contact-widget/index.ts";
import type { Mailer, MailLog } from "../emails/index.ts";

export interface FormsDeps {
  secret: string;
  mailer?: Mailer;
  captcha?: CaptchaOptions;
  log?: MailLog;
}

export interface FormsState extends FormsDeps {
  inFlight: Set<Promise<unknown>>;
}

declare module "fastify" {
  interface FastifyInstance {
    forms?: FormsState;
  }
}

/** Gives the actions their dependencies (buildApp, before /ajax); closing waits for notices being sent. */
export function registerForms(app: FastifyInstance, deps: FormsDeps): void {
  const state: FormsState = { ...deps, inFlight: new Set() };
  app.decorate("forms", state);
  app.addHook("onClose", async () => {
    await Promise.allSettled([...state.inFlight]);
  });
}

export function formsState(request: FastifyRequest): FormsState {
  const state = request.server.forms;
  if (!state) throw new Error("registerForms was not called for this app");
  return state;
}
