/** The downloads table of the order-received, account order and account downloads pages (decision 0094). */
import type { DownloadRow } from "./downloads.server.ts";
import { downloadMessages as t } from "./messages.ts";

/** `heading` false: the table alone (the Downloads page has its own title). */
export function DownloadsTable({ rows, heading = true }: { rows: DownloadRow[]; heading?: boolean }) {
  if (!rows.length) return null;
  const withOrder = rows.some((row) => row.orderLink);
  return (
    <section
      className="order-downloads"
      aria-labelledby={heading ? "order-downloads-title" : undefined}
      aria-label={heading ? undefined : t.title}
    >
      {heading && <h2 id="order-downloads-title">{t.title}</h2>}
      <table className="account-table order-downloads__table">
        <caption className="visually-hidden">{t.tableLabel}</caption>
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            {withOrder && <th scope="col">{t.order}</th>}
            <th scope="col">{t.remaining}</th>
            <th scope="col">{t.expires}</th>
            <th scope="col">
              <span className="visually-hidden">{t.download}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                {row.product}
                {row.file !== row.product && <span className="order-downloads__file">{row.file}</span>}
              </th>
              {withOrder && <td>{row.orderLink && <a href={row.orderLink}>{t.viewOrder}</a>}</td>}
              <td>{row.remaining}</td>
              <td>{row.expiresAt ? <time dateTime={row.expiresAt}>{row.expires}</time> : row.expires}</td>
              <td>
                <a href={row.url} className="button" download>
                  {t.downloadFile(row.file)}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
