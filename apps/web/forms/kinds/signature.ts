/**
 * Signature kind (decision 0028): a drawing pad (signature_pad: pointer events for mouse, pen and
 * touch) beside the renderer's typed alternative ("Type your full name to sign"), one keyboard
 * toggle apart. Both write into the renderer's one input: a PNG data URL while drawing (the input
 * is then hidden), the typed name while typing; each way's value is kept while the other shows
 * (validate.ts "signature" accepts either).
 */
import type { FormField } from "@cartwright/commerce/forms";
import SignaturePad from "signature_pad";
import type { KindContext } from "./context.ts";
import { adoptKindsCss, fieldInput, h, kindId, politeStatus } from "./parts/dom.ts";

const PNG_PREFIX = "data:image/png;base64,";

export function enhance(container: HTMLElement, field: FormField, ctx: KindContext): void {
  const typed = fieldInput(container, field);
  if (!typed || container.querySelector(".cwfk-pad")) return;
  adoptKindsCss(container);
  const canvas = h("canvas", {
    class: "cwfk-pad",
    id: kindId(ctx.formId, field, "pad"),
    role: "img",
    "aria-label": "Signature pad: draw your signature with a mouse, pen or finger",
  });
  const toggle = h("button", { type: "button", class: "cwfk-button", "aria-controls": canvas.id });
  const clear = h("button", { type: "button", class: "cwfk-button" }, "Clear signature");
  const status = politeStatus("cwfk-hint");
  const padArea = h("div", { class: "cwfk-pad-area" }, canvas, h("div", { class: "cwfk-row" }, clear));
  // The renderer's hint "Type your full name to sign." belongs to the typed way only.
  const hint = container.querySelector<HTMLElement>(`#${CSS.escape(`${typed.id}-hint`)}`);
  const typedParts = hint ? [typed, hint] : [typed];
  typed.after(h("div", { class: "cwfk-row" }, toggle), padArea, status.element);

  const pad = new SignaturePad(canvas, { backgroundColor: "rgb(255,255,255)", penColor: "#111827" });
  let drawnValue = "";
  let typedValue = "";
  // The runtime hears a new value as it hears typing (an input event on the field's own input);
  // switching to an empty way says nothing, so no "required" shows before the visitor answers.
  const put = (value: string, quietWhenEmpty = false) => {
    typed.value = value;
    if (value !== "" || !quietWhenEmpty) typed.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const write = () => {
    drawnValue = pad.isEmpty() ? "" : pad.toDataURL("image/png");
    put(drawnValue);
  };
  pad.addEventListener("endStroke", () => {
    write();
    status.say("Signature drawn.");
  });
  clear.addEventListener("click", () => {
    pad.clear();
    write();
    status.say("Signature cleared.");
    canvas.focus();
  });

  // High-DPI: the bitmap follows the shown size times the pixel ratio (at most 2 keeps the PNG small).
  const resize = () => {
    const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
    const width = Math.round(canvas.offsetWidth * ratio);
    const height = Math.round(canvas.offsetHeight * ratio);
    if (width === 0 || (canvas.width === width && canvas.height === height)) return;
    const strokes = pad.toData();
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d")?.scale(ratio, ratio);
    pad.clear();
    pad.fromData(strokes);
  };
  new ResizeObserver(resize).observe(canvas);

  let drawing = true;
  const show = (draw: boolean, notify: boolean) => {
    if (notify && draw) typedValue = typed.value;
    drawing = draw;
    toggle.textContent = draw ? "Type instead" : "Draw instead";
    padArea.hidden = !draw;
    for (const part of typedParts) part.hidden = draw;
    if (draw) resize();
    // The posted value is the shown way's: checked again, but never at start (no error before any answer).
    if (notify) put(draw ? drawnValue : typedValue, true);
  };
  toggle.addEventListener("click", () => {
    show(!drawing, true);
    (drawing ? canvas : typed).focus();
  });
  canvas.tabIndex = -1;

  // A kept value decides the start: a typed name stays typed; a drawn one is drawn again.
  if (typed.value.startsWith(PNG_PREFIX)) {
    drawnValue = typed.value;
    void pad.fromDataURL(drawnValue);
  } else typedValue = typed.value;
  show(typed.value.trim() === "" || drawnValue !== "", false);
}
