/**
 * The preview as visitors see it: the shared renderer's HTML and stylesheet in a shadow root (the
 * console's styles stay out, the form's stay in), redrawn as the owner edits, showing the page being
 * edited. Nothing is sent: the preview's form refuses to submit.
 */
import type { Currency } from "@cartwright/commerce";
import type { FormDefinition } from "@cartwright/commerce/forms";
import { useEffect, useMemo, useRef } from "react";
import { FORM_CSS, renderForm } from "../../../../forms/render/index.ts";
import { builderMessages as t } from "./messages.ts";
import { previewPayload } from "./preview-payload.ts";

interface Props {
  definition: FormDefinition;
  currency: Currency;
  /** The page the owner is editing (1-based): the preview shows it. */
  page: number;
}

export function FormPreview({ definition, currency, page }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<ShadowRoot | null>(null);
  const html = useMemo(() => {
    try {
      return renderForm(previewPayload(definition, currency), { scripted: true });
    } catch {
      // A half-edited definition the renderer cannot draw yet: the last good preview stays.
      return null;
    }
  }, [definition, currency]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    root.current ??= element.shadowRoot ?? element.attachShadow({ mode: "open" });
    // Nothing leaves the preview, whatever the visitor's controls do.
    const refuse = (event: Event) => event.preventDefault();
    root.current.addEventListener("submit", refuse, true);
    return () => root.current?.removeEventListener("submit", refuse, true);
  }, []);

  useEffect(() => {
    const shadow = root.current;
    if (!shadow || html === null) return;
    const timer = setTimeout(() => {
      shadow.innerHTML = `<style>${FORM_CSS}</style>${html}`;
      const pages = shadow.querySelectorAll<HTMLElement>(".cwf-page");
      const shown = Math.min(page, pages.length);
      pages.forEach((section, index) => {
        section.hidden = index + 1 !== shown;
      });
    }, 120);
    return () => clearTimeout(timer);
  }, [html, page]);

  return (
    <section className="admin-preview builder-preview" aria-labelledby="builder-preview-title">
      <h2 id="builder-preview-title">{t.preview}</h2>
      <p className="admin-muted">{t.previewHint}</p>
      <div ref={host} className="builder-preview__frame" data-testid="form-preview" />
    </section>
  );
}
