/** The header's mini-cart button: an item-count badge, an amount and its tax label (spec §2 "Mini-cart"). */
import { type Currency, formatAmount } from "@cartwright/commerce";
import { miniCartMessages } from "../messages.ts";

/**
 * The amount's tax label: said only when the amount shown and the prices as entered differ on tax, as
 * the cart's own prices then differ from the catalogue's (decision 0141); empty when they agree.
 */
export function miniCartTaxLabel(displayPricesIncludingTax: boolean, pricesIncludeTax: boolean): string {
  if (displayPricesIncludingTax === pricesIncludeTax) return "";
  return displayPricesIncludingTax ? miniCartMessages.includingTax : miniCartMessages.excludingTax;
}

interface MiniCartButtonProps {
  itemsCount: number;
  /** Minor units, as the Store API sends them. */
  amount: string;
  currency: Currency;
  /** When the price is hidden, the label and the button leave the amount out. */
  showPrice?: boolean;
  /** Said after the amount once the cart has an item (`miniCartTaxLabel`); empty for none. */
  taxLabel?: string;
  onClick?: () => void;
  /** Hover, focus or touch: the moment to load the drawer's contents (spec §2). */
  onPreload?: () => void;
  /** Whether the drawer it opens is open. */
  expanded?: boolean;
  /** A page that is never hydrated (a form's page) gets a link to the cart instead of the drawer's button. */
  href?: string;
}

export function MiniCartButton({
  itemsCount,
  amount,
  currency,
  showPrice = true,
  taxLabel = "",
  onClick,
  onPreload,
  expanded = false,
  href,
}: MiniCartButtonProps) {
  const total = formatAmount(amount, currency);
  const label = showPrice ? miniCartMessages.itemsInCartWithTotal(itemsCount, total) : miniCartMessages.itemsInCart(itemsCount);
  // Shown once the cart has at least one item (spec §2 "Mini-cart").
  const showTaxLabel = showPrice && taxLabel !== "" && itemsCount > 0;
  const inside = (
    <>
      {showPrice && (
        <span className="mini-cart__amount" aria-hidden="true">
          {total}
        </span>
      )}
      {showTaxLabel && (
        <>
          {" "}
          <small className="mini-cart__tax-label" aria-hidden="true">
            {taxLabel}
          </small>
        </>
      )}
      {/* Keeps the amount and the count apart in the button's text. */}
      {showPrice && " "}
      <span className="mini-cart__quantity-badge" aria-hidden="true">
        <svg className="mini-cart__icon" viewBox="0 0 24 24" width="24" height="24" focusable="false" aria-hidden="true">
          <path
            d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="10" cy="19.5" r="1.5" fill="currentColor" />
          <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
        </svg>
        <span className="mini-cart__badge">{itemsCount}</span>
      </span>
    </>
  );
  if (href)
    return (
      <a href={href} className="mini-cart" aria-label={label}>
        {inside}
      </a>
    );
  return (
    <button
      type="button"
      className="mini-cart"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
      onMouseEnter={onPreload}
      onFocus={onPreload}
      onTouchStart={onPreload}
    >
      {inside}
    </button>
  );
}
