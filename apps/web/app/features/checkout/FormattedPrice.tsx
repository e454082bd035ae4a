/**
 * A price drawn inside the format a price-format filter gave (cartItemPrice, subtotalPriceFormat):
 * the format's text before and after '<price/>' around the price itself. The text is drawn as
 * text, never as markup.
 */
import { type Currency, formatAmount, type StoreCartItem } from "@cartwright/commerce";
import type { ReactNode } from "react";
import { priceMessages } from "../../messages.ts";
import { splitPriceFormat } from "./filters.ts";

export function FormattedPrice({ format, className, children }: { format: string; className?: string; children: ReactNode }) {
  const [before, after] = splitPriceFormat(format);
  return (
    <span className={className}>
      {before}
      {children}
      {after}
    </span>
  );
}

/** An item's price for one unit, the regular price struck through beside it while on sale, in its format. */
export function UnitPrice({
  item,
  currency,
  format,
  className,
}: {
  item: StoreCartItem;
  currency: Currency;
  format: string;
  className?: string;
}) {
  const regular = Number(item.prices.regular_price);
  const price = Number(item.prices.price);
  return (
    <FormattedPrice format={format} className={className}>
      {regular > price ? (
        <>
          <del>
            <span className="visually-hidden">{priceMessages.originalPrice} </span>
            {formatAmount(regular, currency)}
          </del>{" "}
          <ins>
            <span className="visually-hidden">{priceMessages.currentPrice} </span>
            {formatAmount(price, currency)}
          </ins>
        </>
      ) : (
        formatAmount(price, currency)
      )}
    </FormattedPrice>
  );
}
