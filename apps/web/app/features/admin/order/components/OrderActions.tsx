/** The order's actions: change status (asking first when stock and coupons go back), add a note, resend an e-mail. */
import { useEffect, useState } from "react";
import { AdminApiError } from "../../api.ts";
import { failureText } from "../../components/failure.ts";
import { ConfirmDialog } from "../../components/feedback.tsx";
import { ErrorAlert } from "../../components/page.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { type OrderEmail, type OrderReply, type OrderStatus, orderApi } from "../api.ts";
import { emailLabel, statusLabel } from "../format.ts";
import { orderMessages as t } from "../messages.ts";
import { noteProblem, statusChoices, statusConfirmation, statusStep } from "../status.ts";

export type OnWrite = (order: OrderReply, announcement: string) => void;

/** A failed write's words: the server's message, and the lines short of stock when it names them. */
function writeFailureText(failure: unknown): string {
  if (!(failure instanceof AdminApiError)) return failureText(failure);
  const lines = Array.isArray(failure.data.lines) ? (failure.data.lines as { name?: unknown }[]) : [];
  const names = lines.map((line) => (typeof line?.name === "string" ? line.name : "")).filter(Boolean);
  return names.length ? `${failure.message} (${names.join(", ")})` : failure.message;
}

/** One form's write: busy while it runs, the failure's words beside the form, the order and its announcement handed on. */
function useOrderWrite(onWrite: OnWrite, describe: (failure: unknown) => string = writeFailureText) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function write(call: () => Promise<OrderReply>, announcement: (reply: OrderReply) => string) {
    setBusy(true);
    setError("");
    try {
      const reply = await call();
      onWrite(reply, announcement(reply));
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, write };
}

// Each form's button is a SubmitButton: pressable (aria-disabled) while its write is on its way, so the keyboard's focus stays.
export function StatusForm({ order, onWrite }: { order: OrderReply; onWrite: OnWrite }) {
  const [next, setNext] = useState<OrderStatus>(order.status);
  const [confirming, setConfirming] = useState(false);
  const { busy, error, setError, write } = useOrderWrite(onWrite);
  const confirmation = statusConfirmation(order, next);
  // A write elsewhere on the page (a refund) may move the status: the select follows, keeping the focus where it is.
  useEffect(() => setNext(order.status), [order.status]);

  async function send() {
    setConfirming(false);
    await write(
      () => orderApi.setStatus(order.id, next, order.date_modified).catch(showOrderAsItIs),
      (reply) => t.statusSaved(statusLabel(reply.status)),
    );
  }

  /** Refused as chosen on a stale page: the page shows the order as it now is, the refusal stays beside the select. */
  async function showOrderAsItIs(failure: unknown): Promise<never> {
    if (failure instanceof AdminApiError && failure.code === "cw_rest_order_changed") {
      const fresh = await orderApi.get(order.id).catch(() => null);
      // Nothing to announce as done: the refusal's alert says what happened.
      if (fresh) onWrite(fresh, "");
    }
    throw failure;
  }

  return (
    <form
      className="admin-order-action"
      aria-labelledby="order-status-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const step = statusStep(order, next);
        if (step === "unchanged") setError(t.statusUnchanged);
        else if (step === "confirm") setConfirming(true);
        else void send();
      }}
    >
      <h3 id="order-status-title">{t.changeStatus}</h3>
      <ErrorAlert message={error} />
      <div className="admin-field">
        <label htmlFor="order-new-status">{t.newStatus}</label>
        <select id="order-new-status" value={next} onChange={(event) => setNext(event.target.value as OrderStatus)}>
          {statusChoices(order.status).map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton busy={busy} label={t.saveStatus} busyLabel={t.saveStatus} />
      <ConfirmDialog
        open={confirming}
        title={confirmation?.title ?? ""}
        body={confirmation?.body ?? ""}
        confirmLabel={t.confirmStatus}
        cancelLabel={t.keepStatus}
        onConfirm={send}
        onCancel={() => {
          setConfirming(false);
          // Nothing changed: the select shows the order's status again, not the one declined.
          setNext(order.status);
        }}
      />
    </form>
  );
}

export function NoteForm({ order, onWrite }: { order: OrderReply; onWrite: OnWrite }) {
  const [note, setNote] = useState("");
  const [toCustomer, setToCustomer] = useState(false);
  const { busy, error, setError, write } = useOrderWrite(onWrite, (failure) =>
    failure instanceof AdminApiError ? (failure.fields.note ?? failure.message) : failureText(failure),
  );

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = noteProblem(note);
    if (problem) {
      setError(problem === "empty" ? t.noteEmpty : t.noteTooLong);
      document.getElementById("order-note")?.focus();
      return;
    }
    await write(
      async () => {
        const reply = await orderApi.addNote(order.id, note, toCustomer);
        setNote("");
        return reply;
      },
      () => t.noteAdded(toCustomer),
    );
  }

  return (
    <form className="admin-order-action" aria-labelledby="order-note-title" onSubmit={send} noValidate>
      <h3 id="order-note-title">{t.addNote}</h3>
      <div className={`admin-field${error ? " admin-field--error" : ""}`}>
        <label htmlFor="order-note">{t.note}</label>
        {error && (
          <p id="order-note-error" className="admin-field__error" role="alert">
            {error}
          </p>
        )}
        <textarea
          id="order-note"
          rows={3}
          maxLength={2000}
          value={note}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "order-note-error" : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <fieldset className="admin-fieldset">
        <legend>{t.noteKind}</legend>
        <label className="admin-order-inline-check">
          <input type="radio" name="order-note-kind" checked={!toCustomer} onChange={() => setToCustomer(false)} />
          {t.notePrivate}
        </label>
        <label className="admin-order-inline-check">
          <input type="radio" name="order-note-kind" checked={toCustomer} onChange={() => setToCustomer(true)} />
          {t.noteCustomer}
        </label>
      </fieldset>
      <SubmitButton busy={busy} label={t.sendNote} busyLabel={t.sendNote} />
    </form>
  );
}

const EMAILS: OrderEmail[] = ["customer_confirmation", "owner_notice", "customer_completed", "customer_invoice"];

export function EmailForm({ order, onWrite }: { order: OrderReply; onWrite: OnWrite }) {
  const [email, setEmail] = useState<OrderEmail>("customer_confirmation");
  const { busy, error, write } = useOrderWrite(onWrite);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    await write(
      () => orderApi.sendEmail(order.id, email),
      () => t.emailSent(emailLabel(email)),
    );
  }

  return (
    <form className="admin-order-action" aria-labelledby="order-email-title" onSubmit={send}>
      <h3 id="order-email-title">{t.resendEmail}</h3>
      <ErrorAlert message={error} />
      <div className="admin-field">
        <label htmlFor="order-email">{t.emailToSend}</label>
        <select id="order-email" value={email} onChange={(event) => setEmail(event.target.value as OrderEmail)}>
          {EMAILS.map((name) => (
            <option key={name} value={name}>
              {emailLabel(name)}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton busy={busy} label={t.send} busyLabel={t.send} />
    </form>
  );
}

/**
 * The customer's payment page while the order awaits its payment (WooCommerce's "Customer payment
 * page →"), and the invoice e-mail that carries it, sent by the e-mail action.
 */
export function PayLinkForm({ order, onWrite }: { order: OrderReply; onWrite: OnWrite }) {
  const { busy, error, write } = useOrderWrite(onWrite);
  if (!order.payment_url) return null;

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    await write(
      () => orderApi.sendEmail(order.id, "customer_invoice"),
      () => t.emailSent(emailLabel("customer_invoice")),
    );
  }

  return (
    <form className="admin-order-action" aria-labelledby="order-pay-title" onSubmit={send}>
      <h3 id="order-pay-title">{t.awaitingPayment}</h3>
      <ErrorAlert message={error} />
      <p>
        <a href={order.payment_url} target="_blank" rel="noopener">
          {t.paymentPage}
        </a>
      </p>
      <p className="admin-muted">{t.paymentPageHint}</p>
      <SubmitButton busy={busy} label={t.sendInvoice} busyLabel={t.sendInvoice} />
    </form>
  );
}
