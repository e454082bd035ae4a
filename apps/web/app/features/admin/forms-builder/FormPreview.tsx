/**
 * The preview as visitors see it: the shared renderer's HTML and stylesheet in a shadow root (the
 * console's styles stay out, the form's stay in), redrawn as the owner edits, showing the page being
 * edited. When the shop's forms runtime is built, each redrawn form runs it in preview mode (decision
 * 0029): validation, totals, pages and the heavy kinds as visitors get them, nothing sent or stored;
 * its page changes turn the builder's page and the builder's page picks show in it. Without the
 * runtime the builder draws logic and pages itself. Either way the preview's form never submits.
 */
import type { Currency } from "@cartwright/commerce";
import { collectValues, type FormDefinition, visibleFields } from "@cartwright/commerce/forms";
import { useEffect, useMemo, useRef } from "react";
import { useRouteLoaderData } from "react-router";
import { FORM_CSS, renderForm } from "../../../../forms/render/index.ts";
import type { loader as layoutLoader } from "../../../routes/admin/layout.tsx";
import { builderMessages as t } from "./messages.ts";
import { previewPayload } from "./preview-payload.ts";
import { loadFormsRuntime, mountPreview, previewMarkup, previewStyles } from "./runtime.ts";

/** The runtime's events (apps/web/forms/pages.ts PAGE_EVENT, preview.ts SHOW_PAGE_EVENT), named here so no runtime code is bundled. */
const PAGE_EVENT = "cwf:page";
const SHOW_PAGE_EVENT = "cwf:show-page";

/** The preview's form once the runtime has mounted it, else null (the builder then draws logic and pages itself). */
const runningForm = (shadow: ShadowRoot) => shadow.querySelector<HTMLFormElement>("form.cwf[data-ready]");

function showRuntimePage(form: HTMLFormElement, page: number): void {
  form.dispatchEvent(new CustomEvent(SHOW_PAGE_EVENT, { detail: { page } }));
}

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
  const runtimeSrc = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")?.formsRuntime ?? null;
  const markup = useMemo(() => {
    try {
      const payload = previewPayload(definition, currency);
      return previewMarkup(renderForm(payload, { scripted: true }), runtimeSrc ? payload : null);
    } catch {
      // A half-edited definition the renderer cannot draw yet: the last good preview stays.
      return null;
    }
  }, [definition, currency, runtimeSrc]);

  useEffect(() => {
    if (runtimeSrc) loadFormsRuntime(runtimeSrc);
  }, [runtimeSrc]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    if (!root.current) {
      root.current = element.shadowRoot ?? element.attachShadow({ mode: "open" });
      previewStyles(root.current, FORM_CSS);
    }
    // Nothing leaves the preview, whatever the visitor's controls do.
    const shadow = root.current;
    const refuse = (event: Event) => event.preventDefault();
    const follow = () => {
      if (!runningForm(shadow)) applyLogic(shadow, latest.current.definition);
    };
    const turn = (event: Event) => {
      if (runningForm(shadow)) return;
      const button = (event.target as Element | null)?.closest?.(".cwf-next, .cwf-prev");
      if (!button) return;
      const { page: current, onPage: go, definition: shown } = latest.current;
      const next = current + (button.classList.contains("cwf-next") ? 1 : -1);
      if (next >= 1 && next <= shown.pages.length) go(next);
    };
    // The runtime's form starts on page 1: it is told the page being edited; its own moves turn the builder.
    const ready = (event: Event) => {
      if (event.target instanceof HTMLFormElement) showRuntimePage(event.target, latest.current.page);
    };
    const moved = (event: Event) => {
      const shown = Number((event as CustomEvent<{ page?: unknown }>).detail?.page);
      if (Number.isInteger(shown) && shown !== latest.current.page) latest.current.onPage(shown);
    };
    shadow.addEventListener("submit", refuse, true);
    shadow.addEventListener("change", follow);
    shadow.addEventListener("click", turn);
    shadow.addEventListener("cwf:ready", ready);
    shadow.addEventListener(PAGE_EVENT, moved);
    return () => {
      shadow.removeEventListener(PAGE_EVENT, moved);
      shadow.removeEventListener("cwf:ready", ready);
      shadow.removeEventListener("click", turn);
      shadow.removeEventListener("submit", refuse, true);
      shadow.removeEventListener("change", follow);
    };
  }, []);

  useEffect(() => {
    const shadow = root.current;
    const frame = host.current;
    // Busy while a redraw waits: what is clicked in the preview now would be replaced by it.
    if (!shadow || markup === null) {
      frame?.removeAttribute("aria-busy");
      return;
    }
    frame?.setAttribute("aria-busy", "true");
    const timer = setTimeout(() => {
      // Parsed in a detached template: set as the shadow root's innerHTML, the parser would drop the
      // preview's <form> because the host sits inside the builder's own form.
      const template = document.createElement("template");
      template.innerHTML = markup;
      shadow.replaceChildren(template.content);
      showPage(shadow, latest.current.definition, latest.current.page);
      if (runtimeSrc) mountPreview(shadow);
      frame?.removeAttribute("aria-busy");
    }, 120);
    return () => clearTimeout(timer);
  }, [markup, runtimeSrc]);

  // A page picked in the builder: the running form shows it (keeping what was typed), else it is drawn here.
  useEffect(() => {
    const shadow = root.current;
    if (!shadow) return;
    const form = runningForm(shadow);
    if (form) showRuntimePage(form, page);
    else showPage(shadow, latest.current.definition, page);
  }, [page]);

  return (
    <section className="admin-preview builder-preview" aria-labelledby="builder-preview-title">
      <h2 id="builder-preview-title">{t.preview}</h2>
      <p className="admin-muted">{t.previewHint}</p>
      <div ref={host} className="builder-preview__frame" data-testid="form-preview" />
    </section>
  );
}
