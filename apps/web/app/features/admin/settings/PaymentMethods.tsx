/**
 * The payment methods page's parts (decision 0042): the checkout's order, moved one place at a
 * time by buttons (keyboard and screen reader alike, focus kept on the moved method), and each
 * method's form: on or off, title, description, instructions, the bank account.
 */
import { useEffect, useRef, useState } from "react";
import { AdminApiError } from "../api.ts";
import { useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, TextField } from "../components/fields.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { consoleMessages } from "../messages.ts";
import { type BankAccount, type PaymentMethod, type PaymentMethodChanges, paymentsApi } from "./api.ts";
import { GroupForm } from "./GroupForm.tsx";
import { paymentsMessages as t } from "./messages.ts";

export function MethodOrder({ methods, onChange }: { methods: PaymentMethod[]; onChange(methods: PaymentMethod[]): void }) {
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<{ id: string; direction: "up" | "down" } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const announce = useAnnounce();

  // After a move, the moved method's button keeps the focus; at an end, its other button takes it.
  useEffect(() => {
    if (!focus) return;
    const wanted = buttons.current.get(`${focus.id}:${focus.direction}`);
    const other = buttons.current.get(`${focus.id}:${focus.direction === "up" ? "down" : "up"}`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focus, methods]);

  async function move(index: number, by: -1 | 1) {
    // The buttons stay focusable while a move is saved (aria-disabled): a press meanwhile moves nothing.
    if (busy) return;
    const order = methods.map((m) => m.id);
    const [id] = order.splice(index, 1);
    if (!id) return;
    order.splice(index + by, 0, id);
    setBusy(true);
    setFailure("");
    try {
      const reply = await paymentsApi.order(order);
      onChange(reply.methods);
      const moved = reply.methods.find((m) => m.id === id);
      if (moved) announce(t.moved(moved.title, moved.position, reply.methods.length));
      setFocus({ id, direction: by < 0 ? "up" : "down" });
    } catch (error) {
      setFailure(error instanceof AdminApiError ? error.message : consoleMessages.networkError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="payment-order">
      <h2 id="payment-order">{t.order}</h2>
      <ErrorAlert message={failure} />
      <ol className="admin-payment-order" aria-busy={busy}>
        {methods.map((method, index) => (
          <li key={method.id}>
            <a href={`#method-${method.id}`}>{method.title}</a>{" "}
            <span className={`admin-badge${method.enabled ? "" : " admin-badge--muted"}`}>{method.enabled ? t.on : t.off}</span>
            {method.express && <span className="admin-badge">{t.express}</span>}
            {leavesShoppersWithoutAccount(method) && <span className="admin-badge admin-badge--warning">{t.noAccountBadge}</span>}
            <span className="admin-actions">
              <button
                type="button"
                className="button button--small"
                ref={(element) => {
                  if (element) buttons.current.set(`${method.id}:up`, element);
                }}
                disabled={index === 0}
                aria-disabled={busy}
                aria-label={t.moveUp(method.title)}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--small"
                ref={(element) => {
                  if (element) buttons.current.set(`${method.id}:down`, element);
                }}
                disabled={index === methods.length - 1}
                aria-disabled={busy}
                aria-label={t.moveDown(method.title)}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

type MethodDraft = Required<Pick<PaymentMethod, "enabled" | "title" | "description">> & { instructions?: string; account?: BankAccount };

const draftOf = (method: PaymentMethod): MethodDraft => ({
  enabled: method.enabled,
  title: method.title,
  description: method.description,
  ...(method.instructions === undefined ? {} : { instructions: method.instructions }),
  ...(method.account ? { account: { ...method.account } } : {}),
});

const ACCOUNT_KEYS: (keyof BankAccount)[] = ["account_name", "bank_name", "account_number", "sort_code", "iban", "bic"];

/** A bank transfer offered with neither an account number nor an IBAN tells shoppers to pay into an account it never shows. */
export const leavesShoppersWithoutAccount = (method: { enabled: boolean; account?: BankAccount }) =>
  method.enabled && method.account !== undefined && !method.account.account_number?.trim() && !method.account.iban?.trim();

export function MethodForm({ method, onSaved }: { method: PaymentMethod; onSaved(method: PaymentMethod): void }) {
  return (
    <GroupForm<MethodDraft, PaymentMethodChanges, PaymentMethod>
      id={`method-${method.id}`}
      title={method.title}
      intro={method.default_title === method.title ? undefined : method.default_title}
      initial={draftOf(method)}
      labels={t.fields}
      pathPrefix={`${method.id}.`}
      savedMessage={(saved) => t.saved(saved.title)}
      toBody={(draft) => ({ ok: true, body: draft })}
      fromBody={draftOf}
      version={method.version}
      send={async (body, version) => {
        const saved = await paymentsApi.save(method.id, body, version);
        onSaved(saved);
        return saved;
      }}
    >
      {(draft, set) => (
        <>
          <CheckboxField
            path={`${method.id}.enabled`}
            label={t.fields.enabled}
            value={draft.enabled}
            onChange={(enabled) => set({ enabled })}
          />
          <TextField
            path={`${method.id}.title`}
            label={t.fields.title}
            hint={t.fields.title_hint(method.default_title)}
            value={draft.title}
            onChange={(title) => set({ title })}
          />
          <TextField
            path={`${method.id}.description`}
            label={t.fields.description}
            hint={t.fields.description_hint}
            multiline
            rows={2}
            value={draft.description}
            onChange={(description) => set({ description })}
          />
          {draft.instructions !== undefined && (
            <TextField
              path={`${method.id}.instructions`}
              label={t.fields.instructions}
              hint={t.fields.instructions_hint}
              multiline
              rows={3}
              value={draft.instructions}
              onChange={(instructions) => set({ instructions })}
            />
          )}
          {draft.account && (
            <fieldset className="admin-fieldset">
              <legend>{t.account}</legend>
              {leavesShoppersWithoutAccount(draft) && <p className="admin-alert admin-alert--warning">{t.noAccount}</p>}
              {ACCOUNT_KEYS.map((key) => (
                <TextField
                  key={key}
                  path={`${method.id}.account.${key}`}
                  label={t.fields[`account.${key}`]}
                  value={draft.account?.[key] ?? ""}
                  onChange={(value) => set({ account: { ...(draft.account as BankAccount), [key]: value } })}
                />
              ))}
            </fieldset>
          )}
        </>
      )}
    </GroupForm>
  );
}
