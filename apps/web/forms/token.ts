/**
 * Token refresh (spec §4.4): when the form gains focus and its token is older than
 * tokenLifetimeSeconds, a new one is fetched; submit is disabled meanwhile; a failure goes to the console only.
 */
import { post } from "./request.ts";
import { type FormState, syncSubmit } from "./state.ts";

const TOKEN_BLOCK = "token";

export function refreshTokenIfOld(state: FormState): void {
  const { payload } = state;
  const input = state.form.querySelector<HTMLInputElement>('input[name="forms[token]"]');
  if (state.preview || !payload.token || !input || state.blocked.has(TOKEN_BLOCK)) return;
  if (Date.now() - payload.tokenIssuedAt < payload.tokenLifetimeSeconds * 1000) return;
  state.blocked.set(TOKEN_BLOCK, "");
  syncSubmit(state);
  post(payload.ajaxUrl, { action: "forms_get_token", formId: String(state.formId) })
    .then((answer) => {
      const token = (answer.data as { token?: unknown } | undefined)?.token;
      if (answer.success !== true || typeof token !== "string") throw new Error("no token in the answer");
      input.value = token;
      payload.token = token;
      payload.tokenIssuedAt = Date.now();
      state.form.dataset.token = token;
      state.form.dataset.tokenTime = String(Math.floor(payload.tokenIssuedAt / 1000));
    })
    .catch((error: unknown) => console.error("Cartwright Forms: the form token could not be refreshed", error))
    .finally(() => {
      state.blocked.delete(TOKEN_BLOCK);
      syncSubmit(state);
    });
}
