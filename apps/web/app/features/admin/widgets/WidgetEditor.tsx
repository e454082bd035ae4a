/**
 * The widget editor: every setting, trigger and channel in sections, the live preview beside it,
 * one save (POST for a new widget, PUT for an existing one) whose field errors land beside their
 * fields and in a summary above, and a warning before leaving with unsaved changes. A save sends
 * the version the editor opened (or last saved): a widget someone changed since is refused, the
 * message above the form and what the owner typed kept (decision 0158).
 */
import { ATTENTION_EFFECTS, SYSTEM_FONTS, WIDGET_ICONS, type WidgetSettings } from "@cartwright/commerce/contact-widget";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ownerApi, type WidgetInput } from "../api.ts";
import { EditorHead, LeaveGuard, SubmitButton, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, FieldList, type FieldSpec, TextField } from "../components/fields.tsx";
import { settingLabels, editorMessages as t } from "../messages.ts";
import { ChannelsSection } from "./ChannelsSection.tsx";
import { EmbedSection } from "./EmbedSection.tsx";
import { labelForPath } from "./error-labels.ts";
import { TriggersSection } from "./TriggersSection.tsx";
import { previewPage, WidgetPreview } from "./WidgetPreview.tsx";

const chatView = (value: WidgetSettings) => value.cta_type === "chat-view";

const APPEARANCE: FieldSpec<WidgetSettings>[] = [
  { key: "cta_type", options: ["simple-view", "chat-view"] },
  { key: "cta_head", when: chatView },
  { key: "cta_body", multiline: true, when: chatView },
  { key: "cta_head_bg_color", when: chatView },
  { key: "cta_head_text_color", when: chatView },
  "cta_text",
  "cta_bg_color",
  "cta_text_color",
  { key: "position", options: ["right", "left", "custom"] },
  { key: "custom_position", options: ["right", "left"], when: (value) => value.position === "custom" },
  { key: "bottom_spacing", min: 0, max: 500 },
  { key: "side_spacing", min: 0, max: 500 },
  { key: "icon_view", options: ["vertical", "horizontal"] },
  { key: "widget_icon", options: WIDGET_ICONS },
  { key: "widget_icon_url", type: "url", when: (value) => value.widget_icon === "chat-image" },
  { key: "widget_fa_icon", when: (value) => value.widget_icon === "chat-fa-icon" },
  "widget_color",
  "widget_icon_color",
  { key: "widget_size", min: 30, max: 120 },
  { key: "attention_effect", options: ATTENTION_EFFECTS },
  "is_pending_mesg_enabled",
  { key: "pending_mesg_count", min: 1, max: 99, when: (value) => value.is_pending_mesg_enabled },
  { key: "pending_mesg_count_bgcolor", color: true, when: (value) => value.is_pending_mesg_enabled },
  { key: "pending_mesg_count_color", when: (value) => value.is_pending_mesg_enabled },
  "close_text",
  "show_close_button",
  "bg_blur_effect",
];

const BEHAVIOUR: FieldSpec<WidgetSettings>[] = [
  { key: "default_state", options: ["click", "hover", "open"] },
  { key: "show_cta", options: ["first_click", "all_time"] },
  "analytics",
  "is_google_analytics_enabled",
  "has_custom_css",
  { key: "custom_css", multiline: true, when: (value) => value.has_custom_css },
];

const SECTIONS = [
  { id: "section-channels", label: t.channels },
  { id: "section-appearance", label: t.appearance },
  { id: "section-behaviour", label: t.behaviour },
  { id: "section-triggers", label: t.triggers },
  { id: "section-embed", label: t.embed },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

interface WidgetEditorProps {
  id?: number;
  initial: WidgetInput;
  /** The opened widget's version; a new widget has none. */
  version?: string;
  shopOrigin: string;
}

export function WidgetEditor({ id, initial, version: opened = "", shopOrigin }: WidgetEditorProps) {
  const [saved, setSaved] = useState(initial);
  const [version, setVersion] = useState(opened);
  const [draft, setDraft] = useState(initial);
  const { errors, failure, busy, run } = useSave();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);

  const page = useMemo(() => previewPage(draft, id, shopOrigin), [draft, id, shopOrigin]);
  const setSettings = (patch: Partial<WidgetSettings>) =>
    setDraft((current) => ({ ...current, settings: { ...current.settings, ...patch } }));

  async function save(event: FormEvent) {
    event.preventDefault();
    await run(
      () => (id ? ownerApi.saveWidget(id, draft, version) : ownerApi.createWidget(draft)),
      (widget) => {
        const { id: savedId, created_at: _c, updated_at: _u, version: savedVersion, ...input } = widget;
        setVersion(savedVersion);
        setSaved(input);
        setDraft(input);
        announce(id ? t.saved : t.created);
        if (!id) navigate(`/admin/widgets/${savedId}`, { replace: true, state: { created: true } });
      },
    );
  }

  const title = id ? t.editTitle(saved.identifier || `#${id}`) : t.newTitle;
  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead back="/admin/widgets" backLabel={t.back} title={title} dirty={dirty} busy={busy} submitLabel={id ? t.save : t.create}>
          {id && <Link to={`/admin/widgets/${id}/analytics`}>{t.analytics}</Link>}
        </EditorHead>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => labelForPath(path, draft.channels)} />}
        <nav className="admin-section-nav" aria-label={t.sections}>
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-editor__columns">
          <div className="admin-editor__form">
            <div className="admin-card">
              <TextField
                path="identifier"
                label={t.identifier}
                hint={t.identifierHint}
                value={draft.identifier}
                onChange={(identifier) => setDraft((current) => ({ ...current, identifier }))}
              />
              <CheckboxField
                path="active"
                label={t.active}
                value={draft.active}
                onChange={(active) => setDraft((current) => ({ ...current, active }))}
              />
            </div>
            <Section id="section-channels" title={t.channels}>
              <ChannelsSection channels={draft.channels} onChange={(channels) => setDraft((current) => ({ ...current, channels }))} />
            </Section>
            <Section id="section-appearance" title={t.appearance}>
              <FieldList value={draft.settings} path="settings" labels={settingLabels} specs={APPEARANCE} onChange={setSettings} />
              <TextField
                path="settings.font_family"
                label={settingLabels.font_family}
                list="admin-fonts"
                value={draft.settings.font_family}
                onChange={(font_family) => setSettings({ font_family })}
              />
              <datalist id="admin-fonts">
                {SYSTEM_FONTS.map((font) => (
                  <option key={font} value={font} />
                ))}
              </datalist>
            </Section>
            <Section id="section-behaviour" title={t.behaviour}>
              <FieldList value={draft.settings} path="settings" labels={settingLabels} specs={BEHAVIOUR} onChange={setSettings} />
            </Section>
            <Section id="section-triggers" title={t.triggers}>
              <TriggersSection
                triggers={draft.triggers}
                onChange={(patch) => setDraft((current) => ({ ...current, triggers: { ...current.triggers, ...patch } }))}
              />
            </Section>
            <Section id="section-embed" title={t.embed}>
              <EmbedSection
                id={id}
                shopOrigin={shopOrigin}
                origins={draft.allowed_origins}
                widgetToken={draft.settings.widget_token}
                onChange={(allowed_origins) => setDraft((current) => ({ ...current, allowed_origins }))}
              />
            </Section>
            <div className="admin-editor__footer">
              <SubmitButton busy={busy} label={id ? t.save : t.create} />
            </div>
          </div>
          <div className="admin-editor__preview">
            <WidgetPreview page={page} />
          </div>
        </div>
      </form>
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
