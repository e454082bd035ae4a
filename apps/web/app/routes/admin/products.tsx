/** /admin/products: products with their price, stock and categories; search, filters and pages in the URL (decision 0043). */
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { pageParam } from "../../features/admin/components/page-param.ts";
import { SearchForm } from "../../features/admin/customers/ListParts.tsx";
import { moneyFormat } from "../../features/admin/dashboard/format.ts";
import { type ProductQuery, type ProductSummary, productsApi } from "../../features/admin/products/api.ts";
import { BulkEdit } from "../../features/admin/products/BulkEdit.tsx";
import { csvMessages as csv, productsCsvUrl } from "../../features/admin/products/csv.ts";
import { bulkMessages, productMessages as t } from "../../features/admin/products/messages.ts";
import productsStyles from "../../features/admin/products/products.css?url";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/products";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: productsStyles }];

const PER_PAGE = 20;
const STATUSES = ["", "publish", "draft"] as const;
const TYPES = ["", "simple", "variable"] as const;
const STOCK = ["", "instock", "outofstock", "onbackorder"] as const;

const pick = <T extends string>(allowed: readonly T[], value: string | null): T =>
  (allowed as readonly string[]).includes(value ?? "") ? ((value ?? "") as T) : (allowed[0] as T);

function productQuery(params: URLSearchParams): ProductQuery {
  const category = params.get("category") ?? "";
  return {
    search: (params.get("search") ?? "").trim(),
    status: pick(STATUSES, params.get("status")),
    type: pick(TYPES, params.get("type")),
    stock_status: pick(STOCK, params.get("stock_status")),
    category: /^\d{1,10}$/.test(category) ? category : "",
    page: pageParam(params),
  };
}

function productsPath(query: ProductQuery, change: Partial<ProductQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  for (const key of ["search", "status", "type", "stock_status", "category"] as const) if (next[key]) params.set(key, next[key]);
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `/admin/products?${text}` : "/admin/products";
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = productQuery(new URL(request.url).searchParams);
  const [list, { categories }] = await Promise.all([productsApi.list(query, PER_PAGE), productsApi.categories()]);
  return { query, list, categories };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { query, list, categories } = loaderData;
  const [chosen, setChosen] = useState<number[]>([]);
  const choose = (id: number, on: boolean) => setChosen((current) => (on ? [...current, id] : current.filter((x) => x !== id)));
  // Only products on this page count: a selection does not follow the owner to another page.
  const selected = chosen.filter((id) => list.products.some((p) => p.id === id));
  const loading = useNavigation().state === "loading";
  const money = moneyFormat(list.currency_code, list.currency_minor_unit);
  const price = (product: ProductSummary) => {
    if (product.price_range) {
      const { min, max } = product.price_range;
      return min === max ? money.amount(min) : `${money.amount(min)} – ${money.amount(max)}`;
    }
    if (product.regular_price === null) return "–";
    return product.sale_price === null
      ? money.amount(product.regular_price)
      : `${money.amount(product.sale_price)} (${money.amount(product.regular_price)})`;
  };
  // The status the shop shows: a variable product's from its priced variations (decision 0148).
  const stock = (product: ProductSummary) =>
    product.manage_stock && product.stock_status === "instock" && product.stock_quantity !== null
      ? t.inStockCount(product.stock_quantity)
      : t.stockStatuses[product.stock_status];
  const filtering = Boolean(query.search || query.status || query.type || query.stock_status || query.category);
  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <div className="admin-actions">
          <a className="button button--secondary" href={productsCsvUrl(query)} download aria-describedby="products-export-hint">
            {csv.exportCsv}
          </a>
          <Link to="/admin/products/import" className="button button--secondary">
            {csv.importCsv}
          </Link>
          <Link to="/admin/products/new" className="button">
            {t.newProduct}
          </Link>
        </div>
      </PageHead>
      <p className="admin-muted">{t.intro}</p>
      <p id="products-export-hint" className="admin-muted">
        {csv.exportHint(Boolean(query.search || query.status || query.type || query.stock_status || query.category))}
      </p>
      <SearchForm
        id="products-search"
        label={t.search}
        search={query.search}
        keep={Object.fromEntries(
          Object.entries({ status: query.status, type: query.type, stock_status: query.stock_status, category: query.category }).filter(
            ([, v]) => v,
          ),
        )}
        clearTo={productsPath(query, { search: "", page: 1 })}
      />
      <Form method="get" className="admin-filters" aria-label={t.filters}>
        {query.search && <input type="hidden" name="search" value={query.search} />}
        <div className="admin-field">
          <label htmlFor="products-status">{t.status}</label>
          <select id="products-status" name="status" defaultValue={query.status}>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value ? t.statuses[value] : t.anyValue}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="products-type">{t.type}</label>
          <select id="products-type" name="type" defaultValue={query.type}>
            {TYPES.map((value) => (
              <option key={value} value={value}>
                {value ? t.types[value] : t.anyValue}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="products-stock">{t.stock}</label>
          <select id="products-stock" name="stock_status" defaultValue={query.stock_status}>
            {STOCK.map((value) => (
              <option key={value} value={value}>
                {value ? t.stockStatuses[value] : t.anyValue}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="products-category">{t.categories}</label>
          <select id="products-category" name="category" defaultValue={query.category}>
            <option value="">{t.anyValue}</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {t.filter}
        </button>
      </Form>
      <p className="admin-muted" role="status" aria-live="polite">
        {loading ? "" : t.total(list.total)}
      </p>
      {list.products.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={(page) => productsPath(query, { page })}>
          {filtering ? t.emptySearch : t.empty}
        </EmptyList>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-products">
            <thead>
              <tr>
                <td className="admin-products__select">
                  <input
                    type="checkbox"
                    aria-label={bulkMessages.selectAll}
                    checked={selected.length === list.products.length}
                    onChange={(event) => setChosen(event.target.checked ? list.products.map((p) => p.id) : [])}
                  />
                </td>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.sku}</th>
                <th scope="col" className="admin-num">
                  {t.price}
                </th>
                <th scope="col">{t.stock}</th>
                <th scope="col">{t.categories}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {list.products.map((product) => (
                <tr key={product.id}>
                  <td className="admin-products__select">
                    <input
                      type="checkbox"
                      aria-label={bulkMessages.select(product.name)}
                      checked={selected.includes(product.id)}
                      onChange={(event) => choose(product.id, event.target.checked)}
                    />
                  </td>
                  <th scope="row">
                    <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                    {product.type === "variable" && <div className="admin-muted">{t.variationsCount(product.variations)}</div>}
                  </th>
                  <td className="admin-products__sku" data-label={t.sku}>
                    {product.sku}
                  </td>
                  <td className="admin-num admin-products__price">{price(product)}</td>
                  <td className="admin-products__stock">
                    {stock(product)}
                    {product.type === "variable" && product.priced_variations === 0 && (
                      <div className="admin-muted">{t.noPricedVariation}</div>
                    )}
                  </td>
                  <td className="admin-products__categories">{product.categories.map((c) => c.name).join(", ")}</td>
                  <td className="admin-products__status">{t.statuses[product.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.products.length > 0 && (
        <BulkEdit chosen={selected} products={list.products} minorUnit={list.currency_minor_unit} onDone={() => setChosen([])} />
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={(page) => productsPath(query, { page })} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
