/**
 * The checkout form (spec §2 "Checkout screen", §4 "Address form visibility", "Place-order
 * button"): numbered steps for contact, addresses, shipping options and payment, order notes, and
 * the place-order button; the order summary beside it. The form holds what the shopper types;
 * what the page does with it (placing the order, sending addresses, rates and the draft order)
 * is the controller's (`checkout-controller.ts`), which reads the form through `readForm`.
 */
import type { Currency, StoreAddress, StoreCart } from "@cartwright/commerce";
import { ADDRESS_FIELD_KEYS, formatAmount } from "@cartwright/commerce";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useStore } from "zustand";
import type {
  CheckoutCountry,
  CheckoutCountryCodes,
  CheckoutDraft,
  CheckoutFieldDefinition,
  CheckoutPaymentMethod,
  SavedPaymentMethodView,
} from "../../context.ts";
import { useCart, useCartStore } from "../../stores/cart-context.tsx";
import { CONTEXTS } from "../../stores/notices.ts";
import { type CheckoutAttribution, OrderAttributionInputs, orderAttributionExtensions } from "../attribution/OrderAttributionInputs.tsx";
import { NoticeList } from "../cart/NoticeList.tsx";
import { hasPickupLocationMismatch } from "../cart/shipping-warnings.ts";
import type { TotalsSettings } from "../cart/TotalsBlock.tsx";
import { AdditionalField } from "./AdditionalField.tsx";
import { AddressCard, needsEditing } from "./AddressCard.tsx";
import { AddressForm, type AddressValues } from "./AddressForm.tsx";
import { BlockErrorBoundary } from "./blocks/BlockErrorBoundary.tsx";
import { CheckoutBlockArea } from "./blocks/CheckoutBlockArea.tsx";
import { type ExtensionData, extensionValidation, mergeExtensionData } from "./blocks/extension-data.ts";
import type { SetExtensionData } from "./blocks/registry.ts";
import { INNER_BLOCK_AREAS, type InnerBlockArea } from "./blocks/registry.ts";
import { ContactInformation } from "./ContactInformation.tsx";
import { type CheckoutFormSnapshot, createCheckoutController } from "./checkout-controller.ts";
import { isCalculating, isWaitingForProcessing, isWaitingForRedirect } from "./checkout-status.ts";
import { countryOptions } from "./countries.ts";
import { drawField, type FieldStates, shownValues, useFieldRuleStates } from "./field-rule-states.ts";
import { applyCheckoutFilter, useCheckoutFilters } from "./filters.ts";
import { checkoutMessages as t } from "./messages.ts";
import { OrderSummary } from "./OrderSummary.tsx";
import { PasswordField } from "./PasswordField.tsx";
import { useOfferedPaymentMethods } from "./payment/availability.ts";
import { ExpressButtons, takeExpressHandoff } from "./payment/ExpressButtons.tsx";
import { type ActivePayment, PaymentSection } from "./payment/PaymentSection.tsx";
import { getPaymentMethod } from "./payment/registry.ts";
import { ShippingOptions } from "./ShippingOptions.tsx";
import type { PaymentDataEntry } from "./submit.ts";
import type { ValidationStore } from "./validation.ts";

/** The fields compared to decide whether billing and shipping are the same address (spec §3). */
const SAME_ADDRESS_FIELDS = ADDRESS_FIELD_KEYS.filter((key) => key !== "email" && key !== "phone");

const CHECKOUT_AND_CART = [CONTEXTS.checkout, CONTEXTS.cart] as const;
export interface CheckoutFormProps {
  cart: StoreCart;
  expressMethods: CheckoutPaymentMethod[];
  currency: Currency;
  customer: { id: number; email: string; billing: Partial<StoreAddress>; shipping: Partial<StoreAddress> } | null;
  /** The notes and method kept on the cart's draft order from an earlier visit (a reload keeps them). */
  draft?: CheckoutDraft | null;
  countries: CheckoutCountryCodes;
  /** The shop's additional contact and order fields. */
  additionalFields?: CheckoutFieldDefinition[];
  paymentMethods: CheckoutPaymentMethod[];
  savedMethods: SavedPaymentMethodView[];
  /** `locale`: the shop's ("en" when absent), for the case of labels inside field messages. */
  settings: {
    allowsGuest: boolean;
    canCreateAccount: boolean;
    totals: TotalsSettings;
    locale?: string;
    /** The shop owner (spec §6): detailed errors, and the express-payments notice area always. */
    currentUserIsAdmin?: boolean;
  };
  paths: { cart: string; account: string; terms: string; privacy: string };
  /** Order attribution's settings (decision 0014); null or absent when it is off. */
  attribution?: CheckoutAttribution;
  /** Editor preview (owner only): sample data, and nothing is sent to the Store API. */
  preview?: boolean;
}

const filled = (address: Partial<StoreAddress>) => Boolean(address.address_1 || address.country);

function Step({
  n,
  id,
  title,
  description,
  children,
}: {
  n: number;
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="checkout-step" id={id} aria-describedby={description ? `${id}-description` : undefined}>
      <legend className="checkout-step__title">
        <span className="checkout-step__number" aria-hidden="true">
          {n}
        </span>
        {title}
      </legend>
      {description && (
        <p id={`${id}-description`} className="checkout-step__description">
          {description}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/**
 * A saved address shows as a summary until the shopper edits it; then the form (spec §3). The
 * shop's additional address fields follow it in either state.
 */
function EditableAddress({
  kind,
  editing,
  address,
  countries,
  validation,
  onChange,
  onBlur,
  onEdit,
  locale,
  fields,
  extra,
  onExtraChange,
  states,
}: {
  kind: "billing" | "shipping";
  editing: boolean;
  address: AddressValues;
  countries: CheckoutCountry[];
  validation: ValidationStore;
  onChange(next: AddressValues): void;
  onBlur(): void;
  onEdit(): void;
  locale: string;
  fields: CheckoutFieldDefinition[];
  extra: Record<string, string | boolean>;
  onExtraChange(id: string, value: string | boolean): void;
  /** The additional fields' states from their rules. */
  states: FieldStates | null;
}) {
  return (
    <>
      {editing ? (
        <AddressForm
          kind={kind}
          address={address}
          countries={countries}
          validation={validation}
          onChange={onChange}
          onBlurField={onBlur}
          locale={locale}
        />
      ) : (
        <AddressCard kind={kind} address={address} countries={countries} onEdit={onEdit} />
      )}
      {fields
        .filter((field) => drawField(field, states?.[`${kind}_${field.id}`]))
        .map((field) => (
          <AdditionalField
            key={field.id}
            kind={kind}
            field={field}
            value={extra[field.id]}
            validation={validation}
            locale={locale}
            state={states?.[`${kind}_${field.id}`]}
            onChange={(value) => onExtraChange(field.id, value)}
          />
        ))}
    </>
  );
}

export function CheckoutForm({
  cart: serverCart,
  currency,
  customer,
  draft = null,
  countries,
  paymentMethods,
  expressMethods,
  savedMethods,
  settings,
  paths,
  preview = false,
  additionalFields = [],
  attribution = null,
}: CheckoutFormProps) {
  const cartStore = useCartStore();
  const live = useCart((s) => s.cart);
  const cart = preview ? serverCart : (live ?? serverCart);
  // A filter registered once the page is live relabels what is already drawn.
  useCheckoutFilters();
  // Signing in comes back here, the guest's cart merged into the account's, rather than stopping on the dashboard.
  const { pathname } = useLocation();
  const signInHere = `${paths.account}?redirect=${encodeURIComponent(pathname)}`;
  const countryLists = useMemo(
    () => ({ billing: countryOptions(countries.billing), shipping: countryOptions(countries.shipping) }),
    [countries],
  );

  // The cart the server rendered seeds the store once the page is live.
  useEffect(() => {
    if (!preview && !cartStore.store.getState().cart) cartStore.store.setState({ cart: serverCart });
  }, [cartStore, serverCart, preview]);

  // Addresses start from the cart, else from the account.
  const [billing, setBilling] = useState<AddressValues & { email?: string }>(() => {
    const fromCart = serverCart.billing_address;
    return filled(fromCart) || fromCart.email
      ? { ...fromCart }
      : { ...(customer?.billing ?? {}), email: fromCart.email || customer?.email || "" };
  });
  const [shipping, setShipping] = useState<AddressValues>(() => {
    const start: AddressValues = filled(serverCart.shipping_address)
      ? { ...serverCart.shipping_address }
      : { ...(customer?.shipping ?? {}) };
    // No country known yet: the form starts where the shipping and taxes shown were worked out (decision 0007), so they agree.
    const pricedAt = serverCart.shipping_rates[0]?.destination;
    const shipsThere = pricedAt?.country && (countries.shipping?.includes(pricedAt.country) ?? true);
    return start.country || !shipsThere ? start : { ...start, country: pricedAt.country, state: pricedAt.state };
  });
  const [useShippingAsBilling, setUseShippingAsBilling] = useState(
    () => SAME_ADDRESS_FIELDS.every((key) => (billing[key] ?? "") === (shipping[key] ?? "")) || !filled(billing),
  );
  // Saved addresses show as a summary until the shopper edits them (spec §3).
  const [editingShipping, setEditingShipping] = useState(() => needsEditing(shipping));
  const [editingBilling, setEditingBilling] = useState(() => needsEditing(billing));
  // The form as it stands, for the controller to read when it places the order or sends an address.
  const readForm = useRef<() => CheckoutFormSnapshot>(null);
  const [controller] = useState(() =>
    createCheckoutController({
      cart: cartStore,
      readForm: () => (readForm.current as () => CheckoutFormSnapshot)(),
      savedAddresses: { billing: serverCart.billing_address, shipping: serverCart.shipping_address },
      signedIn: Boolean(customer),
      openAddressForm: (kind) => (kind === "shipping" ? setEditingShipping(true) : setEditingBilling(true)),
      preview,
    }),
  );
  useEffect(() => () => controller.leave(), [controller]);
  const { validation } = controller;
  const checkout = useStore(controller.status.store);
  const paymentState = useStore(controller.payment.store);
  const choosingRate = useStore(controller.store, (s) => s.choosingRate);
  const [extra, setExtra] = useState<Record<string, string | boolean>>({});
  const setExtraValue = (id: string, value: string | boolean) => setExtra((current) => ({ ...current, [id]: value }));
  const contactFields = additionalFields.filter((f) => f.location === "contact");
  const orderFields = additionalFields.filter((f) => f.location === "order");
  const addressFields = additionalFields.filter((f) => f.location === "address");
  // Additional address fields hold a value per address (spec §3 additionalAddressFields).
  const [addressExtra, setAddressExtra] = useState<Record<"billing" | "shipping", Record<string, string | boolean>>>({
    billing: {},
    shipping: {},
  });
  const setAddressExtraValue = (kind: "billing" | "shipping") => (id: string, value: string | boolean) =>
    setAddressExtra((current) => ({ ...current, [kind]: { ...current[kind], [id]: value } }));
  const locale = settings.locale ?? "en";
  const isAdmin = settings.currentUserIsAdmin ?? false;
  // The inner block area at this place in the layout (spec §5 registerCheckoutBlock).
  // What extension blocks send with the order, and their own validation errors (spec §3 extensionData).
  const [extensionData, setExtensionDataState] = useState<ExtensionData>({});
  const blockProps = useMemo(() => {
    const setExtensionData: SetExtensionData = (namespace: string, keyOrData: string | Record<string, unknown>, valueOrReplace?: unknown) =>
      setExtensionDataState((current) =>
        typeof keyOrData === "string"
          ? mergeExtensionData(current, namespace, { [keyOrData]: valueOrReplace })
          : mergeExtensionData(current, namespace, keyOrData, valueOrReplace === true),
      );
    return { checkoutExtensionData: { extensionData, setExtensionData }, validation: extensionValidation(validation) };
  }, [extensionData, validation]);
  const blockArea = (area: InnerBlockArea) => <CheckoutBlockArea area={area} cart={cart} isAdmin={isAdmin} {...blockProps} />;
  // Order notes start from the draft's (spec §3 "orderNotes").
  const [notesOpen, setNotesOpen] = useState(() => Boolean(draft?.customerNote));
  const [orderNotes, setOrderNotes] = useState(draft?.customerNote ?? "");
  const [createAccount, setCreateAccount] = useState(false);
  const [password, setPassword] = useState("");

  const defaultSaved = savedMethods.find((m) => m.is_default) ?? savedMethods[0];
  // The method chosen on an earlier visit comes back, unless it is a saved card's gateway (the card is chosen below).
  const restored = paymentMethods.find((m) => m.id === draft?.paymentMethod && !savedMethods.some((s) => s.method.gateway === m.id));
  const [active, setActive] = useState<ActivePayment>(() =>
    restored
      ? { kind: "method", id: restored.id }
      : defaultSaved
        ? { kind: "saved", tokenId: defaultSaved.tokenId }
        : paymentMethods[0]
          ? { kind: "method", id: paymentMethods[0].id }
          : null,
  );
  const [paymentData, setPaymentData] = useState<PaymentDataEntry[]>([]);
  const [savePayment, setSavePayment] = useState(false);

  const chosenMethod =
    active?.kind === "method" ? active.id : (savedMethods.find((m) => m.tokenId === active?.tokenId)?.method.gateway ?? "");

  const selectedRates = cart.shipping_rates.flatMap((p) => p.shipping_rates.filter((r) => r.selected));
  const collecting = selectedRates.some((r) => r.method_id === "pickup_location");
  // Ship or pick up (spec §3 prefersCollection): undefined follows the rate the server holds.
  const allRates = cart.shipping_rates.flatMap((p) => p.shipping_rates);
  const pickupRates = allRates.filter((r) => r.method_id === "pickup_location");
  const otherRates = allRates.filter((r) => r.method_id !== "pickup_location");
  const [prefersCollection, setPrefersCollection] = useState<boolean | undefined>(undefined);
  const collectionChosen = prefersCollection ?? collecting;
  const needsShipping = cart.needs_shipping;
  // Spec §4 "Address form visibility".
  const showShippingFields = needsShipping && !collecting;
  const showBillingFields = !needsShipping || !useShippingAsBilling || collecting;
  // Additional fields' rules see the form as it stands (spec §3); null when the shop has none.
  const billingFromShipping = showShippingFields && useShippingAsBilling;
  const ruleStates = useFieldRuleStates(
    additionalFields,
    {
      cart,
      prefersCollection: collectionChosen,
      checkout: {
        payment_method: chosenMethod,
        create_account: createAccount,
        customer_note: notesOpen ? orderNotes : "",
        additional_fields: extra,
      },
      // As submit.ts sends them: with 'use shipping as billing', billing is the shipping address.
      customer: {
        id: customer?.id ?? 0,
        billing_address: billingFromShipping ? { ...shipping, email: billing.email } : billing,
        shipping_address: shipping,
      },
      addressExtra: { billing: billingFromShipping ? addressExtra.shipping : addressExtra.billing, shipping: addressExtra.shipping },
    },
    isAdmin,
  );
  const shownContactFields = contactFields.filter((f) => drawField(f, ruleStates?.[`contact_${f.id}`]));
  const shownOrderFields = orderFields.filter((f) => drawField(f, ruleStates?.[`order_${f.id}`]));

  // Draft-order sync (spec §7): notes, the chosen method and the fields shown, once they settle.
  // As text, so a new but equal object is the same draft.
  const draftFields = JSON.stringify(shownValues(extra, ruleStates, ["contact", "order"]));
  useEffect(() => {
    controller.draftChanged({
      order_notes: notesOpen ? orderNotes : "",
      payment_method: chosenMethod,
      additional_fields: JSON.parse(draftFields),
    });
  }, [controller, notesOpen, orderNotes, chosenMethod, draftFields]);

  const needsPayment = Number(cart.totals.total_price) > 0;

  // Collecting makes billing the only address: it starts from what was typed for shipping.
  const shippingTyped = useRef(shipping);
  shippingTyped.current = shipping;
  useEffect(() => {
    if (collecting) setBilling((b) => (b.country ? b : { ...shippingTyped.current, email: b.email }));
  }, [collecting]);

  readForm.current = () => ({
    order: {
      billing,
      shipping,
      needsShipping,
      useShippingAsBilling,
      collecting,
      orderNotes: notesOpen ? orderNotes : "",
      createAccount,
      password,
      additionalFields: shownValues(extra, ruleStates, ["contact", "order"]),
      addressFields: {
        billing: shownValues(addressExtra.billing, ruleStates, ["billing"]),
        shipping: shownValues(addressExtra.shipping, ruleStates, ["shipping"]),
      },
      extensions: { ...extensionData, ...orderAttributionExtensions(attribution) },
    },
    showShippingFields,
    showBillingFields,
    rateMissing: needsShipping && cart.shipping_rates.some((p) => p.shipping_rates.length > 0) && selectedRates.length === 0,
    payment: {
      needed: needsPayment,
      active,
      savedGateway: active?.kind === "saved" ? chosenMethod : "",
      data: paymentData,
      save: savePayment,
    },
  });

  const busy = isWaitingForProcessing(checkout) || isWaitingForRedirect(checkout);
  const calculating = isCalculating(checkout);
  const pending = useCart((s) => s.updatingCustomerData || s.updatingSelectedRate);
  // Spec §4 "Place-order button": also disabled while an express payment runs.
  const disabled = preview || busy || calculating || pending || paymentState.status === "express_started";
  const total = formatAmount(Number(cart.totals.total_price), currency);
  const showSaveOption = Boolean(customer) || createAccount || !settings.allowsGuest;
  // The active method may name the button (spec §2); otherwise it shows the total.
  const placeOrderLabel = applyCheckoutFilter({
    filterName: "placeOrderButtonLabel",
    defaultValue: getPaymentMethod(chosenMethod)?.placeOrderButtonLabel || t.placeOrderWithTotal(total),
    extensions: cart.extensions,
    isAdmin,
  });
  // Express methods the server accepts and the page has registered (spec §2 express area).
  const expressIds = useMemo(() => expressMethods.map((m) => m.id), [expressMethods]);
  const offered = useOfferedPaymentMethods(cart, paymentMethods, expressIds, isAdmin);
  const express = offered.expressMethods;
  // The cart page's express button sent the shopper here (cart/ExpressPayments.tsx): start that method once it is offered.
  const expressHandoff = useRef<ReturnType<typeof takeExpressHandoff> | undefined>(undefined);
  useEffect(() => {
    if (preview) return;
    if (expressHandoff.current === undefined)
      expressHandoff.current = takeExpressHandoff(window.location, window.history, window.sessionStorage);
    const asked = expressHandoff.current;
    if (!asked || !express.some((method) => method.paymentMethodId === asked.methodId)) return;
    expressHandoff.current = null;
    void controller.placeOrder(asked.methodId, asked.wallet);
  }, [express, controller, preview]);
  // Spec §4 "Active method fallback": a method that cannot pay gives way to the default saved one, else the first that can.
  const activeUnavailable = active?.kind === "method" && !offered.paymentMethods.some((m) => m.id === active.id);
  const fallbackMethod = offered.paymentMethods[0]?.id;
  useEffect(() => {
    if (!activeUnavailable) return;
    if (defaultSaved) setActive({ kind: "saved", tokenId: defaultSaved.tokenId });
    else if (fallbackMethod) setActive({ kind: "method", id: fallbackMethod });
  }, [activeUnavailable, defaultSaved, fallbackMethod]);
  let step = 0;

  return (
    <section className="checkout-page">
      <h1 className="checkout-page__title">{t.title}</h1>
      {/* The checkout's and the cart's notices in one area: a stock error both report shows once. */}
      <NoticeList context={CHECKOUT_AND_CART} />
      <div className="checkout-page__layout">
        <form
          className="checkout-form"
          noValidate
          aria-busy={busy || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            void controller.placeOrder();
          }}
          // Enter is the order's press even while the button is disabled for a calculation, when the browser drops it.
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.defaultPrevented || event.nativeEvent.isComposing) return;
            if (event.target instanceof HTMLElement && controller.enterPressed(event.target)) event.preventDefault();
          }}
        >
          <OrderAttributionInputs attribution={attribution} />
          {needsPayment && express.length > 0 && (
            <section className="checkout-express" aria-labelledby="checkout-express-title">
              <h2 id="checkout-express-title" className="checkout-express__title">
                {t.expressTitle}
              </h2>
              <NoticeList context={CONTEXTS.expressPayments} />
              <ExpressButtons
                methods={express}
                onStart={(id, wallet) => void controller.placeOrder(id, wallet)}
                disabled={disabled}
                isAdmin={isAdmin}
              />
              {/* The same divider as the cart page's express area. */}
              <p className="express-payment__or">
                <span>{t.expressDivider}</span>
              </p>
            </section>
          )}
          {/* Spec §6: the administrator sees the express-payments notices even with no express method. */}
          {isAdmin && !(needsPayment && express.length > 0) && <NoticeList context={CONTEXTS.expressPayments} />}
          <Step n={++step} id="contact-fields" title={t.contactTitle} description={t.contactDescription}>
            {!customer && (
              <p className="checkout-step__aside">
                {t.signInPrompt} <Link to={signInHere}>{t.signIn}</Link>
              </p>
            )}
            <NoticeList context={CONTEXTS.contactInformation} />
            <ContactInformation
              locale={locale}
              email={billing.email ?? ""}
              validation={validation}
              onChange={(email) => {
                setBilling((b) => ({ ...b, email }));
                controller.addressEdited("billing");
              }}
              onBlur={() => controller.sendAddress("billing")}
            />
            {shownContactFields.map((field) => (
              <AdditionalField
                key={field.id}
                field={field}
                value={extra[field.id]}
                validation={validation}
                locale={locale}
                state={ruleStates?.[`contact_${field.id}`]}
                onChange={(v) => setExtraValue(field.id, v)}
              />
            ))}
            {!customer && settings.canCreateAccount && (
              <div className="checkout-account">
                <label className="checkbox-control">
                  <input type="checkbox" checked={createAccount} onChange={(e) => setCreateAccount(e.currentTarget.checked)} />
                  {t.createAccount}
                </label>
                {createAccount && <PasswordField value={password} onChange={setPassword} />}
              </div>
            )}
            {blockArea(INNER_BLOCK_AREAS.CONTACT_INFORMATION)}
          </Step>

          {showShippingFields && (
            <Step n={++step} id="shipping-fields" title={t.shippingAddressTitle} description={t.shippingAddressDescription}>
              <NoticeList context={CONTEXTS.shippingAddress} />
              <EditableAddress
                kind="shipping"
                editing={editingShipping}
                address={shipping}
                countries={countryLists.shipping}
                validation={validation}
                onChange={(next) => {
                  setShipping(next);
                  controller.addressEdited("shipping");
                }}
                onBlur={() => controller.sendAddress("shipping")}
                onEdit={() => setEditingShipping(true)}
                locale={locale}
                fields={addressFields}
                extra={addressExtra.shipping}
                onExtraChange={setAddressExtraValue("shipping")}
                states={ruleStates}
              />
              <label className="checkbox-control">
                <input
                  type="checkbox"
                  checked={useShippingAsBilling}
                  onChange={(e) => {
                    const same = e.currentTarget.checked;
                    setUseShippingAsBilling(same);
                    if (!same) setBilling((b) => ({ ...shipping, ...b, email: b.email }));
                  }}
                />
                {t.useShippingAsBilling}
              </label>
              {blockArea(INNER_BLOCK_AREAS.SHIPPING_ADDRESS)}
            </Step>
          )}

          {showBillingFields && (
            <Step n={++step} id="billing-fields" title={t.billingAddressTitle} description={t.billingAddressDescription}>
              <NoticeList context={CONTEXTS.billingAddress} />
              <EditableAddress
                kind="billing"
                editing={editingBilling}
                address={billing}
                countries={countryLists.billing}
                validation={validation}
                onChange={(next) => {
                  setBilling((b) => ({ ...next, email: b.email }));
                  controller.addressEdited("billing");
                }}
                onBlur={() => controller.sendAddress("billing")}
                onEdit={() => setEditingBilling(true)}
                locale={locale}
                fields={addressFields}
                extra={addressExtra.billing}
                onExtraChange={setAddressExtraValue("billing")}
                states={ruleStates}
              />
              {blockArea(INNER_BLOCK_AREAS.BILLING_ADDRESS)}
            </Step>
          )}

          {needsShipping && pickupRates.length > 0 && (
            <fieldset className="checkout-delivery" disabled={busy}>
              <legend className="checkout-delivery__legend">{t.deliveryMethod}</legend>
              {[
                { value: false, label: t.ship, rates: otherRates },
                { value: true, label: t.pickUp, rates: pickupRates },
              ].map((option) => (
                <label
                  key={option.label}
                  className={`radio-option checkout-delivery__option${collectionChosen === option.value ? " radio-option--checked" : ""}`}
                >
                  <input
                    type="radio"
                    name="delivery-method"
                    checked={collectionChosen === option.value}
                    onChange={() => {
                      setPrefersCollection(option.value);
                      const first = option.rates[0];
                      if (first) controller.selectRate(0, first.rate_id);
                    }}
                  />
                  <span className="radio-option__label">{option.label}</span>
                </label>
              ))}
            </fieldset>
          )}

          {needsShipping && (
            <Step
              n={++step}
              id="shipping-option"
              title={collectionChosen ? t.pickupTitle : t.shippingOptionsTitle}
              description={collectionChosen ? t.pickupDescription : t.shippingOptionsDescription}
            >
              <NoticeList context={CONTEXTS.shippingMethods} />
              {hasPickupLocationMismatch(cart.shipping_rates) && (
                <p className="notice notice--warning" role="alert">
                  {t.pickupLocationMismatch}
                </p>
              )}
              <ShippingOptions
                show={pickupRates.length ? (collectionChosen ? "pickup" : "ship") : "all"}
                cart={cart}
                currency={currency}
                withTax={settings.totals.withTax}
                disabled={busy}
                choosing={choosingRate}
                onSelect={controller.selectRate}
              />
              {blockArea(INNER_BLOCK_AREAS.SHIPPING_METHODS)}
            </Step>
          )}

          {shownOrderFields.length > 0 && (
            <Step n={++step} id="order-fields" title={t.additionalOrderTitle}>
              <NoticeList context={CONTEXTS.orderInformation} />
              {shownOrderFields.map((field) => (
                <AdditionalField
                  key={field.id}
                  field={field}
                  value={extra[field.id]}
                  validation={validation}
                  locale={locale}
                  state={ruleStates?.[`order_${field.id}`]}
                  onChange={(v) => setExtraValue(field.id, v)}
                />
              ))}
            </Step>
          )}

          {needsPayment && (
            <Step n={++step} id="payment-method" title={t.paymentTitle} description={t.paymentDescription}>
              <NoticeList context={CONTEXTS.payments} />
              {offered.paymentMethods.length === 0 && savedMethods.length === 0 && express.length > 0 ? (
                <p className="notice notice--info">{t.onlyExpress}</p>
              ) : (
                <PaymentSection
                  methods={offered.paymentMethods}
                  savedMethods={savedMethods}
                  active={active}
                  onSelect={(next) => {
                    controller.paymentMethodChosen();
                    setActive(next);
                    setPaymentData([]);
                  }}
                  onPaymentData={setPaymentData}
                  showSaveOption={showSaveOption}
                  saveChecked={savePayment}
                  onSaveChange={setSavePayment}
                  disabled={busy}
                  legendHidden
                  isAdmin={isAdmin}
                />
              )}
              {blockArea(INNER_BLOCK_AREAS.PAYMENT_METHODS)}
            </Step>
          )}

          <div className="checkout-notes">
            <label className="checkbox-control">
              <input type="checkbox" checked={notesOpen} onChange={(e) => setNotesOpen(e.currentTarget.checked)} />
              {t.addNote}
            </label>
            {notesOpen && (
              <div className="form-field">
                <label htmlFor="order-notes" className="visually-hidden">
                  {t.noteLabel}
                </label>
                <textarea
                  id="order-notes"
                  rows={2}
                  placeholder={t.noteLabel}
                  value={orderNotes}
                  onChange={(e) => setOrderNotes(e.currentTarget.value)}
                />
              </div>
            )}
            {blockArea(INNER_BLOCK_AREAS.ORDER_NOTES)}
          </div>

          <div className="checkout-actions">
            <NoticeList context={CONTEXTS.checkoutActions} />
            {blockArea(INNER_BLOCK_AREAS.CHECKOUT_ACTIONS)}
            <Link to={paths.cart} className="checkout-actions__return">
              {t.returnToCart}
            </Link>
            <button
              type="submit"
              className="button button--primary checkout-actions__place"
              disabled={disabled}
              // No focus on a mouse press, as Safari's buttons: the field left would send its address and disable this
              // button under the pointer, losing the click; the press prices the address itself (decision 0175).
              onMouseDown={(event) => event.preventDefault()}
            >
              {checkout.status === "processing" ? <span className="spinner" aria-hidden="true" /> : null}
              {isWaitingForRedirect(checkout) ? (
                <span className="checkout-actions__check" aria-hidden="true">
                  ✓
                </span>
              ) : null}
              {checkout.status === "processing" ? t.placingOrder : placeOrderLabel}
            </button>
          </div>
        </form>
        <BlockErrorBoundary blockName={t.orderSummary} isAdmin={isAdmin}>
          <OrderSummary cart={cart} currency={currency} totals={settings.totals} prefersCollection={collectionChosen} isAdmin={isAdmin}>
            {blockArea(INNER_BLOCK_AREAS.CHECKOUT_TOTALS)}
          </OrderSummary>
        </BlockErrorBoundary>
      </div>
    </section>
  );
}
