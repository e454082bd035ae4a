/**
 * The forms' cross-origin rule (decision 0027): the one-tag embed runs a form on other sites, whose
 * calls to /ajax carry their Origin. The shop's own pages always may call; another origin only when
 * the form's settings.embedOrigins lists it, or lists none (a form open to any site). Allowed calls
 * are told so (Access-Control-Allow-Origin), as the widget's are.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/index.ts";
import type { AjaxAction, AjaxForm } from "../../http/ajax.ts";
import { formField } from "../../http/ajax.ts";
import { StoreError } from "../../http/errors.ts";
import { isShopOrigin } from "../contact-widget/index.ts";
import { publishedForm } from "./forms.service.ts";

export const formOriginNotAllowed = (origin: string) =>
  new StoreError("cw_form_origin_not_allowed", "This form may not be used from this site.", 403, { origin });

export function originAllowed(embedOrigins: readonly string[], origin: string): boolean {
  return embedOrigins.length === 0 || embedOrigins.includes(origin);
}

/** The form a call names (`forms[id]`, `formId` or `form_id`), published. */
function namedForm(db: Db, form: AjaxForm) {
  const given = formField(form, "forms[id]") ?? formField(form, "formId") ?? formField(form, "form_id") ?? "";
  return /^\d{1,10}$/.test(given) ? publishedForm(db, given) : Promise.resolve(null);
}

/** Checks the call's Origin against the form it names before the action runs (a form that is not there is the action's answer). */
export function originChecked(action: AjaxAction): AjaxAction {
  return {
    session: action.session,
    async handle(request: FastifyRequest, reply: FastifyReply, form: AjaxForm) {
      const origin = request.headers.origin;
      reply.header("Vary", "Origin");
      if (origin !== undefined) {
        if (!isShopOrigin(request, origin, request.ctx.db)) {
          const stored = await namedForm(request.ctx.db, form);
          if (stored && !originAllowed(stored.definition.settings.embedOrigins, origin)) throw formOriginNotAllowed(origin);
        }
        reply.header("Access-Control-Allow-Origin", origin);
      }
      return action.handle(request, reply, form);
    },
  };
}

/** The preflight's part (OPTIONS /ajax?formId=…): the named form, or any published form, lets the origin in. */
export async function formsPreflightAllows(db: Db, origin: string, query: Record<string, string | undefined>): Promise<boolean> {
  const named = query.formId ?? query.form_id ?? query.form;
  if (named === undefined || !/^\d{1,10}$/.test(named)) return false;
  const stored = await publishedForm(db, named);
  return stored !== null && originAllowed(stored.definition.settings.embedOrigins, origin);
}
