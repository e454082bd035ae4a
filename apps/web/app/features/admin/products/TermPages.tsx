/** The category, brand and tag pages' bodies (decisions 0043, 0095): the list with its add form, and one term's form. */
import { Link } from "react-router";
import { PageHead } from "../components/page.tsx";
import type { Category, Tag } from "./api.ts";
import { TermForm } from "./TermForm.tsx";
import { hierarchical, parentLabel, type TermKind, termWords } from "./term-kinds.ts";
import { termPageMessages as t } from "./term-messages.ts";

export function TermListPage({ kind, items }: { kind: TermKind; items: ((Category | Tag) & { count: number })[] }) {
  const words = termWords(kind);
  const categories = hierarchical(kind) ? (items as Category[]) : [];
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
                {hierarchical(kind) && <th scope="col">{parentLabel(kind)}</th>}
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
                  {hierarchical(kind) && (
                    <td className="admin-terms__parent" data-label={parentLabel(kind)}>
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

export function TermEditPage({ kind, item, parents = [] }: { kind: TermKind; item: Category | Tag; parents?: Category[] }) {
  const words = termWords(kind);
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
