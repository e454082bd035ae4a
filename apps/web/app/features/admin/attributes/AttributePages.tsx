/**
 * The attribute pages' bodies: the list (name, slug, its terms in short, how many products offer
 * it, a delete behind a confirmation whose refusal is shown above the list) with the add form, and
 * one attribute's page.
 */
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { failureText } from "../components/failure.ts";
import { ConfirmDialog, useAnnounce } from "../components/feedback.tsx";
import { ErrorAlert, PageHead } from "../components/page.tsx";
import { AttributeForm } from "./AttributeForm.tsx";
import { attributesApi, type OwnerAttribute } from "./api.ts";
import { attributeMessages as t } from "./messages.ts";
import { termsPreview } from "./model.ts";

export function AttributeListPage({ items }: { items: OwnerAttribute[] }) {
  const [deleting, setDeleting] = useState<OwnerAttribute | null>(null);
  const [error, setError] = useState("");
  const announce = useAnnounce();
  const revalidator = useRevalidator();

  async function remove(attribute: OwnerAttribute) {
    setDeleting(null);
    setError("");
    try {
      await attributesApi.remove(attribute.id);
      announce(t.deleted(attribute.name));
      await revalidator.revalidate();
    } catch (failure) {
      setError(t.deleteFailed(attribute.name, failureText(failure)));
    }
  }

  return (
    <div className="admin-page">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro}</p>
      <ErrorAlert message={error} />
      {items.length === 0 ? (
        <p className="admin-empty">{t.empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-terms attribute-list">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.slug}</th>
                <th scope="col">{t.terms}</th>
                <th scope="col" className="admin-num">
                  {t.products}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link to={`/admin/attributes/${item.id}`}>{item.name}</Link>
                  </th>
                  <td className="admin-terms__slug">{item.slug}</td>
                  <td className="attribute-list__terms" data-label={t.terms}>
                    {termsPreview(
                      item.terms.map((term) => term.name),
                      5,
                      t.moreTerms,
                    )}
                  </td>
                  <td className="admin-num admin-terms__count" data-label={t.products}>
                    {item.count}
                  </td>
                  <td className="attribute-list__actions">
                    <div className="admin-row-actions">
                      <button type="button" className="admin-link-button admin-link-button--danger" onClick={() => setDeleting(item)}>
                        {t.deleteNamed(item.name)}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AttributeForm initial={null} />
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle(deleting?.name ?? "")}
        body={t.deleteBody}
        confirmLabel={t.deleteConfirm}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

export function AttributeEditPage({ item }: { item: OwnerAttribute }) {
  return (
    <div className="admin-page">
      {/* A new key per attribute: the form starts afresh when the address names another one. */}
      <AttributeForm key={item.id} id={item.id} initial={item} />
    </div>
  );
}
