/**
 * The product form's Images card (decision 0045): upload by the file input or by dropping files
 * on it, the gallery in order (the first the main image) moved by Move up/Move down buttons (focus
 * stays on the moved image, its new place announced) or by dragging, alt text per image (a
 * warning while empty), remove. Uploads are saved at once; the gallery is saved with the product.
 * While an upload runs the file input keeps the keyboard's focus (aria-disabled, not disabled) and
 * refuses another pick or drop, saying why.
 */
import { type DragEvent, useContext, useEffect, useId, useRef, useState } from "react";
import { AdminApiError } from "../../api.ts";
import { useAnnounce } from "../../components/feedback.tsx";
import { FieldErrorsContext, TextField } from "../../components/fields.tsx";
import { consoleMessages } from "../../messages.ts";
import { type GalleryImage, mediaApi, moveItem } from "./api.ts";
import { imageMessages as t } from "./messages.ts";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

interface Props {
  images: readonly GalleryImage[];
  onChange(images: GalleryImage[]): void;
}

export function ImagesCard({ images, onChange }: Props) {
  const inputId = useId();
  const announce = useAnnounce();
  const errors = useContext(FieldErrorsContext);
  const [uploading, setUploading] = useState(0);
  // Set before the first await, so a pick or drop in the same moment is refused too.
  const inFlight = useRef(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());
  // Uploads finish one after another: each adds to the gallery as it is then.
  const latest = useRef(images);
  latest.current = images;
  const change = (next: GalleryImage[]) => {
    latest.current = next;
    onChange(next);
  };

  useEffect(() => {
    if (!focusAfterMove) return;
    buttons.current.get(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  /** A pick or drop while an upload runs: nothing is sent, and the owner hears why. */
  const refuseWhileBusy = () => announce(t.stillUploading);

  async function upload(files: File[]) {
    const chosen = files.filter((file) => file.size > 0 || file.name);
    if (!chosen.length) return;
    if (inFlight.current) {
      refuseWhileBusy();
      return;
    }
    inFlight.current = true;
    setProblems([]);
    setUploading(chosen.length);
    const refused: string[] = [];
    for (const file of chosen) {
      try {
        const media = await mediaApi.upload(file);
        change([...latest.current, { id: media.id, alt: media.alt, thumbnail: media.thumbnail, width: media.width, height: media.height }]);
        announce(t.uploaded(file.name));
      } catch (error) {
        const reason = error instanceof AdminApiError ? (error.fields.file ?? error.message) : consoleMessages.networkError;
        refused.push(t.refused(file.name, reason));
      }
      setUploading((n) => n - 1);
    }
    inFlight.current = false;
    setProblems(refused);
  }

  function move(from: number, to: number, button?: "up" | "down") {
    if (to < 0 || to >= images.length || from === to) return;
    const moved = images[from];
    change(moveItem(images, from, to));
    announce(t.moved(to + 1, images.length));
    if (moved && button) {
      // At the top or bottom the pressed button is disabled: the other one keeps the focus.
      const edge = (button === "up" && to === 0) || (button === "down" && to === images.length - 1);
      setFocusAfterMove(`${moved.id}-${edge ? (button === "up" ? "down" : "up") : button}`);
    }
  }

  function remove(index: number) {
    const next = images.filter((_, i) => i !== index);
    change(next);
    announce(t.removed(next.length));
    const neighbour = next[Math.min(index, next.length - 1)];
    setFocusAfterMove(neighbour ? `${neighbour.id}-remove` : "upload");
  }

  const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes("Files");

  return (
    <section
      className="admin-card admin-images"
      aria-labelledby={`${inputId}-title`}
      onDragOver={(event) => {
        if (!isFileDrag(event)) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(event) => {
        if (!isFileDrag(event)) return;
        event.preventDefault();
        setDropping(false);
        void upload([...event.dataTransfer.files]);
      }}
    >
      <h2 id={`${inputId}-title`}>{t.title}</h2>
      <p className="admin-muted">{t.intro}</p>
      <div className={`admin-images__drop${dropping ? " admin-images__drop--active" : ""}`}>
        <label htmlFor={inputId}>{t.choose}</label>
        <p id={`${inputId}-hint`} className="admin-field__hint">
          {dropping ? t.dropHere : t.chooseHint}
        </p>
        <input
          id={inputId}
          ref={(element) => {
            if (element) buttons.current.set("upload", element);
          }}
          type="file"
          accept={ACCEPT}
          multiple
          aria-describedby={`${inputId}-hint`}
          // aria-disabled, not disabled: a disabled input would drop the keyboard's focus to the page.
          aria-disabled={uploading > 0}
          onClick={(event) => {
            // No file chooser while an upload runs (Space and Enter click the input too).
            if (!inFlight.current) return;
            event.preventDefault();
            refuseWhileBusy();
          }}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            void upload(files);
          }}
        />
      </div>
      <div aria-live="polite">{uploading > 0 && <p className="admin-muted">{t.uploading(uploading)}</p>}</div>
      {problems.length > 0 && (
        <ul className="admin-images__problems" role="alert">
          {problems.map((problem) => (
            <li key={problem} className="admin-field__error">
              {problem}
            </li>
          ))}
        </ul>
      )}
      {errors.images && <p className="admin-field__error">{errors.images}</p>}
      {images.length === 0 ? (
        <p className="admin-empty">{t.empty}</p>
      ) : (
        <ol className="admin-images__list" aria-label={t.gallery}>
          {images.map((image, index) => {
            const position = index + 1;
            const missingAlt = !(image.alt ?? "").trim();
            const idError = errors[`images.${index}.id`];
            const keep = (key: string) => (element: HTMLButtonElement | null) => {
              if (element) buttons.current.set(`${image.id}-${key}`, element);
              else buttons.current.delete(`${image.id}-${key}`);
            };
            return (
              <li
                key={image.id}
                className={`admin-images__item${dragged === index ? " admin-images__item--dragged" : ""}`}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  setDragged(index);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => {
                  if (dragged !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  move(dragged, index);
                  setDragged(null);
                }}
              >
                <div className="admin-images__picture">
                  {image.thumbnail ? <img src={image.thumbnail} alt="" width={96} height={96} /> : null}
                  <span className="admin-muted">{index === 0 ? t.mainImage : t.imageLabel(position, images.length)}</span>
                </div>
                <div className="admin-images__fields">
                  <TextField
                    path={`images.${index}.alt`}
                    label={t.alt(position)}
                    hint={missingAlt ? t.altMissing : t.altHint}
                    value={image.alt ?? ""}
                    onChange={(alt) => change(images.map((item, i) => (i === index ? { ...item, alt } : item)))}
                  />
                  {missingAlt && (
                    <span className="admin-badge admin-badge--warning" aria-hidden="true">
                      {t.altBadge}
                    </span>
                  )}
                  {idError && <p className="admin-field__error">{idError}</p>}
                </div>
                <div className="admin-images__actions">
                  <button
                    type="button"
                    className="button admin-button--small"
                    ref={keep("up")}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, "up")}
                  >
                    {t.moveUp(position)}
                  </button>
                  <button
                    type="button"
                    className="button admin-button--small"
                    ref={keep("down")}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1, "down")}
                  >
                    {t.moveDown(position)}
                  </button>
                  <button
                    type="button"
                    className="button admin-button--small admin-button--danger"
                    ref={keep("remove")}
                    onClick={() => remove(index)}
                  >
                    {t.remove(position)}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p className="admin-muted">{t.unsavedNote}</p>
    </section>
  );
}
