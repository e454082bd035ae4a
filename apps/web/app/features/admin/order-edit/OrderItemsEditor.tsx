/**
 * "Edit items" on the order page (decision 0092): the order's lines, coupons, shipping line and the
 * owner's fees in Add order's rows (new-order/parts.tsx), the new totals the shop works out shown
 * beside the old one before saving, Save and Cancel. Loaded only when the owner opens it (the order
 * page imports it lazily). Saving sends the date_modified the items were read with: a change made
 * meanwhile by someone else is refused, never overwritten. Leaving the page with changed items asks first.
 */
import type { OwnerAttribute } from "@cartwright/commerce/admin";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { LeaveGuard, SubmitButton, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext } from "../components/fields.tsx";
import { newOrderApi } from "../new-order/api.ts";
import { newOrderMessages as n } from "../new-order/messages.ts";
import { draftPaths, type ItemsDraft, itemsBody, type VariationChoice } from "../new-order/model.ts";
import newOrderStyles from "../new-order/new-order.css?url";
import {
  CouponField,
  FeeRows,
  ItemLines,
  itemsLabel,
  ShippingLineFields,
  TotalsRows,
  usePricing,
  variationChoices,
} from "../new-order/parts.tsx";
import type { OrderReply } from "../order/api.ts";
import { formatMoney } from "../order/format.ts";
import { type ItemsForm, orderEditApi } from "./api.ts";
import { orderEditMessages as t } from "./messages.ts";
import { draftFromForm, variableProducts } from "./model.ts";

interface Props {
  order: OrderReply;
  onSaved: (reply: OrderReply) => void;
  onCancel: () => void;
}

type Loaded = { form: ItemsForm; attributes: OwnerAttribute[]; draft: ItemsDraft };

export default function OrderItemsEditor({ order, onSaved, onCancel }: Props) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const [form, { attributes }] = await Promise.all([orderEditApi.form(order.id), newOrderApi.attributes()]);
      // A variable product's line offers its variations again; one that cannot be read keeps the one it has.
      const choices = new Map<number, VariationChoice[]>();
      await Promise.all(
        variableProducts(form).map(async (id) => {
          const product = await newOrderApi.product(id).catch(() => null);
          if (product?.type === "variable") choices.set(id, variationChoices(product, attributes));
        }),
      );
      const { currency, currency_minor_unit: minor } = order.totals;
      if (live) setLoaded({ form, attributes, draft: draftFromForm(form, currency, minor, choices) });
    })().catch(() => {
      if (live) setLoadError(t.loadFailed);
    });
    return () => {
      live = false;
    };
  }, [order.id, order.totals]);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="admin-order-edit" aria-labelledby="order-edit-heading">
      {/* Add order's rows keep their look here: React adds their styles to the head with the editor, once. */}
      <link rel="stylesheet" href={newOrderStyles} precedence="default" />
      <h2 id="order-edit-heading" ref={heading} tabIndex={-1}>
        {t.heading}
      </h2>
      {loadError ? (
        <>
          <p className="admin-alert admin-alert--error" role="alert">
            {loadError}
          </p>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t.close}
          </button>
        </>
      ) : !loaded ? (
        <p role="status">{t.loading}</p>
      ) : !loaded.form.editable ? (
        <>
          <p className="admin-alert admin-alert--error" role="alert">
            <strong>{t.notEditable}:</strong> {loaded.form.reason}
          </p>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t.close}
          </button>
        </>
      ) : (
        <ItemsEditorForm order={order} loaded={loaded} onSaved={onSaved} onCancel={onCancel} />
      )}
    </section>
  );
}

function ItemsEditorForm({ order, loaded, onSaved, onCancel }: Props & { loaded: Loaded }) {
  const [draft, setDraft] = useState<ItemsDraft>(loaded.draft);
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();
  const { currency: code, currency_minor_unit: minor } = order.totals;
  const money = (amount: number) => formatMoney(amount, code, minor);
  const version = loaded.form.date_modified;
  // Changed from the items as read; a save closes the editor, Cancel drops the changes on purpose.
  const dirty = JSON.stringify(draft) !== JSON.stringify(loaded.draft);

  const made = itemsBody(draft, code, minor);
  const key = made.ok && draft.lines.length ? JSON.stringify(made.body) : "";
  const { calculation, calcState, calcErrors } = usePricing(
    key,
    () => (made.ok ? { ...made.body, date_modified: version } : null),
    () => draft,
    (body, signal) => orderEditApi.calculate(order.id, body, signal),
  );

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft.lines.length) return refuse({ add_product: n.needItems });
    if (!made.ok) return refuse(made.errors);
    await run(
      () => orderEditApi.save(order.id, { ...made.body, date_modified: version }),
      (reply) => {
        announce(t.saved(reply.number));
        onSaved(reply);
      },
      (fields) => draftPaths(draft, fields),
    );
  }

  function cancel() {
    announce(t.cancelled);
    onCancel();
  }

  const shownErrors = { ...calcErrors, ...errors };
  return (
    <FieldErrorsContext.Provider value={shownErrors}>
      <form className="admin-new-order admin-order-edit__form" onSubmit={save} noValidate aria-busy={busy}>
        <p className="admin-muted">{t.intro}</p>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => itemsLabel(path, draft) ?? path} />}
        <fieldset className="admin-fieldset">
          <legend>{n.items}</legend>
          <ItemLines
            lines={draft.lines}
            onLines={(change) => setDraft((current) => ({ ...current, lines: change(current.lines) }))}
            attributes={loaded.attributes}
            calculation={calculation}
            errors={shownErrors}
            money={money}
          />
          <CouponField value={draft.coupon} onChange={(value) => setDraft((current) => ({ ...current, coupon: value }))} />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>{n.shippingLine}</legend>
          <ShippingLineFields draft={draft} onChange={(change) => setDraft(change)} code={code} calculation={calculation} money={money} />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>{n.fees}</legend>
          <FeeRows fees={draft.fees} onFees={(change) => setDraft((current) => ({ ...current, fees: change(current.fees) }))} code={code} />
        </fieldset>
        <h3 id="order-edit-totals">{n.totals}</h3>
        <TotalsRows
          calculation={calculation}
          calcState={calcState}
          hasLines={draft.lines.length > 0}
          money={money}
          previousTotal={order.totals.total}
        />
        <div className="admin-actions">
          <SubmitButton busy={busy} label={t.save} />
          <button type="button" className="button button--secondary" onClick={cancel}>
            {t.cancel}
          </button>
        </div>
      </form>
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
