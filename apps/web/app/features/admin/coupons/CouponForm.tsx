/**
 * The coupon form (decision 0040): every rule the cart engine reads, in three sections; the
 * server's messages beside their fields and summed up above them; delete behind a confirmation, and a
 * question before leaving with unsaved changes.
 */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { AFTER_DELETE, DeleteCard, EditorHead, LeaveGuard, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { CategoryPicker } from "../products/CategoryPicker.tsx";
import { ProductPicker } from "../products/ProductPicker.tsx";
import { shopTimeZone } from "../time-zone.ts";
import { type CouponCurrency, type CouponType, couponsApi } from "./api.ts";
import { couponMessages as t } from "./messages.ts";
import { type CouponDraft, fromDraft, toDraft } from "./model.ts";

interface Props {
  id?: number;
  /** The stored coupon's version, sent back with a save (decision 0158). */
  version?: string;
  initial: CouponDraft;
  currency: CouponCurrency;
  /** The stored expiry, kept when its day is left as it was. */
  storedExpiry?: string | null;
}

const TYPES = (Object.keys(t.types) as CouponType[]).map((value) => ({ value, label: t.types[value] }));

export function CouponForm({ id, version: loadedVersion = "", initial, currency, storedExpiry = null }: Props) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [version, setVersion] = useState(loadedVersion);
  const [expiry, setExpiry] = useState(storedExpiry);
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const deleting = useDelete(async () => {
    if (!id) return;
    await couponsApi.remove(id);
    announce(t.deleted(saved.code));
    navigate("/admin/coupons", { state: AFTER_DELETE });
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const code = currency.currency_code;

  const labels: Record<string, string> = {
    code: t.code,
    description: t.description,
    type: t.type,
    amount: draft.type === "percent" ? t.amountPercent : t.amountMoney(code),
    expires_at: t.expiresOn,
    minimum_spend: t.minimumSpend(code),
    maximum_spend: t.maximumSpend(code),
    product_ids: t.productIds,
    excluded_product_ids: t.excludedProductIds,
    category_ids: t.categoryIds,
    excluded_category_ids: t.excludedCategoryIds,
    allowed_emails: t.allowedEmails,
    usage_limit: t.usageLimit,
    usage_limit_per_user: t.usageLimitPerUser,
    limit_usage_to_x_items: t.itemsLimit,
  };
  const set =
    <K extends keyof CouponDraft>(key: K) =>
    (value: CouponDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const text = (key: keyof CouponDraft, label: string, hint?: string, path: string = key) => (
    <TextField path={path} label={label} hint={hint} value={String(draft[key])} onChange={set(key) as (value: string) => void} />
  );

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = fromDraft(draft, currency, expiry);
    if (!body.ok) return refuse(body.errors);
    await run(
      () => (id ? couponsApi.save(id, body.input, version) : couponsApi.create(body.input)),
      (coupon) => {
        const next = toDraft(coupon, currency);
        setVersion(coupon.version);
        setSaved(next);
        setDraft(next);
        setExpiry(coupon.expires_at);
        announce(id ? t.saved : t.created);
        if (!id) navigate(`/admin/coupons/${coupon.id}`, { replace: true });
      },
    );
  }

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead
          back="/admin/coupons"
          backLabel={t.back}
          title={id ? t.editTitle(saved.code) : t.newTitle}
          dirty={dirty}
          busy={busy}
          submitLabel={id ? t.save : t.create}
        />
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => labels[path] ?? path} />}

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.general}</legend>
          {text("code", t.code, t.codeHint)}
          {text("description", t.description)}
          <SelectField
            path="type"
            label={t.type}
            value={draft.type}
            options={TYPES}
            onChange={(value) => set("type")(value as CouponType)}
          />
          {text("amount", labels.amount ?? t.amount, t.amountHint)}
          <CheckboxField path="free_shipping" label={t.freeShipping} value={draft.free_shipping} onChange={set("free_shipping")} />
          <CheckboxField path="enabled" label={t.enabled} value={draft.enabled} onChange={set("enabled")} />
          <TextField
            path="expires_at"
            type="date"
            label={t.expiresOn}
            hint={t.expiresHint(shopTimeZone())}
            value={draft.expires_on}
            onChange={set("expires_on")}
          />
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.restrictions}</legend>
          {text("minimum_spend", t.minimumSpend(code), t.spendHint)}
          {text("maximum_spend", t.maximumSpend(code), t.spendHint)}
          <CheckboxField path="individual_use" label={t.individualUse} value={draft.individual_use} onChange={set("individual_use")} />
          <CheckboxField
            path="exclude_sale_items"
            label={t.excludeSaleItems}
            value={draft.exclude_sale_items}
            onChange={set("exclude_sale_items")}
          />
          <ProductPicker path="product_ids" label={t.productIds} hint={t.idsHint} value={draft.product_ids} onChange={set("product_ids")} />
          <ProductPicker
            path="excluded_product_ids"
            label={t.excludedProductIds}
            hint={t.excludedHint}
            value={draft.excluded_product_ids}
            onChange={set("excluded_product_ids")}
          />
          <CategoryPicker
            path="category_ids"
            label={t.categoryIds}
            hint={t.idsHint}
            value={draft.category_ids}
            onChange={set("category_ids")}
          />
          <CategoryPicker
            path="excluded_category_ids"
            label={t.excludedCategoryIds}
            hint={t.excludedHint}
            value={draft.excluded_category_ids}
            onChange={set("excluded_category_ids")}
          />
          <TextField
            path="allowed_emails"
            multiline
            label={t.allowedEmails}
            hint={t.allowedEmailsHint}
            value={draft.allowed_emails}
            onChange={set("allowed_emails")}
          />
        </fieldset>

        <fieldset className="admin-card admin-fieldset">
          <legend>{t.limits}</legend>
          {text("usage_limit", t.usageLimit, t.limitHint)}
          {text("usage_limit_per_user", t.usageLimitPerUser, t.limitHint)}
          {text("limit_usage_to_x_items", t.itemsLimit, t.itemsHint)}
        </fieldset>
      </form>

      <DeleteCard
        deleting={deleting}
        shown={Boolean(id)}
        label={t.delete}
        title={t.deleteTitle(saved.code)}
        body={t.deleteBody}
        confirmLabel={t.deleteConfirm}
      />
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
