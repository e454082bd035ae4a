/** The whole form's settings: texts, confirmation, notifications, page indicator, anti-spam, behaviour, embedding. */
import { CAPTCHA_PROVIDERS, type Confirmation, type FormDefinition, type FormSettings, MIN_SECONDS_MAX } from "@cartwright/commerce/forms";
import { CheckboxField, ColorField, NumberField, SelectField, TextField } from "../components/fields.tsx";
import { LinesField } from "./controls.tsx";
import { fieldName } from "./kinds.ts";
import { SETTINGS_LABELS } from "./messages.ts";

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
          label={SETTINGS_LABELS["settings.submitText"]}
          value={s.submitText}
          onChange={(submitText) => set({ submitText })}
        />
        <TextField
          path="settings.processingText"
          label={SETTINGS_LABELS["settings.processingText"]}
          value={s.processingText}
          onChange={(processingText) => set({ processingText })}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>After sending</legend>
        <SelectField
          path="settings.confirmation.type"
          label={SETTINGS_LABELS["settings.confirmation.type"]}
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
            label={SETTINGS_LABELS["settings.confirmation.message"]}
            hint="Simple HTML is kept; scripts are removed."
            multiline
            value={c.message}
            onChange={(message) => set({ confirmation: { ...c, message } })}
          />
        )}
        {c.type === "page" && (
          <TextField
            path="settings.confirmation.path"
            label={SETTINGS_LABELS["settings.confirmation.path"]}
            value={c.path}
            onChange={(path) => set({ confirmation: { ...c, path } })}
          />
        )}
        {c.type === "redirect" && (
          <>
            <TextField
              path="settings.confirmation.url"
              label={SETTINGS_LABELS["settings.confirmation.url"]}
              type="url"
              value={c.url}
              onChange={(url) => set({ confirmation: { ...c, url } })}
            />
            <CheckboxField
              path="settings.confirmation.newTab"
              label={SETTINGS_LABELS["settings.confirmation.newTab"]}
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
          label={SETTINGS_LABELS["settings.notifications.owner.enabled"]}
          value={s.notifications.owner.enabled}
          onChange={(enabled) => set({ notifications: { ...s.notifications, owner: { ...s.notifications.owner, enabled } } })}
        />
        {s.notifications.owner.enabled && (
          <TextField
            path="settings.notifications.owner.subject"
            label={SETTINGS_LABELS["settings.notifications.owner.subject"]}
            hint="{form_title} is replaced by the form's title."
            value={s.notifications.owner.subject}
            onChange={(subject) => set({ notifications: { ...s.notifications, owner: { ...s.notifications.owner, subject } } })}
          />
        )}
        <CheckboxField
          path="settings.notifications.visitor.enabled"
          label={SETTINGS_LABELS["settings.notifications.visitor.enabled"]}
          value={visitor.enabled}
          onChange={(enabled) => setVisitor({ enabled, emailField: visitor.emailField ?? emails[0]?.id })}
        />
        {visitor.enabled && (
          <>
            <SelectField
              path="settings.notifications.visitor.emailField"
              label={SETTINGS_LABELS["settings.notifications.visitor.emailField"]}
              value={String(visitor.emailField ?? "")}
              options={[
                { value: "", label: "Choose an email field" },
                ...emails.map((field) => ({ value: String(field.id), label: fieldName(field) })),
              ]}
              onChange={(id) => setVisitor({ emailField: id ? Number(id) : undefined })}
            />
            <TextField
              path="settings.notifications.visitor.subject"
              label={SETTINGS_LABELS["settings.notifications.visitor.subject"]}
              value={visitor.subject}
              onChange={(subject) => setVisitor({ subject })}
            />
            <TextField
              path="settings.notifications.visitor.message"
              label={SETTINGS_LABELS["settings.notifications.visitor.message"]}
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
          label={SETTINGS_LABELS["settings.pageIndicator.style"]}
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
          label={SETTINGS_LABELS["settings.pageIndicator.color"]}
          value={s.pageIndicator.color}
          onChange={(color) => set({ pageIndicator: { ...s.pageIndicator, color } })}
        />
        <CheckboxField
          path="settings.pageIndicator.showTitles"
          label={SETTINGS_LABELS["settings.pageIndicator.showTitles"]}
          value={s.pageIndicator.showTitles}
          onChange={(showTitles) => set({ pageIndicator: { ...s.pageIndicator, showTitles } })}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Spam protection</legend>
        <CheckboxField
          path="settings.antiSpam.honeypot"
          label={SETTINGS_LABELS["settings.antiSpam.honeypot"]}
          value={s.antiSpam.honeypot}
          onChange={(honeypot) => set({ antiSpam: { ...s.antiSpam, honeypot } })}
        />
        <SelectField
          path="settings.antiSpam.captcha"
          label={SETTINGS_LABELS["settings.antiSpam.captcha"]}
          value={s.antiSpam.captcha}
          options={CAPTCHA_PROVIDERS.map((provider) => ({ value: provider, label: CAPTCHA_LABELS[provider] ?? provider }))}
          onChange={(captcha) => set({ antiSpam: { ...s.antiSpam, captcha: captcha as FormSettings["antiSpam"]["captcha"] } })}
        />
        <CheckboxField
          path="settings.antiSpam.token"
          label={SETTINGS_LABELS["settings.antiSpam.token"]}
          value={s.antiSpam.token}
          onChange={(token) => set({ antiSpam: { ...s.antiSpam, token } })}
        />
        <NumberField
          path="settings.antiSpam.minSeconds"
          label={SETTINGS_LABELS["settings.antiSpam.minSeconds"]}
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
          label={SETTINGS_LABELS["settings.scrollToTop"]}
          value={s.scrollToTop}
          onChange={(scrollToTop) => set({ scrollToTop })}
        />
        <CheckboxField path="settings.ajax" label={SETTINGS_LABELS["settings.ajax"]} value={s.ajax} onChange={(ajax) => set({ ajax })} />
        <CheckboxField
          path="settings.saveProgress.browser"
          label={SETTINGS_LABELS["settings.saveProgress.browser"]}
          value={s.saveProgress.browser}
          onChange={(browser) => set({ saveProgress: { ...s.saveProgress, browser } })}
        />
        <CheckboxField
          path="settings.saveProgress.email"
          label={SETTINGS_LABELS["settings.saveProgress.email"]}
          value={s.saveProgress.email}
          onChange={(email) => set({ saveProgress: { ...s.saveProgress, email } })}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Embedding</legend>
        <LinesField
          path="settings.embedOrigins"
          label={SETTINGS_LABELS["settings.embedOrigins"]}
          hint="Such as https://blog.example.com. Empty: any site."
          value={s.embedOrigins}
          onChange={(embedOrigins) => set({ embedOrigins })}
        />
      </fieldset>
    </>
  );
}
