/**
 * The product editor's Downloads card (decision 0094), loaded on use: whether the product (or, for
 * a variable product, the chosen variation) is downloadable, its limit and expiry, and its files
 * (upload, name, reorder by Move up/Move down, remove). Files are saved as they are uploaded;
 * the settings by their own button, apart from the product form.
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import { AdminApiError } from "../api.ts";
import { ConfirmDialog, useAnnounce } from "../components/feedback.tsx";
import { consoleMessages } from "../messages.ts";
import { type DownloadFile, downloadsApi, limitOf, type ProductDownloads, sizeLabel } from "./api.ts";
import { downloadMessages as t } from "./messages.ts";

interface Props {
  product: { id: number; type: string; variations: { id: number; sku: string }[] };
}

const reason = (error: unknown) => (error instanceof AdminApiError ? error.message : consoleMessages.networkError);

export default function DownloadsCard({ product }: Props) {
  const variable = product.type === "variable";
  const [target, setTarget] = useState<number | null>(variable ? (product.variations[0]?.id ?? null) : product.id);
  const selectId = useId();
  return (
    <section className="admin-card admin-downloads" aria-labelledby="downloads-title">
      <h2 id="downloads-title">{t.title}</h2>
      <p className="admin-muted">{t.intro}</p>
      {variable && (
        <>
          <p className="admin-muted">{t.variableHint}</p>
          <label htmlFor={selectId}>{t.which}</label>{" "}
          <select id={selectId} value={target ?? ""} onChange={(event) => setTarget(Number(event.target.value))}>
            {product.variations.map((variation) => (
              <option key={variation.id} value={variation.id}>
                {`#${variation.id}${variation.sku ? ` (${variation.sku})` : ""}`}
              </option>
            ))}
          </select>
        </>
      )}
      {target !== null && <ProductFiles key={target} productId={target} />}
    </section>
  );
}

function ProductFiles({ productId }: { productId: number }) {
  const announce = useAnnounce();
  const ids = { downloadable: useId(), limit: useId(), expiry: useId(), name: useId(), file: useId() };
  const [data, setData] = useState<ProductDownloads | null>(null);
  const [failed, setFailed] = useState("");
  const [downloadable, setDownloadable] = useState(false);
  const [limit, setLimit] = useState("");
  const [expiry, setExpiry] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<DownloadFile | null>(null);

  const show = (next: ProductDownloads) => {
    setData(next);
    setDownloadable(next.downloadable);
    setLimit(next.download_limit === null ? "" : String(next.download_limit));
    setExpiry(next.download_expiry_days === null ? "" : String(next.download_expiry_days));
  };
  useEffect(() => {
    downloadsApi.read(productId).then(show, (error) => setFailed(reason(error)));
  }, [productId]);

  if (failed) return <p role="alert">{`${t.failed} ${failed}`}</p>;
  if (!data) return <p role="status">{t.loading}</p>;

  async function saveSettings(event: FormEvent) {
    event.preventDefault();
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (busy) return;
    const limitValue = limitOf(limit);
    const expiryValue = limitOf(expiry);
    const found: Record<string, string> = {};
    if (limitValue === undefined) found.download_limit = t.wholeNumber;
    if (expiryValue === undefined) found.download_expiry_days = t.wholeNumber;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      show(
        await downloadsApi.save(productId, {
          downloadable,
          download_limit: limitValue,
          download_expiry_days: expiryValue,
          version: data?.version,
        }),
      );
      announce(t.saved);
    } catch (error) {
      setErrors(error instanceof AdminApiError && Object.keys(error.fields).length ? error.fields : { form: reason(error) });
    } finally {
      setBusy(false);
    }
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (busy) return;
    const form = event.currentTarget;
    const input = form.elements.namedItem("file") as HTMLInputElement;
    const name = (form.elements.namedItem("name") as HTMLInputElement).value;
    const file = input.files?.[0];
    if (!file) {
      setErrors({ file: "Choose a file to upload." });
      return;
    }
    setBusy(true);
    try {
      const added = await downloadsApi.upload(productId, file, name);
      setData((current) => current && { ...current, files: [...current.files, added] });
      form.reset();
      setErrors({});
      announce(t.uploaded(added.name));
    } catch (error) {
      setErrors(error instanceof AdminApiError && Object.keys(error.fields).length ? error.fields : { file: reason(error) });
    } finally {
      setBusy(false);
    }
  }

  async function move(index: number, by: -1 | 1) {
    if (!data) return;
    const files = [...data.files];
    const [file] = files.splice(index, 1);
    if (!file) return;
    files.splice(index + by, 0, file);
    try {
      show(await downloadsApi.save(productId, { file_order: files.map((f) => f.id) }));
      announce(t.moved(file.name, index + by + 1));
      requestAnimationFrame(() => document.getElementById(`download-file-${file.id}-${by < 0 ? "up" : "down"}`)?.focus());
    } catch (error) {
      setErrors({ form: reason(error) });
    }
  }

  async function rename(file: DownloadFile, name: string) {
    try {
      show(await downloadsApi.rename(productId, file, name));
      setErrors({});
      announce(t.renamed);
    } catch (error) {
      setErrors({ [`name-${file.id}`]: error instanceof AdminApiError ? (error.fields.name ?? error.message) : reason(error) });
    }
  }

  async function remove(file: DownloadFile) {
    setRemoving(null);
    try {
      await downloadsApi.remove(productId, file.id);
      setData((current) => current && { ...current, files: current.files.filter((f) => f.id !== file.id) });
      announce(t.removed(file.name));
    } catch (error) {
      setErrors({ form: reason(error) });
    }
  }

  const errorOf = (field: string) =>
    errors[field] ? (
      <p className="admin-alert admin-alert--error" id={`${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      {errors.form && <p role="alert">{errors.form}</p>}
      <form onSubmit={saveSettings} className="admin-downloads__settings" noValidate>
        <p>
          <input id={ids.downloadable} type="checkbox" checked={downloadable} onChange={(event) => setDownloadable(event.target.checked)} />{" "}
          <label htmlFor={ids.downloadable}>{t.downloadable}</label>
        </p>
        {errorOf("downloadable")}
        <p>
          <label htmlFor={ids.limit}>{t.limit}</label>
          <input
            id={ids.limit}
            inputMode="numeric"
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
            aria-describedby={`${ids.limit}-hint${errors.download_limit ? " download_limit-error" : ""}`}
            aria-invalid={errors.download_limit ? true : undefined}
          />
          <span className="admin-muted" id={`${ids.limit}-hint`}>
            {t.limitHint}
          </span>
        </p>
        {errorOf("download_limit")}
        <p>
          <label htmlFor={ids.expiry}>{t.expiry}</label>
          <input
            id={ids.expiry}
            inputMode="numeric"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            aria-describedby={`${ids.expiry}-hint${errors.download_expiry_days ? " download_expiry_days-error" : ""}`}
            aria-invalid={errors.download_expiry_days ? true : undefined}
          />
          <span className="admin-muted" id={`${ids.expiry}-hint`}>
            {t.expiryHint}
          </span>
        </p>
        {errorOf("download_expiry_days")}
        <button type="submit" className="button" aria-disabled={busy}>
          {t.save}
        </button>
      </form>

      <h3>{t.files}</h3>
      {data.files.length === 0 ? (
        <p>{t.noFiles}</p>
      ) : (
        <ol className="admin-downloads__files">
          {data.files.map((file, index) => (
            <li key={file.id}>
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void rename(file, (event.currentTarget.elements.namedItem("name") as HTMLInputElement).value);
                }}
              >
                <label htmlFor={`download-file-${file.id}-name`} className="visually-hidden">
                  {t.rename(file.name)}
                </label>
                <input id={`download-file-${file.id}-name`} name="name" defaultValue={file.name} maxLength={200} />{" "}
                <button type="submit" className="button button--secondary">
                  {t.saveName}
                </button>{" "}
                <span className="admin-muted">
                  {file.file_name} · {sizeLabel(file.size)}
                </span>
                {errorOf(`name-${file.id}`)}
              </form>
              <div className="admin-actions">
                <button
                  id={`download-file-${file.id}-up`}
                  type="button"
                  className="button button--secondary"
                  disabled={index === 0}
                  aria-label={t.moveUp(file.name)}
                  onClick={() => void move(index, -1)}
                >
                  ↑
                </button>
                <button
                  id={`download-file-${file.id}-down`}
                  type="button"
                  className="button button--secondary"
                  disabled={index === data.files.length - 1}
                  aria-label={t.moveDown(file.name)}
                  onClick={() => void move(index, 1)}
                >
                  ↓
                </button>
                <button type="button" className="button button--secondary" onClick={() => setRemoving(file)}>
                  {t.remove(file.name)}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={upload} className="admin-downloads__upload" noValidate>
        <h3>{t.addFile}</h3>
        <p>
          <label htmlFor={ids.file}>{t.addFile}</label>
          <input id={ids.file} name="file" type="file" aria-invalid={errors.file ? true : undefined} />
        </p>
        {errorOf("file")}
        <p>
          <label htmlFor={ids.name}>{t.fileName}</label>
          <input id={ids.name} name="name" maxLength={200} aria-describedby={`${ids.name}-hint`} />
          <span className="admin-muted" id={`${ids.name}-hint`}>
            {t.fileNameHint}
          </span>
        </p>
        {errorOf("name")}
        <button type="submit" className="button button--secondary" aria-disabled={busy}>
          {busy ? t.uploading : t.upload}
        </button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={t.confirmRemoveTitle}
        body={t.confirmRemoveBody}
        confirmLabel={removing ? t.remove(removing.name) : ""}
        cancelLabel={t.cancel}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
