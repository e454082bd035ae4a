/**
 * Refund, on the native <dialog>: units per line (their amounts filled from the line's unit total
 * with tax, editable), an extra amount, restock, reason and method; the total and what is left to
 * refund shown as they change; checked before sending; the server's refusals shown inside.
 */
import { useEffect, useRef, useState } from "react";
import { AdminApiError } from "../../api.ts";
import { failureText } from "../../components/failure.ts";
import { ErrorAlert } from "../../components/page.tsx";
import { type OrderReply, orderApi } from "../api.ts";
import { formatMoney } from "../format.ts";
import { orderMessages as t } from "../messages.ts";
import {
  checkRefund,
  emptyDraft,
  formPaths,
  type RefundDraft,
  refundableLeft,
  refundMethods,
  unitsLeft,
  wholeDraft,
  withUnits,
} from "../refund.ts";
import type { OnWrite } from "./OrderActions.tsx";

export function RefundButton({ order, onWrite }: { order: OrderReply; onWrite: OnWrite }) {
  const [open, setOpen] = useState(false);
  const returning = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const left = refundableLeft(order);
  // After the commit that removed the dialog: while the modal is open the page behind it is inert and refuses focus.
  useEffect(() => {
    if (open || !returning.current) return;
    returning.current = false;
    // Back to the Refund button; to the heading when nothing is left and the button is disabled.
    (button.current?.disabled ? heading.current : button.current)?.focus();
  }, [open]);
  const close = () => {
    returning.current = true;
    setOpen(false);
  };
  return (
    <div className="admin-order-action">
      <h3 id="order-refund-title" ref={heading} tabIndex={-1}>
        {t.refund}
      </h3>
      <p className="admin-muted">
        {t.refundableLeft}: {formatMoney(left, order.totals.currency, order.totals.currency_minor_unit)}
      </p>
      <button ref={button} type="button" className="button" onClick={() => setOpen(true)} disabled={left <= 0}>
        {t.refund}
      </button>
      {left <= 0 && <p className="admin-muted">{t.nothingRefundable}</p>}
      {open && (
        <RefundDialog
          order={order}
          onClose={close}
          onRefunded={(reply, words) => {
            close();
            onWrite(reply, words);
          }}
        />
      )}
    </div>
  );
}

function RefundDialog({ order: given, onClose, onRefunded }: { order: OrderReply; onClose(): void; onRefunded: OnWrite }) {
  const ref = useRef<HTMLDialogElement>(null);
  // What the server said is left (a refund made elsewhere meanwhile) replaces what the page knew.
  const [serverRefundable, setServerRefundable] = useState<number | null>(null);
  const order = serverRefundable === null ? given : { ...given, refundable: serverRefundable };
  const [draft, setDraft] = useState<RefundDraft>(() => emptyDraft(order));
  const [shownErrors, setShownErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatMoney(minor, order.totals.currency, order.totals.currency_minor_unit);
  const check = checkRefund(draft, order);
  const methods = refundMethods(order);
  const left = refundableLeft(order);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // The button stays focusable while a refund is sent (aria-disabled): a second press must not send a second refund.
    if (busy) return;
    setMessage("");
    if (!check.request) {
      setShownErrors(check.errors);
      const first = Object.keys(check.errors)[0];
      if (first) document.getElementById(inputId(first))?.focus();
      return;
    }
    setShownErrors({});
    setBusy(true);
    try {
      const reply = await orderApi.refund(order.id, check.request);
      onRefunded(reply.order, t.refundDone(money(reply.refund.amount)));
    } catch (failure) {
      if (failure instanceof AdminApiError) {
        const refundable = typeof failure.data.refundable === "number" ? failure.data.refundable : null;
        if (refundable !== null) setServerRefundable(refundable);
        setMessage(failure.code === "cw_rest_refund_exceeds" && refundable !== null ? t.refundExceeds(money(refundable)) : failure.message);
        setShownErrors(formPaths(failure.fields, check.request));
      } else setMessage(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  const error = (path: string) => shownErrors[path];
  const described = (path: string) => (error(path) ? `${inputId(path)}-error` : undefined);
  const errorText = (path: string) =>
    error(path) ? (
      <p id={`${inputId(path)}-error`} className="admin-field__error">
        {error(path)}
      </p>
    ) : null;

  return (
    <dialog
      ref={ref}
      className="admin-dialog admin-order-refund"
      aria-labelledby="order-refund-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id="order-refund-dialog-title">{t.refundTitle(order.number)}</h2>
        <ErrorAlert message={message} />
        {/* A whole refund in one press: the owner need not work out shipping and its tax as the other amount. */}
        <button type="button" className="button button--secondary admin-button--small" onClick={() => setDraft(wholeDraft(draft, order))}>
          {t.refundEverything}
        </button>
        <fieldset className="admin-fieldset">
          <legend>{t.refundLines}</legend>
          {order.lines.map((line, index) => {
            const entry = draft.lines[index];
            if (!entry) return null;
            const unitsPath = `line-${line.id}.units`;
            const amountPath = `line-${line.id}.amount`;
            return (
              <div key={line.id} className="admin-order-refund__line">
                <p className="admin-order-refund__name">{line.name}</p>
                <div className={`admin-field${error(unitsPath) ? " admin-field--error" : ""}`}>
                  <label htmlFor={inputId(unitsPath)}>{t.refundUnits(line.name)}</label>
                  <p id={`${inputId(unitsPath)}-hint`} className="admin-field__hint">
                    {t.refundUnitsHint(unitsLeft(line))}
                  </p>
                  {errorText(unitsPath)}
                  <input
                    id={inputId(unitsPath)}
                    type="number"
                    min={0}
                    max={unitsLeft(line)}
                    step={1}
                    inputMode="numeric"
                    value={entry.units}
                    aria-invalid={error(unitsPath) ? true : undefined}
                    aria-describedby={[described(unitsPath), `${inputId(unitsPath)}-hint`].filter(Boolean).join(" ")}
                    onChange={(event) => setDraft(withUnits(draft, order, line.id, event.target.value))}
                  />
                </div>
                <div className={`admin-field${error(amountPath) ? " admin-field--error" : ""}`}>
                  <label htmlFor={inputId(amountPath)}>{t.refundAmount(line.name)}</label>
                  {errorText(amountPath)}
                  <input
                    id={inputId(amountPath)}
                    type="text"
                    inputMode="decimal"
                    value={entry.amount}
                    aria-invalid={error(amountPath) ? true : undefined}
                    aria-describedby={described(amountPath)}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        lines: draft.lines.map((other) => (other.lineId === line.id ? { ...other, amount: event.target.value } : other)),
                      })
                    }
                  />
                </div>
              </div>
            );
          })}
        </fieldset>
        <div className={`admin-field${error("extra") ? " admin-field--error" : ""}`}>
          <label htmlFor={inputId("extra")}>{t.extraAmount}</label>
          {errorText("extra")}
          <input
            id={inputId("extra")}
            type="text"
            inputMode="decimal"
            value={draft.extra}
            aria-invalid={error("extra") ? true : undefined}
            aria-describedby={described("extra")}
            onChange={(event) => setDraft({ ...draft, extra: event.target.value })}
          />
        </div>
        <div className="admin-field admin-field--inline">
          <input
            id={inputId("restock")}
            type="checkbox"
            checked={draft.restock}
            onChange={(event) => setDraft({ ...draft, restock: event.target.checked })}
          />
          <label htmlFor={inputId("restock")}>{t.restock}</label>
        </div>
        <div className={`admin-field${error("reason") ? " admin-field--error" : ""}`}>
          <label htmlFor={inputId("reason")}>{t.reason}</label>
          {errorText("reason")}
          <textarea
            id={inputId("reason")}
            rows={2}
            maxLength={500}
            value={draft.reason}
            aria-invalid={error("reason") ? true : undefined}
            aria-describedby={described("reason")}
            onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
          />
        </div>
        <fieldset className="admin-fieldset">
          <legend>{t.refundMethod}</legend>
          {methods.map((method) => (
            <label key={method} className="admin-order-inline-check">
              <input
                type="radio"
                name="order-refund-method"
                value={method}
                checked={draft.method === method}
                onChange={() => setDraft({ ...draft, method })}
              />
              {method === "gateway" ? t.methodGateway(order.payment.title || order.payment.method) : t.methodManual}
            </label>
          ))}
        </fieldset>
        <dl className="admin-details admin-order-refund__sums" aria-live="polite">
          <dt>{t.refundTotal}</dt>
          <dd id={inputId("total")} tabIndex={-1}>
            {money(check.total)}
          </dd>
          <dt>{t.refundableLeft}</dt>
          <dd>{money(left)}</dd>
        </dl>
        {errorText("total")}
        <div className="admin-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t.close}
          </button>
          <button type="submit" className="button" aria-disabled={busy}>
            {t.refundSubmit(money(check.total))}
          </button>
        </div>
      </form>
    </dialog>
  );
}

const inputId = (path: string) => `order-refund-${path.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
