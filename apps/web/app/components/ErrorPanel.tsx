/** The error panel (spec §2 "Other shared pieces") and the friendly 404 page. */
import { Link } from "react-router";
import { errorMessages } from "../messages.ts";

export function ErrorPanel({ detail }: { detail?: string | undefined }) {
  return (
    <div className="error-panel" role="alert">
      <h1 className="error-panel__title">{errorMessages.title}</h1>
      <p className="error-panel__body">{errorMessages.body}</p>
      {detail && (
        <p className="error-panel__detail">
          <span className="error-panel__prefix">{errorMessages.prefix}</span> {detail}
        </p>
      )}
    </div>
  );
}

export function NotFound({ shopPath = "/shop" }: { shopPath?: string | undefined }) {
  return (
    <section className="not-found">
      <h1>{errorMessages.notFoundTitle}</h1>
      <p>{errorMessages.notFoundBody}</p>
      <p>
        <Link to={shopPath} className="button button--primary">
          {errorMessages.backToShop}
        </Link>
      </p>
    </section>
  );
}
