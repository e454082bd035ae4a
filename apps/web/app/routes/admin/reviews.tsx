/**
 * /admin/reviews: product reviews (decision 0090) by status tab with counts, search and filters by
 * product and rating, pages, bulk and row moderation, editing the text and rating, and the shop's reply.
 */
import { useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { useActionError } from "../../features/admin/components/page-actions.ts";
import { useReportNavCount } from "../../features/admin/nav-counts.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { type AdminReview, type BulkAction, type ReviewListQuery, reviewsApi } from "../../features/admin/reviews/api.ts";
import { reviewsMessages as t } from "../../features/admin/reviews/messages.ts";
import { bulkActionsFor, REVIEW_TABS, reviewsLink, reviewsQuery, rowActionsFor } from "../../features/admin/reviews/model.ts";
import { formatInZone } from "../../features/admin/time-zone.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/reviews";

const PER_PAGE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = reviewsQuery(new URL(request.url).searchParams);
  return { query, list: await reviewsApi.list(query, PER_PAGE) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const announce = useAnnounce();
  const { error, attempt } = useActionError();
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, setBulk] = useState<BulkAction | "">("");
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const ids = list.reviews.map((r) => r.id);
  const chosen = selected.filter((id) => ids.includes(id));
  useReportNavCount("reviews", list.counts.pending);
  const productName = query.product_id ? list.reviews.find((r) => r.product.id === query.product_id)?.product.name : undefined;

  async function run(action: BulkAction, targets: number[]) {
    if (!targets.length) return;
    if (action === "delete" && deleting === null) {
      setDeleting(targets);
      return;
    }
    setDeleting(null);
    await attempt(async () => {
      const result = await reviewsApi.bulk(targets, action);
      setSelected([]);
      setBulk("");
      await revalidator.revalidate();
      announce(t.done(action, result.changed));
    });
  }

  return (
    <div className="admin-page admin-reviews">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro}</p>
      <nav aria-label={t.tabsLabel}>
        <ul className="admin-tabs">
          {REVIEW_TABS.map((tab) => (
            <li key={tab}>
              <Link to={reviewsLink(query, { status: tab })} aria-current={query.status === tab ? "page" : undefined}>
                {t.tabCount(t.tabs[tab], list.counts[tab])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="admin-filters" role="search" aria-label={t.filters}>
        {query.status !== "all" && <input type="hidden" name="status" value={query.status} />}
        {query.product_id && <input type="hidden" name="product" value={query.product_id} />}
        <div className="admin-field">
          <label htmlFor="reviews-search">{t.search}</label>
          <input id="reviews-search" name="search" type="search" defaultValue={query.search} />
        </div>
        <div className="admin-field">
          <label htmlFor="reviews-rating">{t.rating}</label>
          <select id="reviews-rating" name="rating" defaultValue={query.rating ? String(query.rating) : ""}>
            <option value="">{t.anyRating}</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {t.stars(n)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {t.filter}
        </button>
      </Form>
      {query.product_id && (
        <p>
          {t.productFilter(productName ?? `#${query.product_id}`)}{" "}
          <Link to={reviewsLink(query, { product_id: undefined })}>{t.clearProduct}</Link>
        </p>
      )}
      {error && (
        <p className="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      )}
      <p className="admin-muted" role="status" aria-live="polite">
        {navigation.state === "loading" ? "" : t.total(list.total)}
      </p>
      {list.reviews.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={(page) => reviewsLink(query, { page })}>
          {t.empty}
        </EmptyList>
      ) : (
        <>
          <div className="admin-bulk">
            <label htmlFor="reviews-bulk">{t.bulkLabel}</label>
            <select id="reviews-bulk" value={bulk} onChange={(event) => setBulk(event.target.value as BulkAction | "")}>
              <option value="">{t.bulkChoose}</option>
              {bulkActionsFor(query.status).map((action) => (
                <option key={action} value={action}>
                  {t.actions[action]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--secondary"
              disabled={!bulk || !chosen.length}
              onClick={() => bulk && run(bulk, chosen)}
            >
              {t.apply}
            </button>
          </div>
          <table className="admin-table admin-table--cards admin-reviews__table">
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={t.selectAll}
                    checked={chosen.length === ids.length}
                    onChange={(event) => setSelected(event.target.checked ? ids : [])}
                  />
                </th>
                <th scope="col">{t.columns.reviewer}</th>
                <th scope="col">{t.columns.review}</th>
                <th scope="col">{t.columns.product}</th>
                <th scope="col">{t.columns.date}</th>
              </tr>
            </thead>
            <tbody>
              {list.reviews.map((review) => (
                <ReviewRow
                  key={review.id}
                  review={review}
                  query={query}
                  selected={chosen.includes(review.id)}
                  onSelect={(on) => setSelected((now) => (on ? [...now, review.id] : now.filter((id) => id !== review.id)))}
                  onAction={(action) => run(action, [review.id])}
                  onSaved={async () => {
                    await revalidator.revalidate();
                    announce(t.saved);
                  }}
                  attempt={attempt}
                />
              ))}
            </tbody>
          </table>
        </>
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={(page) => reviewsLink(query, { page })} />
      <ConfirmDialog
        open={deleting !== null}
        title={t.actions.delete}
        body={t.confirmDelete(deleting?.length ?? 0)}
        confirmLabel={t.actions.delete}
        cancelLabel={t.cancel}
        onConfirm={() => deleting && run("delete", deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function ReviewRow({
  review,
  query,
  selected,
  onSelect,
  onAction,
  onSaved,
  attempt,
}: {
  review: AdminReview;
  query: ReviewListQuery;
  selected: boolean;
  onSelect(on: boolean): void;
  onAction(action: BulkAction): void;
  onSaved(): Promise<void>;
  attempt(action: () => Promise<void>): Promise<void>;
}) {
  const [mode, setMode] = useState<"view" | "reply" | "edit">("view");
  const [reply, setReply] = useState(review.reply ?? "");
  const [content, setContent] = useState(review.content);
  const [rating, setRating] = useState(review.rating === null ? "" : String(review.rating));
  const [fieldError, setFieldError] = useState<Record<string, string>>({});
  const id = `review-${review.id}`;

  async function save(patch: { reply?: string; content?: string; rating?: number | null }) {
    setFieldError({});
    await attempt(async () => {
      try {
        await reviewsApi.update(review.id, patch);
      } catch (failure) {
        const fields = (failure as { fields?: Record<string, string> }).fields;
        if (fields && Object.keys(fields).length) setFieldError(fields);
        throw failure;
      }
      setMode("view");
      await onSaved();
    });
  }

  return (
    <tr className={`admin-reviews__row admin-reviews__row--${review.status}`}>
      <td>
        <input
          type="checkbox"
          aria-label={t.select(review.reviewer)}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
      </td>
      <td>
        <strong>{review.reviewer}</strong>
        <br />
        <span className="admin-muted">{review.reviewer_email}</span>
        {review.verified && (
          <>
            <br />
            <span className="admin-badge">{t.verified}</span>
          </>
        )}
      </td>
      <td>
        <p className="admin-reviews__rating">
          {review.rating ? (
            <span role="img" aria-label={t.rated(review.rating)}>
              {"★".repeat(review.rating)}
              <span className="admin-muted">{"☆".repeat(5 - review.rating)}</span>
            </span>
          ) : (
            <span className="admin-muted">{t.noRating}</span>
          )}
          {query.status === "all" && <span className="admin-badge"> {t.statuses[review.status]}</span>}
        </p>
        {mode === "edit" ? (
          <form
            className="admin-reviews__form"
            onSubmit={(event) => {
              event.preventDefault();
              void save({ content, rating: rating ? Number(rating) : null });
            }}
          >
            <div className="admin-field">
              <label htmlFor={`${id}-rating`}>{t.ratingLabel}</label>
              <select id={`${id}-rating`} value={rating} onChange={(event) => setRating(event.target.value)}>
                <option value="">{t.noRating}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {t.stars(n)}
                  </option>
                ))}
              </select>
              {fieldError.rating && <p className="admin-field__error">{fieldError.rating}</p>}
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-content`}>{t.contentLabel}</label>
              <textarea
                id={`${id}-content`}
                value={content}
                rows={4}
                onChange={(event) => setContent(event.target.value)}
                aria-invalid={fieldError.content ? true : undefined}
                aria-describedby={fieldError.content ? `${id}-content-error` : undefined}
              />
              {fieldError.content && (
                <p className="admin-field__error" id={`${id}-content-error`}>
                  {fieldError.content}
                </p>
              )}
            </div>
            <button type="submit" className="button">
              {t.save}
            </button>{" "}
            <button type="button" className="button button--secondary" onClick={() => setMode("view")}>
              {t.cancel}
            </button>
          </form>
        ) : (
          <p className="admin-reviews__text">{review.content}</p>
        )}
        {review.reply && mode !== "reply" && (
          <p className="admin-reviews__reply">
            <strong>{t.shopReply}</strong> {review.reply}
          </p>
        )}
        {mode === "reply" && (
          <form
            className="admin-reviews__form"
            onSubmit={(event) => {
              event.preventDefault();
              void save({ reply });
            }}
          >
            <div className="admin-field">
              <label htmlFor={`${id}-reply`}>{t.replyLabel}</label>
              <textarea
                id={`${id}-reply`}
                value={reply}
                rows={3}
                onChange={(event) => setReply(event.target.value)}
                aria-describedby={`${id}-reply-hint`}
              />
              <p className="admin-muted" id={`${id}-reply-hint`}>
                {t.replyHint}
              </p>
              {fieldError.reply && <p className="admin-field__error">{fieldError.reply}</p>}
            </div>
            <button type="submit" className="button">
              {t.saveReply}
            </button>{" "}
            <button type="button" className="button button--secondary" onClick={() => setMode("view")}>
              {t.cancel}
            </button>
          </form>
        )}
        <ul className="admin-row-actions" aria-label={`${t.columns.review}: ${review.reviewer}`}>
          {rowActionsFor(review.status).map((action) => (
            <li key={action}>
              <button type="button" className="admin-link-button" onClick={() => onAction(action)}>
                {t.actions[action]}
              </button>
            </li>
          ))}
          {review.status !== "trash" && review.status !== "spam" && (
            <>
              <li>
                <button
                  type="button"
                  className="admin-link-button"
                  aria-expanded={mode === "reply"}
                  onClick={() => setMode(mode === "reply" ? "view" : "reply")}
                >
                  {t.reply}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="admin-link-button"
                  aria-expanded={mode === "edit"}
                  onClick={() => setMode(mode === "edit" ? "view" : "edit")}
                >
                  {t.edit}
                </button>
              </li>
            </>
          )}
        </ul>
      </td>
      <td>
        <a href={review.product.permalink}>{t.viewProduct(review.product.name)}</a>
        <br />
        <Link to={`/admin/products/${review.product.id}`}>{t.editProduct}</Link>
        <br />
        <Link to={reviewsLink(query, { product_id: review.product.id })}>{t.productFilter(review.product.name)}</Link>
      </td>
      <td>
        <time dateTime={review.created_at}>{formatInZone(review.created_at, { dateStyle: "medium", timeStyle: "short" })}</time>
      </td>
    </tr>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
