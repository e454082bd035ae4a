/** A trail of links, the last entry being the current page. */
import { Link } from "react-router";
import { productMessages } from "../features/product/messages.ts";

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label={productMessages.breadcrumb}>
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${index}-${crumb.label}`}>
              {last || !crumb.to ? (
                <span aria-current={last ? "page" : undefined}>{crumb.label}</span>
              ) : (
                <Link to={crumb.to}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
