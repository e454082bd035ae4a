/**
 * The order page's Downloads card (decision 0094), loaded on use: the downloads granted with their
 * counts, what is left and when they expire; Revoke one; Grant access to a product's files: a
 * line's (again after a revoke, or files added since) or any other downloadable product's
 * (decision 0100).
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import { AdminApiError } from "../api.ts";
import { useAnnounce } from "../components/feedback.tsx";
import { consoleMessages } from "../messages.ts";
import { formatDateTime } from "../order/format.ts";
import { downloadsApi, type GrantableDownload, type OrderDownload } from "./api.ts";
import { downloadMessages as t } from "./messages.ts";

interface Props {
  order: { id: number };
}

const reason = (error: unknown) =>
  error instanceof AdminApiError ? (Object.values(error.fields)[0] ?? error.message) : consoleMessages.networkError;

export default function OrderDownloadsCard({ order }: Props) {
  const announce = useAnnounce();
  const selectId = useId();
  const [downloads, setDownloads] = useState<OrderDownload[] | null>(null);
  const [problem, setProblem] = useState("");
  const [grantable, setGrantable] = useState<GrantableDownload[] | null>(null);
  const [chosen, setChosen] = useState("");

  useEffect(() => {
    downloadsApi.ofOrder(order.id).then(setDownloads, (error) => setProblem(reason(error)));
    downloadsApi.grantable(order.id).then(
      (products) => {
        setGrantable(products);
        setChosen(String(products[0]?.product_id ?? ""));
      },
      (error) => setProblem(reason(error)),
    );
  }, [order.id]);

  async function revoke(download: OrderDownload) {
    try {
      await downloadsApi.revoke(order.id, download.id);
      setDownloads((current) => (current ?? []).filter((d) => d.id !== download.id));
      setProblem("");
      announce(t.revoked(download.file_name));
    } catch (error) {
      setProblem(reason(error));
    }
  }

  async function grant(event: FormEvent) {
    event.preventDefault();
    try {
      const reply = await downloadsApi.grant(order.id, Number(chosen));
      setDownloads(reply.downloads);
      setProblem("");
      announce(reply.added ? t.granted(reply.added) : t.nothingGranted);
    } catch (error) {
      setProblem(reason(error));
    }
  }

  return (
    <section className="admin-card admin-downloads" aria-labelledby="order-downloads-title">
      <h2 id="order-downloads-title">{t.orderTitle}</h2>
      {problem && (
        <p role="alert" className="admin-alert admin-alert--error">
          {problem}
        </p>
      )}
      {downloads === null ? (
        !problem && <p role="status">{t.loading}</p>
      ) : downloads.length === 0 ? (
        <p>{t.orderNone}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">{t.orderTable}</caption>
          <thead>
            <tr>
              <th scope="col">{t.file}</th>
              <th scope="col">{t.count}</th>
              <th scope="col">{t.remaining}</th>
              <th scope="col">{t.expires}</th>
              <th scope="col">{t.lastDownload}</th>
              <th scope="col">
                <span className="visually-hidden">{t.revoke("")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {downloads.map((download) => (
              <tr key={download.id}>
                <th scope="row">
                  {download.file_name}
                  <span className="admin-muted"> · {download.product_name}</span>
                </th>
                <td>{download.download_count}</td>
                <td>{download.downloads_remaining ?? t.unlimited}</td>
                <td>{download.access_expires ? formatDateTime(download.access_expires) : t.never}</td>
                <td>{download.last_download ? formatDateTime(download.last_download) : "–"}</td>
                <td>
                  <button type="button" className="button button--secondary" onClick={() => void revoke(download)}>
                    {t.revoke(download.file_name)}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {grantable !== null &&
        (grantable.length === 0 ? (
          <p className="admin-muted">{t.grantNone}</p>
        ) : (
          <form onSubmit={grant} className="admin-actions">
            <label htmlFor={selectId}>{t.grantLabel}</label>
            <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              {[
                { label: t.grantOnOrder, products: grantable.filter((p) => p.on_order) },
                { label: t.grantOther, products: grantable.filter((p) => !p.on_order) },
              ]
                .filter((group) => group.products.length > 0)
                .map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.products.map((p) => (
                      <option key={p.product_id} value={p.product_id}>
                        {t.productOption(p.name, p.sku, p.files)}
                      </option>
                    ))}
                  </optgroup>
                ))}
            </select>
            <button type="submit" className="button button--secondary">
              {t.grant}
            </button>
          </form>
        ))}
    </section>
  );
}
