/**
 * A submission checked against its definition (spec §5.4, §7): every rule the browser runs, run
 * again by the server on what was sent. Hidden fields are skipped and their values dropped.
 * Errors are keyed by field id, a message or messages by sub-input, as `data.errors.field`.
 */
import cardValidator from "card-validator";
import { type Currency, DEFAULT_CURRENCY } from "../money.ts";
import { visibleFields, visibleValues } from "./logic.ts";
import { amountNeedsRounding, formatInputAmount, parseAmount, paymentTotal } from "./payment.ts";
import {
  addDays,
  characterCount,
  FORM_MESSAGES,
  fill,
  formatTime,
  isCalendarDate,
  isMaskComplete,
  isOnStep,
  isRestrictedDomain,
  isValidEmail,
  isValidPhoneNumber,
  isValidWebAddress,
  isWithinTimeLimit,
  megabytes,
  parseNumber,
  parseTime12h,
  parseTime24h,
  passwordClassLevel,
  TEXT_LIMITS,
  withScheme,
} from "./rules.ts";
import type { FormDefinition, FormField, FormInput, FormValues, SubmittedFile } from "./types.ts";
import { DISPLAY_ONLY_TYPES } from "./types.ts";
import { fileExtension } from "./uploads.ts";
import { checkAddress, group, lengthError, list, type Outcome, text } from "./validate-parts.ts";

export type FieldErrors = Record<string, string | Record<string, string>>;

/** What an entry keeps for a password that was given (the password itself is never stored). */
export const PASSWORD_SET = "(set)";

export interface ValidateOptions {
  now: Date;
  /** The shop's currency, for visitor-entered amounts (USD by default, spec §3.5). */
  currency?: Currency;
  /** The shop's today (YYYY-MM-DD) for date rules; `now`'s UTC day when absent. */
  today?: string;
  /** False when the address is refused by the restricted-email check (spec §7 `forms_restricted_email`). */
  restrictedEmail?(fieldId: number, email: string): boolean;
  /** The combined upload limit (post_max_size) in bytes. */
  maxTotalUploadBytes?: number;
}

/** The card as sent, for the gateway only: never stored (the values keep its brand and last 4 digits). */
export interface CardInput {
  fieldId: number;
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface ValidationResult {
  ok: boolean;
  /** `data.errors.field`. */
  fieldErrors: FieldErrors;
  /** `data.errors.general` (the total upload size goes in `footer`). */
  generalErrors: { footer?: string };
  /**
   * Visible fields' values to keep, trimmed and normalised (url with its scheme, state code, amounts
   * as text); a card keeps its brand and last 4 digits, a password only `PASSWORD_SET`.
   */
  values: FormValues;
  /** Files of visible file fields. */
  files: SubmittedFile[];
  totalMinor: number;
  card?: CardInput;
}

interface Context {
  options: ValidateOptions;
  files: SubmittedFile[];
  totalMinor: number;
  card?: CardInput;
}

function checkEmail(field: FormField & { type: "email" }, input: FormInput | undefined, ctx: Context): Outcome {
  const parts = field.confirmation ? group(input) : { primary: text(input) };
  const primary = parts.primary ?? "";
  const secondary = parts.secondary ?? "";
  if (primary === "")
    return field.required ? { error: field.confirmation ? { primary: FORM_MESSAGES.required } : FORM_MESSAGES.required } : {};
  const wrap = (message: string, sub = "primary") => (field.confirmation ? { [sub]: message } : message);
  if (!isValidEmail(primary)) return { error: wrap(FORM_MESSAGES.email) };
  if (isRestrictedDomain(primary, field.restrictedDomains) || ctx.options.restrictedEmail?.(field.id, primary) === false) {
    return { error: wrap(FORM_MESSAGES.emailRestricted) };
  }
  if (field.confirmation && secondary !== primary)
    return { error: wrap(secondary === "" ? FORM_MESSAGES.required : FORM_MESSAGES.mismatch, "secondary") };
  return { value: primary };
}

function checkChoices(
  field: FormField & { choices: { id: number }[] },
  input: FormInput | undefined,
  multiple: boolean,
  limit: number,
): Outcome {
  const chosen = multiple ? [...new Set(list(input))] : list(input).slice(0, 1);
  if (chosen.length === 0) return field.required ? { error: FORM_MESSAGES.required } : {};
  if (!chosen.every((id) => field.choices.some((choice) => String(choice.id) === id))) return { error: FORM_MESSAGES.choice };
  if (limit > 0 && chosen.length > limit) return { error: fill(FORM_MESSAGES.checkLimit, { "#": limit }) };
  return { value: multiple ? chosen : (chosen[0] as string) };
}

function checkFiles(field: FormField & { extensions: string[]; maxFileBytes: number }, maxFiles: number, ctx: Context): Outcome {
  const chosen = ctx.files.filter((file) => file.fieldId === field.id);
  if (chosen.length === 0) return field.required ? { error: FORM_MESSAGES.required } : {};
  if (chosen.length > maxFiles) return { error: fill(FORM_MESSAGES.fileCount, { 0: maxFiles }) };
  if (!chosen.every((file) => field.extensions.includes(fileExtension(file.name)))) return { error: FORM_MESSAGES.fileExtension };
  if (chosen.some((file) => file.size > field.maxFileBytes))
    return { error: fill(FORM_MESSAGES.fileSize, { 0: megabytes(field.maxFileBytes) }) };
  return {};
}

function checkCard(field: FormField, input: FormInput | undefined, ctx: Context): Outcome {
  const parts = group(input);
  const needed = field.required && ctx.totalMinor > 0;
  if (!needed && !parts.number) return {};
  const errors: Record<string, string> = {};
  const number = (parts.number ?? "").replace(/[\s-]/g, "");
  const card = cardValidator.number(number);
  if (number === "") errors.number = FORM_MESSAGES.required;
  else if (!card.isValid) errors.number = FORM_MESSAGES.creditCard;
  if (!cardValidator.expirationDate(parts.expiry ?? "", ctx.options.now.getUTCFullYear()).isValid) errors.expiry = FORM_MESSAGES.cardExpiry;
  if (!cardValidator.cvv(parts.cvc ?? "", card.card?.code.size ?? [3, 4]).isValid) errors.cvc = FORM_MESSAGES.cardCvc;
  if (Object.keys(errors).length > 0) return { error: errors };
  ctx.card = { fieldId: field.id, number, expiry: parts.expiry ?? "", cvc: parts.cvc ?? "", name: parts.name ?? "" };
  return { value: { brand: card.card?.type ?? "", last4: number.slice(-4), name: parts.name ?? "" } };
}

function checkField(field: FormField, input: FormInput | undefined, ctx: Context): Outcome {
  const value = text(input);
  const emptyOk = (): Outcome => (field.required ? { error: FORM_MESSAGES.required } : {});
  switch (field.type) {
    case "name": {
      if (field.format === "simple") return value === "" ? emptyOk() : { error: lengthError(value, undefined, TEXT_LIMITS.line), value };
      const parts = group(input);
      const first = parts.first ?? "";
      const last = parts.last ?? "";
      if (field.required && (first === "" || last === "")) {
        const errors: Record<string, string> = {};
        if (first === "") errors.first = FORM_MESSAGES.required;
        if (last === "") errors.last = FORM_MESSAGES.required;
        return { error: errors };
      }
      const tooLong = lengthError(first, undefined, TEXT_LIMITS.line) ?? lengthError(last, undefined, TEXT_LIMITS.line);
      return tooLong ? { error: tooLong } : first || last ? { value: { first, last } } : {};
    }
    case "email":
      return checkEmail(field, input, ctx);
    case "text":
    case "textarea": {
      const raw = field.type === "textarea" && typeof input === "string" ? input.replace(/\r\n?/g, "\n").trim() : value;
      if (raw === "") return emptyOk();
      const tooLong = lengthError(raw, field.maxLength, field.type === "text" ? TEXT_LIMITS.line : TEXT_LIMITS.paragraph);
      if (tooLong) return { error: tooLong };
      if (field.type === "text" && field.inputMask && !isMaskComplete(field.inputMask, raw))
        return { error: fill(FORM_MESSAGES.mask, { 0: field.inputMask }) };
      return { value: raw };
    }
    case "url": {
      if (value === "") return emptyOk();
      const url = withScheme(value);
      return isValidWebAddress(url) && url.length <= TEXT_LIMITS.line ? { value: url } : { error: FORM_MESSAGES.url };
    }
    case "number": {
      if (value === "") return emptyOk();
      const number = parseNumber(value);
      if (number === null) return { error: FORM_MESSAGES.number };
      if (field.min !== undefined && number < field.min) return { error: fill(FORM_MESSAGES.min, { 0: field.min }) };
      if (field.max !== undefined && number > field.max) return { error: fill(FORM_MESSAGES.max, { 0: field.max }) };
      if (field.step !== undefined && !isOnStep(number, field.step, field.min ?? 0))
        return { error: fill(FORM_MESSAGES.step, { 0: field.step, 1: field.min ?? 0 }) };
      return { value };
    }
    case "tel":
      if (value === "") return emptyOk();
      if (field.inputMask)
        return isMaskComplete(field.inputMask, value) ? { value } : { error: fill(FORM_MESSAGES.mask, { 0: field.inputMask }) };
      return isValidPhoneNumber(value) ? { value } : { error: FORM_MESSAGES.phone };
    case "password": {
      // Passwords are read as typed (spaces count) and never kept: the entry only records one was set.
      const raw = (sub: string) =>
        input && typeof input === "object" && !Array.isArray(input) && typeof input[sub] === "string" ? (input[sub] as string) : "";
      const parts = field.confirmation
        ? { primary: raw("primary"), secondary: raw("secondary") }
        : { primary: typeof input === "string" ? input : "" };
      const primary = parts.primary;
      const wrap = (message: string, sub = "primary") => (field.confirmation ? { [sub]: message } : message);
      if (primary === "") return field.required ? { error: wrap(FORM_MESSAGES.required) } : {};
      if (characterCount(primary) > 200) return { error: wrap(fill(FORM_MESSAGES.maxLength, { 0: 200 })) };
      if (passwordClassLevel(primary) < field.minStrength) return { error: wrap(FORM_MESSAGES.passwordStrength) };
      if (field.confirmation && parts.secondary !== primary) return { error: wrap(FORM_MESSAGES.mismatch, "secondary") };
      return { value: PASSWORD_SET };
    }
    case "select":
      return checkChoices(field, input, field.multiple, 0);
    case "radio":
      return checkChoices(field, input, false, 0);
    case "checkbox":
    case "payment-checkbox":
      return checkChoices(field, input, true, field.choiceLimit);
    case "image-choice":
      return checkChoices(field, input, field.multiple, field.multiple ? field.choiceLimit : 0);
    case "payment-multiple":
    case "payment-select":
      return checkChoices(field, input, false, 0);
    case "date": {
      if (value === "") return emptyOk();
      if (!isCalendarDate(value)) return { error: FORM_MESSAGES.date };
      const today = ctx.options.today ?? ctx.options.now.toISOString().slice(0, 10);
      const lows = [field.minDate, field.minDaysAhead !== undefined ? addDays(today, field.minDaysAhead) : undefined].filter(
        Boolean,
      ) as string[];
      const low = lows.sort().at(-1);
      if (low && value < low) return { error: fill(FORM_MESSAGES.dateMin, { 0: low }) };
      if (field.maxDate && value > field.maxDate) return { error: fill(FORM_MESSAGES.dateMax, { 0: field.maxDate }) };
      return { value };
    }
    case "time": {
      if (value === "") return emptyOk();
      const minutes = field.format === "12h" ? parseTime12h(value) : parseTime24h(value);
      if (minutes === null) return { error: field.format === "12h" ? FORM_MESSAGES.time12h : FORM_MESSAGES.time24h };
      const min = field.minTime ? parseTime24h(field.minTime) : null;
      const max = field.maxTime ? parseTime24h(field.maxTime) : null;
      if (min !== null && max !== null && !isWithinTimeLimit(minutes, min, max)) {
        return { error: fill(FORM_MESSAGES.timeLimit, { minTime: formatTime(min, field.format), maxTime: formatTime(max, field.format) }) };
      }
      return { value: formatTime(minutes, field.format) };
    }
    case "rating":
      if (value === "") return emptyOk();
      return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= field.scale
        ? { value: String(Number(value)) }
        : { error: FORM_MESSAGES.choice };
    case "likert": {
      const answers = !input || typeof input === "string" || Array.isArray(input) ? {} : input;
      const errors: Record<string, string> = {};
      const kept: Record<string, string | string[]> = {};
      field.rows.forEach((_, index) => {
        const row = String(index + 1);
        const chosen = list(answers[row]);
        const picked = field.multiple ? [...new Set(chosen)] : chosen.slice(0, 1);
        if (picked.length === 0) {
          if (field.required) errors[row] = FORM_MESSAGES.required;
        } else if (!picked.every((column) => /^\d+$/.test(column) && Number(column) >= 1 && Number(column) <= field.columns.length)) {
          errors[row] = FORM_MESSAGES.choice;
        } else kept[row] = field.multiple ? picked : (picked[0] as string);
      });
      if (Object.keys(errors).length > 0) return { error: errors };
      return Object.keys(kept).length > 0 ? { value: kept } : {};
    }
    case "signature": {
      if (value === "") return emptyOk();
      if (value.length > TEXT_LIMITS.signature) return { error: FORM_MESSAGES.signature };
      // A drawn signature is a PNG data URL; a typed one (the keyboard alternative) is the name as text.
      if (value.startsWith("data:"))
        return /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/.test(value) ? { value } : { error: FORM_MESSAGES.signature };
      return characterCount(value) <= 200 ? { value } : { error: fill(FORM_MESSAGES.maxLength, { 0: 200 }) };
    }
    case "camera":
      return checkFiles(field, 1, ctx);
    case "file-upload":
      return checkFiles(field, field.maxFiles, ctx);
    case "address":
      return checkAddress(field, input);
    case "payment-quantity": {
      const quantity = value === "" ? (field.default ?? String(field.min)) : value;
      if (!/^\d{1,6}$/.test(quantity)) return { error: FORM_MESSAGES.integer };
      if (Number(quantity) < field.min) return { error: fill(FORM_MESSAGES.min, { 0: field.min }) };
      if (Number(quantity) > field.max) return { error: fill(FORM_MESSAGES.max, { 0: field.max }) };
      return { value: String(Number(quantity)) };
    }
    case "payment-user-amount": {
      const currency = ctx.options.currency ?? DEFAULT_CURRENCY;
      if (value === "") return emptyOk();
      const amount = parseAmount(value, currency);
      const example = formatInputAmount(1050, currency);
      if (amount === null) return { error: fill(FORM_MESSAGES.amount, { 0: example }) };
      // Money is never rounded here: the field rounds on leaving it (spec §5.4), so only a hand-made post has more decimals.
      if (amountNeedsRounding(value, currency))
        return {
          error:
            currency.minorUnit > 0
              ? fill(FORM_MESSAGES.amountDecimals, { 0: currency.minorUnit, 1: example })
              : fill(FORM_MESSAGES.amount, { 0: example }),
        };
      if (field.required && amount <= 0) return { error: FORM_MESSAGES.requiredPayment };
      if (amount < field.minimumMinor)
        return { error: fill(FORM_MESSAGES.minimumPrice, { 0: formatInputAmount(field.minimumMinor, currency) }) };
      return { value: formatInputAmount(amount, currency) };
    }
    case "payment-total":
      return field.required && ctx.totalMinor <= 0 ? { error: FORM_MESSAGES.requiredPayment } : {};
    case "credit-card":
      return checkCard(field, input, ctx);
    case "checkbox-terms":
      return value === "" ? emptyOk() : { value: "1" };
    case "payment-single":
    case "captcha":
    case "html":
    case "section":
      return {};
  }
}

/**
 * Checks a submission. `values` are the submitted inputs by field id (`collectValues`), `files`
 * the chosen files. Only visible fields are checked and kept; the total is the definition's.
 */
export function validateSubmission(
  definition: FormDefinition,
  values: FormValues,
  files: SubmittedFile[],
  options: ValidateOptions,
): ValidationResult {
  const shown = new Set(visibleFields(definition, values));
  const keptInputs = visibleValues(definition, values);
  const ctx: Context = {
    options,
    files: files.filter((file) => shown.has(file.fieldId)),
    totalMinor: paymentTotal(definition, keptInputs, options.currency ?? DEFAULT_CURRENCY),
  };
  const fieldErrors: FieldErrors = {};
  const clean: FormValues = {};
  for (const field of definition.fields) {
    if (!shown.has(field.id)) continue;
    const outcome = checkField(field, keptInputs[String(field.id)], ctx);
    if (outcome.error) fieldErrors[String(field.id)] = outcome.error;
    else if (outcome.value !== undefined && !DISPLAY_ONLY_TYPES.includes(field.type)) clean[String(field.id)] = outcome.value;
  }
  const generalErrors: ValidationResult["generalErrors"] = {};
  const totalBytes = ctx.files.reduce((sum, file) => sum + file.size, 0);
  if (options.maxTotalUploadBytes !== undefined && totalBytes > options.maxTotalUploadBytes) {
    generalErrors.footer = fill(FORM_MESSAGES.totalSize, {
      totalSize: megabytes(totalBytes),
      maxSize: megabytes(options.maxTotalUploadBytes),
    });
  }
  const ok = Object.keys(fieldErrors).length === 0 && generalErrors.footer === undefined;
  const result: ValidationResult = { ok, fieldErrors, generalErrors, values: clean, files: ctx.files, totalMinor: ctx.totalMinor };
  if (ctx.card && ok) result.card = ctx.card;
  return result;
}
