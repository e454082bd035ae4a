/** How the order page writes money, dates, addresses and the timeline's lines in words: pure, so they are tested alone. */
import type { CountryList } from "../components/address-choices.ts";
import { amountText, formatMoney, toMinor } from "../money.ts";
import { formatInZone } from "../time-zone.ts";
import type { Actor, Address, TimelineEvent } from "./api.ts";
import { ADDRESS_FIELD_LABELS, EMAIL_LABELS, orderMessages, STATUS_LABELS, timelineWords as w } from "./messages.ts";

/**
 * The decimals of the order's amounts: the shop's for its currency when the reply says them
 * (`currency_minor_unit`, its settings'), else the currency's ISO ones (2 for USD, 0 for JPY; 2 for an unknown code).
 */
export function currencyDigits(currency: string, minorUnit?: number): number {
  if (minorUnit !== undefined) return minorUnit;
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Amounts as the owner reads them, every negative one with the same sign: the console's one formatter. */
export { formatMoney };

/** Minor units as an input's text in the shop's separators ("12.50", "12,50"): what the owner edits. */
export function moneyInput(minor: number, currency: string, minorUnit?: number): string {
  return amountText(minor, currencyDigits(currency, minorUnit));
}

/** An amount typed by the owner in the shop's separators ("12.5", "1,234.50", "") in minor units; null when it is not an amount. */
export function parseMoney(text: string, currency: string, minorUnit?: number): number | null {
  return text.trim() === "" ? 0 : (toMinor(text, currencyDigits(currency, minorUnit)) ?? null);
}

/** A moment in the shop's time zone (decision 0086), as the list and the dashboard count its days. */
export function formatDateTime(value: string, locale?: string): string {
  return formatInZone(value, { dateStyle: "medium", timeStyle: "short" }, locale);
}

/** The tracker's session start ("2026-11-29 21:11:18", always UTC) in the owner's date and time, as the order's own dates. */
export function formatVisitStart(value: string, locale?: string): string {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? formatDateTime(`${value.replace(" ", "T")}Z`, locale) : value;
}

export const statusLabel = (status: string | undefined): string =>
  (status && STATUS_LABELS[status as keyof typeof STATUS_LABELS]) || status || "";

export const emailLabel = (email: string | undefined): string => (email && EMAIL_LABELS[email as keyof typeof EMAIL_LABELS]) || email || "";

/**
 * Who did it, in words: "by the shop owner (ann@shop.test)", "by the payment gateway (test_card)",
 * and the API key staff used: "by a shop manager (bo@shop.test) with the API key Warehouse app".
 */
export function actorWords(actor: Actor | null): string {
  if (!actor) return "";
  const base = w.by[actor.type] ?? `by ${actor.type}`;
  const who = actor.email || (actor.type === "gateway" && actor.id ? String(actor.id) : "");
  const key = actor.via?.startsWith("API key ") ? w.withKey(actor.via.slice("API key ".length)) : actor.via ? ` (${actor.via})` : "";
  if (who) return `${base} (${who})${key}`;
  if ((actor.type === "owner" || actor.type === "manager" || actor.type === "customer") && actor.id) return `${base} (#${actor.id})${key}`;
  return `${base}${key}`;
}

const text = (value: unknown): string => (value === true ? "yes" : value === false || value == null ? "" : String(value));

/** What changed between two addresses, field by field, in the address form's order. */
export function addressChanges(
  before: Record<string, unknown> = {},
  after: Record<string, unknown> = {},
  places: CountryList | null = null,
): string[] {
  const keys = [...new Set([...Object.keys(ADDRESS_FIELD_LABELS), ...Object.keys(before), ...Object.keys(after)])];
  // Named at display time, as the address itself prints them, so events kept with codes read the same.
  const [namesBefore, namesAfter] = [placeNames(before, places), placeNames(after, places)];
  const shown = (names: { country?: string; state?: string }, address: Record<string, unknown>, key: string) =>
    (key === "country" || key === "state" ? names[key] : undefined) || text(address[key]);
  return keys
    .filter((key) => text(before[key]) !== text(after[key]))
    .map((key) => w.changed(ADDRESS_FIELD_LABELS[key] ?? key, shown(namesBefore, before, key), shown(namesAfter, after, key)));
}

/** The country's and state's names from the lazily loaded list; none (the codes shown) until it is there or for a code it lacks. */
function placeNames(address: Record<string, unknown>, places: CountryList | null): { country?: string; state?: string } {
  if (!places) return {};
  const country = text(address.country).trim().toUpperCase();
  const state = text(address.state).trim();
  return {
    country: places.allCountries().find((c) => c.code === country)?.name,
    state: places.statesOf(country)?.find((s) => s.code === state)?.name,
  };
}

export interface TimelineLine {
  title: string;
  /** Further lines: the note's text, what went back into stock, what changed. */
  details: string[];
  by: string;
}

/** One timeline event in words. */
export function describeEvent(
  event: TimelineEvent,
  currency: string,
  locale?: string,
  minorUnit?: number,
  places: CountryList | null = null,
): TimelineLine {
  const money = (amount: number | undefined) => formatMoney(amount ?? 0, currency, minorUnit, locale);
  const by = actorWords(event.actor);
  const details: string[] = [];
  switch (event.type) {
    case "placed":
      return { title: w.placed, details, by };
    case "payment_attempt": {
      const title =
        event.status === "success"
          ? w.paymentSucceeded(money(event.amount))
          : event.status === "failure"
            ? w.paymentFailed(money(event.amount))
            : w.paymentOther(money(event.amount), event.status ?? "");
      if (event.message) details.push(event.message);
      return { title, details, by };
    }
    case "paid":
      return { title: w.paid(money(event.amount)), details, by };
    case "status": {
      const title = event.from
        ? w.statusChanged(statusLabel(event.from), statusLabel(event.status))
        : w.statusIs(statusLabel(event.status));
      if (event.stock_returned) details.push(w.stockReturned);
      if (event.coupons_returned?.length) details.push(w.couponsReturned(event.coupons_returned));
      if (event.message) details.push(event.message);
      return { title, details, by };
    }
    case "note":
      return { title: event.to_customer ? w.noteToCustomer : w.notePrivate, details: event.message ? [event.message] : [], by };
    case "email":
      if (event.skipped) return { title: w.emailSkipped(emailLabel(event.email)), details: [w.switchedOff], by };
      return { title: w.emailSent(emailLabel(event.email), event.to ?? ""), details, by };
    case "address":
      return { title: w.addressChanged(event.which ?? "billing"), details: addressChanges(event.before, event.after, places), by };
    case "refund":
      if (event.restocked) details.push(w.restocked);
      if (event.message) details.push(w.reason(event.message));
      return { title: w.refund(money(event.amount), event.method ?? "manual"), details, by };
    default:
      return { title: String((event as { type: string }).type), details, by };
  }
}

/** The timeline in the order the owner chose; the reply keeps it oldest first. */
export function orderedTimeline(timeline: readonly TimelineEvent[], newestFirst: boolean): TimelineEvent[] {
  const sorted = [...timeline].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return newestFirst ? sorted.reverse() : sorted;
}

/** The fields an address form edits; billing has the e-mail too. */
/** An address's standard fields in the console's order; the e-mail is the billing address's alone. */
export const ADDRESS_KEYS = [
  "first_name",
  "last_name",
  "company",
  "address_1",
  "address_2",
  "city",
  // The country before the state: the state's choices are the country's.
  "country",
  "state",
  "postcode",
  "phone",
  "email",
] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];

export function addressFields(which: "billing" | "shipping"): AddressKey[] {
  return ADDRESS_KEYS.filter((key) => which === "billing" || key !== "email");
}

/**
 * The fields of an address form the owner changed since it opened, and only those: the server merges them into the
 * address as it stands, so an edit made meanwhile in another tab (or by the customer) to another field is kept.
 */
export function changedAddressFields(opened: Record<string, string>, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([field, value]) => value !== (opened[field] ?? "")));
}

/**
 * The fields that place an address (the address module's LOCATION_FIELDS), written out: importing them brought the
 * address checks, 1.5 KB gzip, into the order page.
 */
export const LOCATION_FIELDS = ["state", "country", "postcode", "city"];

/**
 * What a saved address edit announces: on an order whose items may still change, a new place also says that its taxes
 * are still the old address's, and how to work them out again (its items saved are priced anew, decision 0092).
 */
export function addressSavedText(title: string, changed: Record<string, string>, repricable: boolean): string {
  const moved = repricable && LOCATION_FIELDS.some((field) => field in changed);
  return moved ? orderMessages.addressSavedReprice(title) : orderMessages.addressSaved(title);
}

/**
 * What a refused address edit says above its form: the fields the server named, by their labels in the form's
 * order, rather than the API's "Invalid parameter(s): last_name, …". Null when no field was named.
 */
export function addressFailureText(which: "billing" | "shipping", fields: Record<string, string>): string | null {
  const named = addressFields(which).filter((field) => fields[field]);
  return named.length ? orderMessages.addressNotSaved(named.map((field) => ADDRESS_FIELD_LABELS[field] ?? field)) : null;
}

/** The shop's own address fields (those beyond the standard ones), as label and value. */
export function extraAddressFields(address: Address): { key: string; value: string }[] {
  return Object.entries(address)
    .filter(([key]) => !(key in ADDRESS_FIELD_LABELS))
    .map(([key, value]) => ({ key, value: value === true ? "Yes" : value === false ? "No" : String(value) }))
    .filter(({ value }) => value !== "");
}

/** A stored key as a label ("card_last4" → "Card last4"); keys that already read as words stay. */
export function keyLabel(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}
