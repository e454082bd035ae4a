/**
 * The preview as visitors see it: the shared renderer's HTML and stylesheet in a shadow root (the
 * console's styles stay out, the form's stay in), redrawn as the owner edits, showing the page being
 * edited. Logic follows what the owner picks in it (the shared `visibleFields`). Nothing is sent:
 * the preview's form refuses to submit.
 */
import type { Currency } from "@cartwright/commerce";
import { collectValues, type FormDefinition, visibleFields } from "@cartwright/commerce/forms";
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

/** Shows and hides the preview's fields by their logic over the values picked in it. */
function applyLogic(shadow: ShadowRoot, definition: FormDefinition): void {
  const form = shadow.querySelector<HTMLFormElement>("form.cwf");
  if (!form) return;
  const entries = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const visible = new Set(visibleFields(definition, collectValues(entries)));
  for (const field of shadow.querySelectorAll<HTMLElement>(".cwf-field[data-field-id]")) {
    field.hidden = !visible.has(Number(field.dataset.fieldId));
  }
}

export function FormPreview({ definition, currency, page }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<ShadowRoot | null>(null);
  const latest = useRef(definition);
  latest.current = definition;
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
    const shadow = root.current;
    const refuse = (event: Event) => event.preventDefault();
    const follow = () => applyLogic(shadow, latest.current);
    shadow.addEventListener("submit", refuse, true);
    shadow.addEventListener("change", follow);
    return () => {
      shadow.removeEventListener("submit", refuse, true);
      shadow.removeEventListener("change", follow);
    };
  }, []);

  useEffect(() => {
    const shadow = root.current;
    if (!shadow || html === null) return;
    const timer = setTimeout(() => {
      // Parsed in a detached template: set as the shadow root's innerHTML, the parser would drop the
      // preview's <form> because the host sits inside the builder's own form.
      const template = document.createElement("template");
      template.innerHTML = `<style>${FORM_CSS}</style>${html}`;
      shadow.replaceChildren(template.content);
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
