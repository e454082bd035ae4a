/** The whole form's settings: texts, confirmation, notifications, page indicator, anti-spam, behaviour, embedding. */
import { CAPTCHA_PROVIDERS, type Confirmation, type FormDefinition, type FormSettings, MIN_SECONDS_MAX } from "@cartwright/commerce/forms";
import { CheckboxField, ColorField, NumberField, SelectField, TextField } from "../components/fields.tsx";
import { LinesField } from "./controls.tsx";
import { fieldName } from "./kinds.ts";

const CAPTCHA_LABELS: Record<string, string> = {
  none: "None",
  altcha: "ALTCHA (no third party)",
  "recaptcha-v2": "reCAPTCHA v2",
  "recaptcha-v3": "reCAPTCHA v3",
  turnstile: "Cloudflare Turnstile",
  hcaptcha: "hCaptcha",
};

interface Props {
  definition: FormDefinition;
  onChange(settings: FormSettings): void;
}

export function FormSettingsSection({ definition, onChange }: Props) {
  const s = definition.settings;
  const set = (patch: Partial<FormSettings>) => onChange({ ...s, ...patch });
  const c = s.confirmation;
  const setConfirmation = (type: string) => {
    const next: Confirmation =
      type === "page"
        ? { type: "page", path: c.type === "page" ? c.path : "/" }
        : type === "redirect"
          ? { type: "redirect", url: c.type === "redirect" ? c.url : "", newTab: false }
          : { type: "message", message: c.type === "message" ? c.message : "Thanks! We have your answers." };
    set({ confirmation: next });
  };
  const visitor = s.notifications.visitor;
  const setVisitor = (patch: Partial<typeof visitor>) => set({ notifications: { ...s.notifications, visitor: { ...visitor, ...patch } } });
  const emails = definition.fields.filter((field) => field.type === "email");
  return (
    <>
      <fieldset className="admin-fieldset">
        <legend>Submit button</legend>
        <TextField
          path="settings.submitText"
          label="Submit button text"
          value={s.submitText}
          onChange={(submitText) => set({ submitText })}
        />
        <TextField
          path="settings.processingText"
          label="Text while sending"
          value={s.processingText}
          onChange={(processingText) => set({ processingText })}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>After sending</legend>
        <SelectField
          path="settings.confirmation.type"
          label="Confirmation"
          value={c.type}
          options={[
            { value: "message", label: "Show a message" },
            { value: "page", label: "Go to a page of this shop" },
            { value: "redirect", label: "Go to an address" },
          ]}
          onChange={setConfirmation}
        />
        {c.type === "message" && (
          <TextField
            path="settings.confirmation.message"
            label="Confirmation message"
            hint="Simple HTML is kept; scripts are removed."
            multiline
            value={c.message}
            onChange={(message) => set({ confirmation: { ...c, message } })}
          />
        )}
        {c.type === "page" && (
          <TextField
            path="settings.confirmation.path"
            label="Page path (e.g. /thank-you)"
            value={c.path}
            onChange={(path) => set({ confirmation: { ...c, path } })}
          />
        )}
        {c.type === "redirect" && (
          <>
            <TextField
              path="settings.confirmation.url"
              label="Address (https://…)"
              type="url"
              value={c.url}
              onChange={(url) => set({ confirmation: { ...c, url } })}
            />
            <CheckboxField
              path="settings.confirmation.newTab"
              label="Open in a new tab"
              value={c.newTab}
              onChange={(newTab) => set({ confirmation: { ...c, newTab } })}
            />
          </>
        )}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Notifications</legend>
        <CheckboxField
          path="settings.notifications.owner.enabled"
          label="Email me each entry"
          value={s.notifications.owner.enabled}
          onChange={(enabled) => set({ notifications: { ...s.notifications, owner: { ...s.notifications.owner, enabled } } })}
        />
        {s.notifications.owner.enabled && (
          <TextField
            path="settings.notifications.owner.subject"
            label="Subject of my email"
            hint="{form_title} is replaced by the form's title."
            value={s.notifications.owner.subject}
            onChange={(subject) => set({ notifications: { ...s.notifications, owner: { ...s.notifications.owner, subject } } })}
          />
        )}
        <CheckboxField
          path="settings.notifications.visitor.enabled"
          label="Email the visitor a copy"
          value={visitor.enabled}
          onChange={(enabled) => setVisitor({ enabled, emailField: visitor.emailField ?? emails[0]?.id })}
        />
        {visitor.enabled && (
          <>
            <SelectField
              path="settings.notifications.visitor.emailField"
              label="Visitor's address from"
              value={String(visitor.emailField ?? "")}
              options={[
                { value: "", label: "Choose an email field" },
                ...emails.map((field) => ({ value: String(field.id), label: fieldName(field) })),
              ]}
              onChange={(id) => setVisitor({ emailField: id ? Number(id) : undefined })}
            />
            <TextField
              path="settings.notifications.visitor.subject"
              label="Subject of the visitor's email"
              value={visitor.subject}
              onChange={(subject) => setVisitor({ subject })}
            />
            <TextField
              path="settings.notifications.visitor.message"
              label="Visitor's email message"
              multiline
              value={visitor.message}
              onChange={(message) => setVisitor({ message })}
            />
          </>
        )}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Page indicator</legend>
        <SelectField
          path="settings.pageIndicator.style"
          label="Indicator style"
          value={s.pageIndicator.style}
          options={[
            { value: "progress", label: "Progress bar" },
            { value: "connector", label: "Connected steps" },
            { value: "circles", label: "Circles" },
            { value: "none", label: "None" },
          ]}
          onChange={(style) => set({ pageIndicator: { ...s.pageIndicator, style: style as FormSettings["pageIndicator"]["style"] } })}
        />
        <ColorField
          path="settings.pageIndicator.color"
          label="Indicator colour"
          value={s.pageIndicator.color}
          onChange={(color) => set({ pageIndicator: { ...s.pageIndicator, color } })}
        />
        <CheckboxField
          path="settings.pageIndicator.showTitles"
          label="Show page titles"
          value={s.pageIndicator.showTitles}
          onChange={(showTitles) => set({ pageIndicator: { ...s.pageIndicator, showTitles } })}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Spam protection</legend>
        <CheckboxField
          path="settings.antiSpam.honeypot"
          label="Hidden decoy input (honeypot)"
          value={s.antiSpam.honeypot}
          onChange={(honeypot) => set({ antiSpam: { ...s.antiSpam, honeypot } })}
        />
        <SelectField
          path="settings.antiSpam.captcha"
          label="Captcha"
          value={s.antiSpam.captcha}
          options={CAPTCHA_PROVIDERS.map((provider) => ({ value: provider, label: CAPTCHA_LABELS[provider] ?? provider }))}
          onChange={(captcha) => set({ antiSpam: { ...s.antiSpam, captcha: captcha as FormSettings["antiSpam"]["captcha"] } })}
        />
        <CheckboxField
          path="settings.antiSpam.token"
          label="Signed form token (refuses posts that skip the form)"
          value={s.antiSpam.token}
          onChange={(token) => set({ antiSpam: { ...s.antiSpam, token } })}
        />
        <NumberField
          path="settings.antiSpam.minSeconds"
          label="Minimum seconds to fill in (0: off)"
          hint="A form sent sooner after it was shown is refused, and the visitor asked to wait and send again. Counted from the signed form token."
          min={0}
          max={MIN_SECONDS_MAX}
          value={s.antiSpam.minSeconds ?? 0}
          onChange={(minSeconds) => set({ antiSpam: { ...s.antiSpam, minSeconds } })}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Behaviour</legend>
        <CheckboxField
          path="settings.scrollToTop"
          label="Scroll to the form's top on a page change"
          value={s.scrollToTop}
          onChange={(scrollToTop) => set({ scrollToTop })}
        />
        <CheckboxField path="settings.ajax" label="Send without reloading the page" value={s.ajax} onChange={(ajax) => set({ ajax })} />
        <CheckboxField
          path="settings.saveProgress.browser"
          label="Keep a partly filled form in the visitor's browser"
          value={s.saveProgress.browser}
          onChange={(browser) => set({ saveProgress: { ...s.saveProgress, browser } })}
        />
        <CheckboxField
          path="settings.saveProgress.email"
          label="Offer a resume link by email"
          value={s.saveProgress.email}
          onChange={(email) => set({ saveProgress: { ...s.saveProgress, email } })}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Embedding</legend>
        <LinesField
          path="settings.embedOrigins"
          label="Sites that may embed this form (one origin per line)"
          hint="Such as https://blog.example.com. Empty: any site."
          value={s.embedOrigins}
          onChange={(embedOrigins) => set({ embedOrigins })}
        />
      </fieldset>
    </>
  );
}
