/**
 * The live preview beside the editor: the real widget (apps/web/widget/preview.ts, or the widget's
 * face apps/web/widget/index.ts) mounted into a box with the editor's current values and `preview: true`, so it never
 * reports. The widget's preview entry is found by the build when it exists (import.meta.glob gives
 * an empty map otherwise), and loads only here, in its own chunk; until it exists, or if it fails,
 * a plain static picture of the button and its channels stands in.
 */
import type { WidgetPage, WidgetPayload } from "@cartwright/commerce/contact-widget";
import { useEffect, useRef, useState } from "react";
import type { WidgetInput } from "../api.ts";
import { editorMessages as t } from "../messages.ts";
import { ChannelBadge } from "./ChannelIcons.tsx";
import { CHANNEL_LABELS } from "./defaults.ts";

type MountedPreview = { update(page: WidgetPage): void; destroy(): void };

/** What apps/web/widget/preview.ts exports (agreed with the widget's author in issue 16). */
export interface WidgetPreviewModule {
  mountWidgetPreview(container: HTMLElement, page: WidgetPage): MountedPreview;
}

/** The widget's face for code built with the storefront (apps/web/widget/index.ts), when it has no preview entry. */
interface WidgetFaceModule {
  mountWidgets(page: WidgetPage, options: { target?: HTMLElement }): { destroy(): void };
}

// Each map is empty while its file does not exist, so the console builds before the widget lands.
const previewEntry = Object.values(import.meta.glob<WidgetPreviewModule>("../../../../widget/preview.ts"))[0];
const faceEntry = Object.values(import.meta.glob<WidgetFaceModule>("../../../../widget/index.ts"))[0];

/** The preview's mount function: preview.ts's own, else one made of the face's mountWidgets (an update redraws). */
async function loadMount(): Promise<WidgetPreviewModule["mountWidgetPreview"] | null> {
  if (previewEntry) return (await previewEntry()).mountWidgetPreview;
  if (!faceEntry) return null;
  const { mountWidgets } = await faceEntry();
  return (container, page) => {
    let current = mountWidgets(page, { target: container });
    return {
      update(next) {
        current.destroy();
        current = mountWidgets(next, { target: container });
      },
      destroy: () => current.destroy(),
    };
  };
}

/** The page the preview runs: this one widget, shown whatever its triggers say, never reporting. */
export function previewPage(draft: WidgetInput, id: number | undefined, origin: string): WidgetPage {
  const { widget_token: _token, ...settings } = draft.settings;
  const widget: WidgetPayload = {
    id: id ?? 0,
    settings,
    triggers: draft.triggers,
    channels: draft.channels.map(({ v2_site_key, v3_site_key, ...channel }, index) => ({
      ...channel,
      index,
      captcha_site_key:
        channel.captcha_provider === "recaptcha-v2" ? v2_site_key : channel.captcha_provider === "recaptcha-v3" ? v3_site_key : "",
    })),
    nonce: "",
    preview: true,
  };
  return {
    widgets: [widget],
    country: "-",
    crawler: false,
    ajaxUrl: `${origin}/ajax`,
    assetsUrl: `${origin}/widget/`,
    consent: "required",
  };
}

function StaticPreview({ page }: { page: WidgetPage }) {
  const widget = page.widgets[0];
  if (!widget) return null;
  const { settings } = widget;
  const side = settings.position === "custom" ? settings.custom_position : settings.position;
  const channels = widget.channels.filter((channel) => channel.is_desktop || channel.is_mobile);
  return (
    <div
      className={`admin-preview-static admin-preview-static--${side}`}
      style={{ bottom: settings.bottom_spacing, [side]: settings.side_spacing }}
    >
      <ul className={`admin-preview-static__channels admin-preview-static__channels--${settings.icon_view}`}>
        {channels.map((channel) => (
          <li key={channel.index} title={channel.hover_text}>
            <ChannelBadge type={channel.channel_type} color={channel.icon_color} />
            <span className="visually-hidden">{channel.hover_text || CHANNEL_LABELS[channel.channel_type]}</span>
          </li>
        ))}
      </ul>
      <div className="admin-preview-static__row">
        {settings.cta_text && (
          <span className="admin-preview-static__cta" style={{ background: settings.cta_bg_color, color: settings.cta_text_color }}>
            {settings.cta_text}
          </span>
        )}
        <span
          className="admin-preview-static__button"
          style={{
            background: settings.widget_color,
            color: settings.widget_icon_color,
            width: settings.widget_size,
            height: settings.widget_size,
          }}
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" width="55%" height="55%" fill="currentColor" aria-hidden="true">
            <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
          </svg>
        </span>
      </div>
    </div>
  );
}

export function WidgetPreview({ page }: { page: WidgetPage }) {
  const box = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedPreview | null>(null);
  const latest = useRef(page);
  latest.current = page;
  const [live, setLive] = useState(false);
  const [device, setDevice] = useState<"desktop" | "mobile">("desktop");

  useEffect(() => {
    let cancelled = false;
    loadMount()
      .then((mount) => {
        if (!mount || cancelled || !box.current) return;
        mounted.current = mount(box.current, latest.current);
        setLive(true);
      })
      .catch(() => setLive(false));
    return () => {
      cancelled = true;
      mounted.current?.destroy();
      mounted.current = null;
    };
  }, []);

  useEffect(() => {
    // Typing fires many changes; the widget redraws once they settle.
    const timer = setTimeout(() => mounted.current?.update(page), 150);
    return () => clearTimeout(timer);
  }, [page]);

  return (
    <section className="admin-preview" aria-labelledby="preview-title">
      <div className="admin-preview__head">
        <h2 id="preview-title">{t.preview}</h2>
        <fieldset className="admin-segmented">
          <legend className="visually-hidden">{t.preview}</legend>
          {(["desktop", "mobile"] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="preview-device" value={value} checked={device === value} onChange={() => setDevice(value)} />
              {value === "desktop" ? t.previewDesktop : t.previewMobile}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="admin-field__hint">{live ? t.previewHint : t.previewStatic}</p>
      <div className={`admin-preview__box admin-preview__box--${device}`} data-preview-device={device}>
        {/* The widget's own nodes live here; React never renders into it. */}
        <div ref={box} className="admin-preview__mount" />
        {!live && <StaticPreview page={page} />}
      </div>
    </section>
  );
}
