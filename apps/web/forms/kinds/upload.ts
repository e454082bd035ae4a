/**
 * Upload kind (decision 0028): a drop zone with a keyboard-usable "Choose files" button, the chosen
 * files listed with their size and a remove button, each file checked at once with the field's
 * messages, and the form's combined size rule (spec §4.4, §5.4 post_max_size): submit blocked while
 * over, unblocked when back under. The runtime shows the sending progress (its XHR) by the submit button.
 */
import type { FileUploadField, FormField } from "@cartwright/commerce/forms";
import type { KindContext } from "./context.ts";
import { adoptKindsCss, h, kindId, putFiles } from "./parts/dom.ts";
import { addFiles, readableSize, totalSizeProblem } from "./parts/upload-rules.ts";

export function enhance(container: HTMLElement, field: FormField, ctx: KindContext): void {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (field.type !== "file-upload" || !input || container.querySelector(".cwfk-drop")) return;
  adoptKindsCss(container);
  const rules: FileUploadField = field;
  const one = rules.maxFiles === 1;
  const buttonId = kindId(ctx.formId, field, "choose");
  const label = container.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(input.id)}"]`);
  if (label && !label.id) label.id = kindId(ctx.formId, field, "label");
  const choose = h(
    "button",
    {
      type: "button",
      class: "cwfk-button",
      id: buttonId,
      "aria-labelledby": label ? `${label.id} ${buttonId}` : undefined,
      // The renderer's "Accepted: …" hint and the field's error describe the button now.
      "aria-describedby": input.getAttribute("aria-describedby") ?? undefined,
    },
    one ? "Choose a file" : "Choose files",
  );
  const zone = h("div", { class: "cwfk-drop" }, h("span", null, one ? "Drag a file here, or " : "Drag files here, or "), choose);
  const problem = h("p", { class: "cwfk-problem", role: "alert" });
  const list = h("ul", { class: "cwfk-files", "aria-label": `${field.label}: chosen files` });
  input.hidden = true;
  if (label) label.htmlFor = buttonId;
  input.after(zone, problem, list);

  let files: File[] = ctx.filesFor(field.id);

  const draw = () => {
    list.replaceChildren(
      ...files.map((file, index) => {
        const remove = h("button", { type: "button", class: "cwfk-button", "aria-label": `Remove ${file.name}` }, "Remove");
        remove.addEventListener("click", () => {
          files = files.filter((_, at) => at !== index);
          problem.textContent = "";
          commit();
          choose.focus();
        });
        return h("li", null, h("span", null, file.name), h("span", { class: "cwfk-hint" }, readableSize(file.size)), remove);
      }),
    );
    list.hidden = files.length === 0;
  };
  const commit = () => {
    ctx.setFiles(field.id, files);
    putFiles(input, files);
    draw();
    const own = files.reduce((sum, file) => sum + file.size, 0);
    ctx.setSubmitBlocked(totalSizeProblem(own + ctx.uploadTotalBytes(), ctx.payload.maxUploadTotalBytes));
    ctx.changed();
  };
  const take = (added: File[]) => {
    if (added.length === 0) return;
    const result = addFiles(rules, files, added);
    files = result.files;
    problem.textContent = result.problems.join(" ");
    commit();
  };

  choose.addEventListener("click", () => input.click());
  // Our own copy is the truth (the native list is rewritten from it): the runtime hears of a choice through
  // ctx.setFiles only, never counting a refused file the browser's own events would show it.
  input.addEventListener("input", (event) => event.stopPropagation());
  input.addEventListener("change", (event) => {
    event.stopPropagation();
    take([...(input.files ?? [])]);
  });
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.dataset.over = "";
  });
  zone.addEventListener("dragleave", () => delete zone.dataset.over);
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    delete zone.dataset.over;
    take([...(event.dataTransfer?.files ?? [])]);
  });
  draw();
}
