/** /admin/messages: the contact-form inbox, with search, a widget filter, unread markers and pages. */
import { Form, Link, useNavigation } from "react-router";
import { ownerApi } from "../../features/admin/api.ts";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { inboxMessages as t } from "../../features/admin/messages.ts";
import { formatDateTime, inboxQuery } from "../../features/admin/messages-inbox/format.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/messages";

const PER_PAGE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = inboxQuery(new URL(request.url).searchParams);
  // The widgets only name the filter's choices: the inbox shows without them.
  const [list, widgets] = await Promise.all([
    ownerApi.listMessages({ ...query, per_page: PER_PAGE }),
    ownerApi.listWidgets().catch(() => ({ widgets: [] })),
  ]);
  return { query, list, widgets: widgets.widgets.map(({ id, identifier }) => ({ id, name: identifier || `#${id}` })) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

function pageLink(query: ReturnType<typeof inboxQuery>, page: number): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.widget_id) params.set("widget", String(query.widget_id));
  if (query.unread) params.set("unread", "1");
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `/admin/messages?${text}` : "/admin/messages";
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { query, list, widgets } = loaderData;
  const navigation = useNavigation();
  const names = new Map(widgets.map((widget) => [widget.id, widget.name]));
  const filtered = Boolean(query.search || query.widget_id || query.unread);
  return (
    <div className="admin-page">
      <h1>{t.title}</h1>
      <p className="admin-muted">{t.intro}</p>
      <Form method="get" className="admin-filters" role="search" aria-label={t.filters}>
        <div className="admin-field">
          <label htmlFor="inbox-search">{t.search}</label>
          <input id="inbox-search" name="search" type="search" defaultValue={query.search} />
        </div>
        <div className="admin-field">
          <label htmlFor="inbox-widget">{t.widgetFilter}</label>
          <select id="inbox-widget" name="widget" defaultValue={query.widget_id ? String(query.widget_id) : ""}>
            <option value="">{t.allWidgets}</option>
            {widgets.map((widget) => (
              <option key={widget.id} value={widget.id}>
                {widget.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field admin-field--inline">
          <input id="inbox-unread" name="unread" type="checkbox" value="1" defaultChecked={query.unread} />
          <label htmlFor="inbox-unread">{t.unreadOnly}</label>
        </div>
        <button type="submit" className="button button--secondary">
          {t.searchButton}
        </button>
      </Form>
      <p className="admin-muted" role="status" aria-live="polite">
        {navigation.state === "loading" ? "" : t.total(list.total)}
      </p>
      {list.messages.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={(page) => pageLink(query, page)}>
          {filtered ? t.emptyFiltered : t.empty}
        </EmptyList>
      ) : (
        <ul className="admin-inbox">
          {list.messages.map((message) => (
            <li key={message.id} className={`admin-inbox__item${message.read ? "" : " admin-inbox__item--unread"}`}>
              <Link to={`/admin/messages/${message.id}`} className="admin-inbox__link">
                <span className="admin-inbox__from">
                  {!message.read && (
                    <span className="admin-dot" title={t.unread}>
                      <span className="visually-hidden">{t.unread}: </span>
                    </span>
                  )}
                  {message.name || message.email || t.anonymous}
                </span>
                <span className="admin-inbox__excerpt">{message.excerpt}</span>
                <span className="admin-inbox__meta">
                  {names.get(message.widget_id) ?? `#${message.widget_id}`}
                  {message.files > 0 && <> · {t.files(message.files)}</>} ·{" "}
                  <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={(page) => pageLink(query, page)} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
