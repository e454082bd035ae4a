/**
 * A public form in a storefront page (decision 0026): the renderer's HTML, its stylesheet under
 * the page's nonce, and — when the forms runtime is built — its payload as a data block and the
 * runtime's module. Never hydrated: React only writes it out.
 */
import type { FormPagePayload } from "@cartwright/commerce/forms";
import { FORM_CSS, FORM_NOSCRIPT_CSS, type RenderState, renderForm } from "../../forms/render/index.ts";

interface FormEmbedProps {
  payload: FormPagePayload;
  /** Kept values and errors of a failed post, or the confirmation; `scripted` follows `runtimeSrc`. */
  state?: Omit<RenderState, "scripted">;
  /** The runtime's module (/forms/static/…), or null: the form then works as a plain page post. */
  runtimeSrc: string | null;
  nonce: string | undefined;
}

/** The data block's id the runtime reads (contract: `cwf{F}-payload`). */
export const formPayloadId = (formId: number) => `cwf${formId}-payload`;

export function FormEmbed({ payload, state = {}, runtimeSrc, nonce }: FormEmbedProps) {
  const scripted = runtimeSrc !== null;
  const html = renderForm(payload, { ...state, scripted });
  // A data block is never run; "<" is escaped so no text in it can close the element.
  const json = JSON.stringify(payload).replace(/</g, "\\u003c");
  const noscript = `<style${nonce ? ` nonce="${nonce}"` : ""}>${FORM_NOSCRIPT_CSS}</style>`;
  return (
    <>
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: FORM_CSS }} />
      {scripted && <noscript dangerouslySetInnerHTML={{ __html: noscript }} />}
      <div className="form-embed" dangerouslySetInnerHTML={{ __html: html }} />
      {scripted && state.confirmation === undefined && (
        <>
          <script type="application/json" id={formPayloadId(payload.form.id)} nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
          <script type="module" src={runtimeSrc} nonce={nonce} />
        </>
      )}
    </>
  );
}
