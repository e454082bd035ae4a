/**
 * /admin/products/import: a product CSV file checked first (a dry run: what it would create and
 * change, or each problem with its line and column), then imported; nothing is written while any
 * row has a problem (decision 0046).
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { failureText } from "../../features/admin/components/failure.ts";
import { useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import {
  changesNothing,
  type ImportOutcome,
  type ImportSummary,
  importProductsFile,
  csvMessages as t,
} from "../../features/admin/products/csv.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/product-import";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

type Phase = "idle" | "checking" | "importing";

function SummaryList({ summary }: { summary: ImportSummary }) {
  const lists: [string, string[]][] = [
    [t.newCategories, summary.new_categories],
    [t.newTags, summary.new_tags],
    [t.newAttributes, summary.new_attributes],
    [t.newTerms, summary.new_terms],
    [t.ignored, summary.ignored_columns],
  ];
  return (
    <>
      <ul className="admin-import__counts">
        <li>{t.created(summary.created)}</li>
        <li>{t.updated(summary.updated)}</li>
        <li>{t.unchanged(summary.unchanged)}</li>
        <li>{t.variations(summary.variations_created, summary.variations_updated, summary.variations_unchanged)}</li>
      </ul>
      {changesNothing(summary) && <p>{t.nothingChanges}</p>}
      {lists
        .filter(([, items]) => items.length)
        .map(([label, items]) => (
          <p key={label}>
            <strong>{label}:</strong> {items.join(", ")}
          </p>
        ))}
    </>
  );
}

export default function ProductImportPage() {
  const announce = useAnnounce();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [checked, setChecked] = useState<ImportOutcome | null>(null);
  const [done, setDone] = useState<ImportSummary | null>(null);
  const [error, setError] = useState("");
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // The result's heading takes the focus, so a keyboard or screen reader user lands on what happened.
  useEffect(() => {
    if (checked || done) resultHeading.current?.focus();
  }, [checked, done]);

  async function send(dryRun: boolean) {
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (phase !== "idle") return;
    if (!file) {
      setError(t.noFile);
      return;
    }
    setError("");
    setPhase(dryRun ? "checking" : "importing");
    try {
      const outcome = await importProductsFile(file, dryRun);
      if (outcome.ok && !dryRun) {
        setDone(outcome.summary);
        setChecked(null);
        announce(t.doneAnnounce(outcome.summary.created, outcome.summary.updated, outcome.summary.unchanged));
      } else {
        setChecked(outcome);
        setDone(null);
        announce(outcome.ok ? t.checkedAnnounce : t.refusedAnnounce(outcome.total), outcome.ok ? "status" : "error");
      }
    } catch (failure) {
      // The shop's refusal in its words (a file too large); a call the network dropped, not the browser's "Failed to fetch".
      setError(failureText(failure, () => t.failed));
    } finally {
      setPhase("idle");
    }
  }

  const busy = phase !== "idle";
  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <Link to="/admin/products" className="button button--secondary">
          {t.backToProducts}
        </Link>
      </PageHead>
      <p className="admin-muted">{t.intro}</p>
      <p className="admin-muted">{t.formatNote}</p>
      <form
        className="admin-card admin-import"
        onSubmit={(event) => {
          event.preventDefault();
          void send(true);
        }}
      >
        <div className="admin-field">
          <label htmlFor="import-file">{t.file}</label>
          <input
            id="import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setChecked(null);
              setDone(null);
              setError("");
            }}
          />
          <p id="import-file-hint" className="admin-muted">
            {t.fileHint}
          </p>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button button--secondary" aria-disabled={busy}>
            {phase === "checking" ? t.checking : t.check}
          </button>
          {checked?.ok && (
            <button type="button" className="button" aria-disabled={busy} onClick={() => void send(false)}>
              {phase === "importing" ? t.importing : t.importNow}
            </button>
          )}
        </div>
      </form>
      <ErrorAlert message={error} />
      {checked?.ok && (
        <section className="admin-card" aria-labelledby="import-result">
          <h2 id="import-result" ref={resultHeading} tabIndex={-1}>
            {t.checkedTitle}
          </h2>
          <SummaryList summary={checked.summary} />
        </section>
      )}
      {checked && !checked.ok && (
        <section className="admin-card" aria-labelledby="import-result">
          <h2 id="import-result" ref={resultHeading} tabIndex={-1}>
            {t.problemsTitle(checked.total)}
          </h2>
          {checked.total > checked.problems.length && (
            <p className="admin-muted">{t.problemsMore(checked.problems.length, checked.total)}</p>
          )}
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{t.problemsTitle(checked.total)}</caption>
              <thead>
                <tr>
                  <th scope="col" className="admin-num">
                    {t.line}
                  </th>
                  <th scope="col">{t.column}</th>
                  <th scope="col">{t.problem}</th>
                </tr>
              </thead>
              <tbody>
                {checked.problems.map((problem, i) => (
                  <tr key={`${problem.line}-${i}`}>
                    <th scope="row" className="admin-num">
                      {problem.line}
                    </th>
                    <td>{problem.column ?? t.wholeRow}</td>
                    <td>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {done && (
        <section className="admin-card" aria-labelledby="import-result">
          <h2 id="import-result" ref={resultHeading} tabIndex={-1}>
            {t.doneTitle}
          </h2>
          <SummaryList summary={done} />
          <Link to="/admin/products">{t.backToProducts}</Link>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
