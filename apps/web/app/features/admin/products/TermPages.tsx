/** The category and tag pages' bodies (decision 0043): the list with its add form, and one term's form. */
import { Link } from "react-router";
import { PageHead } from "../components/page.tsx";
import type { Category, Tag } from "./api.ts";
import { termMessages as t } from "./messages.ts";
import { TermForm } from "./TermForm.tsx";

type Kind = "categories" | "tags";

export function TermListPage({ kind, items }: { kind: Kind; items: ((Category | Tag) & { count: number })[] }) {
  const words = t[kind];
  const categories = kind === "categories" ? (items as Category[]) : [];
  const parentName = (item: Category | Tag) => categories.find((c) => c.id === (item as Category).parent_id)?.name ?? "";
  return (
    <div className="admin-page">
      <PageHead title={words.title} />
      <p className="admin-muted">{words.intro}</p>
      {items.length === 0 ? (
        <p className="admin-empty">{words.empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-terms">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.slug}</th>
                {kind === "categories" && <th scope="col">{t.parent}</th>}
                <th scope="col" className="admin-num">
                  {t.products}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link to={`/admin/${kind}/${item.id}`}>{item.name}</Link>
                  </th>
                  <td className="admin-terms__slug">{item.slug}</td>
                  {kind === "categories" && (
                    <td className="admin-terms__parent" data-label={t.parent}>
                      {parentName(item)}
                    </td>
                  )}
                  <td className="admin-num admin-terms__count" data-label={t.products}>
                    {item.count}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TermForm kind={kind} initial={null} parents={categories} heading={words.addTitle} />
    </div>
  );
}

export function TermEditPage({ kind, item, parents = [] }: { kind: Kind; item: Category | Tag; parents?: Category[] }) {
  const words = t[kind];
  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to={`/admin/${kind}`}>{words.back}</Link>
      </p>
      <PageHead title={words.editTitle(item.name)} />
      <TermForm key={item.id} kind={kind} id={item.id} initial={item} parents={parents} heading={t.name} />
    </div>
  );
}
