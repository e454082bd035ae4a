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
  /** The preview's Next and Previous choose the page being edited. */
  onPage(page: number): void;
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

/** Shows page `page` (1-based) and points the page indicator at it, as the runtime does on Next. */
function showPage(shadow: ShadowRoot, definition: FormDefinition, page: number): void {
  const pages = shadow.querySelectorAll<HTMLElement>(".cwf-page");
  const shown = Math.min(page, pages.length);
  pages.forEach((section, index) => {
    section.hidden = index + 1 !== shown;
  });
  const current = shadow.querySelector(".cwf-indicator-current");
  if (current) current.textContent = String(shown);
  const title = shadow.querySelector(".cwf-indicator-title");
  if (title) title.textContent = definition.pages[shown - 1]?.title || `Page ${shown}`;
  const progress = shadow.querySelector<HTMLProgressElement>(".cwf-progress");
  if (progress) progress.value = shown;
  for (const step of shadow.querySelectorAll<HTMLElement>(".cwf-step")) {
    if (step.dataset.page === String(shown)) step.setAttribute("aria-current", "step");
    else step.removeAttribute("aria-current");
  }
}

export function FormPreview({ definition, currency, page, onPage }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<ShadowRoot | null>(null);
  const latest = useRef({ definition, page, onPage });
  latest.current = { definition, page, onPage };
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
    const follow = () => applyLogic(shadow, latest.current.definition);
    const turn = (event: Event) => {
      const button = (event.target as Element | null)?.closest?.(".cwf-next, .cwf-prev");
      if (!button) return;
      const { page: current, onPage: go, definition: shown } = latest.current;
      const next = current + (button.classList.contains("cwf-next") ? 1 : -1);
      if (next >= 1 && next <= shown.pages.length) go(next);
    };
    shadow.addEventListener("submit", refuse, true);
    shadow.addEventListener("change", follow);
    shadow.addEventListener("click", turn);
    return () => {
      shadow.removeEventListener("click", turn);
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
      showPage(shadow, latest.current.definition, page);
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
