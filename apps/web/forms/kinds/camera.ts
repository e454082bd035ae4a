/**
 * Camera kind (decision 0028): "Take a photo" shows the camera (getUserMedia) and captures a still
 * into a File; without a camera, or when permission is refused, the renderer's file input (accept
 * image/*, capture) is the way, and says so. The chosen or captured file goes to ctx.setFiles and
 * into the input, so a post without the runtime's fetch carries it too (spec §5.4: required = a file).
 */
import type { CameraField, FormField } from "@cartwright/commerce/forms";
import type { KindContext } from "./context.ts";
import { adoptKindsCss, h, putFiles } from "./parts/dom.ts";
import { fileProblem } from "./parts/upload-rules.ts";

export const CAMERA_UNAVAILABLE = "The camera is not available. Choose a photo instead.";

export function enhance(container: HTMLElement, field: FormField, ctx: KindContext): void {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (field.type !== "camera" || !input || container.querySelector(".cwfk-camera")) return;
  adoptKindsCss(container);
  const rules: CameraField = field;
  const problem = h("p", { class: "cwfk-problem", role: "alert" });
  const panel = h("div", { class: "cwfk-camera" });
  input.after(panel, problem);
  let stream: MediaStream | null = null;

  const stop = () => {
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  };
  const choose = (files: File[]) => {
    ctx.setFiles(field.id, files);
    ctx.changed();
  };
  const fallBack = () => {
    stop();
    panel.replaceChildren();
    problem.textContent = CAMERA_UNAVAILABLE;
    input.hidden = false;
    input.focus();
  };

  const button = (text: string, onClick: () => void) => {
    const element = h("button", { type: "button", class: "cwfk-button" }, text);
    element.addEventListener("click", onClick);
    return element;
  };

  const showStart = () => {
    panel.replaceChildren(
      h(
        "div",
        { class: "cwfk-row" },
        button("Take a photo", () => void open()),
      ),
    );
  };

  const open = async () => {
    problem.textContent = "";
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" }, audio: false });
    } catch {
      fallBack();
      return;
    }
    const video = h("video", { class: "cwfk-video", autoplay: true, playsinline: true, muted: true, "aria-label": "Camera preview" });
    video.muted = true;
    video.srcObject = stream;
    const capture = button("Capture", () => void shoot(video));
    const cancel = button("Cancel", () => {
      stop();
      showStart();
      panel.querySelector("button")?.focus();
    });
    panel.replaceChildren(video, h("div", { class: "cwfk-row" }, capture, cancel));
    capture.focus();
  };

  const shoot = async (video: HTMLVideoElement) => {
    const canvas = h("canvas", { width: video.videoWidth || 640, height: video.videoHeight || 480 });
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    stop();
    const jpeg = rules.extensions.includes("jpg") || rules.extensions.includes("jpeg") || !rules.extensions.includes("png");
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, jpeg ? "image/jpeg" : "image/png", 0.9));
    if (!blob) return fallBack();
    const file = new File([blob], `photo-${Date.now()}.${jpeg ? "jpg" : "png"}`, { type: blob.type });
    const reason = fileProblem(rules, file);
    if (reason) {
      problem.textContent = reason;
      return showStart();
    }
    putFiles(input, [file]);
    choose([file]);
    const photo = h("img", { class: "cwfk-photo", alt: "Your photo", src: URL.createObjectURL(file) });
    const retake = button("Retake", () => void open());
    const remove = button("Remove photo", () => {
      putFiles(input, []);
      choose([]);
      showStart();
      panel.querySelector("button")?.focus();
    });
    panel.replaceChildren(photo, h("div", { class: "cwfk-row" }, retake, remove));
    retake.focus();
  };

  // The runtime hears of a photo through ctx.setFiles only (a refused one is never counted).
  input.addEventListener("input", (event) => event.stopPropagation());
  input.addEventListener("change", (event) => {
    event.stopPropagation();
    const files = [...(input.files ?? [])].slice(0, 1);
    const reason = files[0] ? fileProblem(rules, files[0]) : null;
    problem.textContent = reason ?? "";
    if (reason) {
      input.value = "";
      choose([]);
      return;
    }
    stop();
    showStart();
    choose(files);
  });

  if (typeof navigator.mediaDevices?.getUserMedia === "function") showStart();
  else problem.textContent = "";
}
