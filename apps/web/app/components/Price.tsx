/**
 * A product's price from its minor-unit prices: a range, a struck regular price with the sale
 * price, or one amount; then the shop's price suffix ("incl. VAT"), when it has one.
 */
import { currencyFromFields, formatAmount, type StorePrices } from "@cartwright/commerce";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { priceMessages } from "../messages.ts";
import type { loader as rootLoader } from "../root.tsx";

interface PriceProps {
  prices: StorePrices;
  onSale: boolean;
  className?: string;
}

export function Price({ prices, onSale, className = "price" }: PriceProps) {
  const suffix = useRouteLoaderData<typeof rootLoader>("root")?.priceSuffix ?? "";
  if (prices.price === "") return null;
  const after: ReactNode = suffix ? (
    <>
      {" "}
      <small className="price__suffix">{suffix}</small>
    </>
  ) : null;
  const currency = currencyFromFields(prices);
  const format = (amount: string) => formatAmount(amount, currency);
  if (prices.price_range) {
    return (
      <p className={className}>
        <span className="price__amount">{format(prices.price_range.min_amount)}</span> –{" "}
        <span className="price__amount">{format(prices.price_range.max_amount)}</span>
        {after}
      </p>
    );
  }
  if (onSale && prices.regular_price !== "" && prices.regular_price !== prices.price) {
    return (
      <p className={className}>
        <del className="price__regular">
          <span className="visually-hidden">{priceMessages.originalPrice} </span>
          {format(prices.regular_price)}
        </del>{" "}
        <ins className="price__sale">
          <span className="visually-hidden">{priceMessages.currentPrice} </span>
          {format(prices.price)}
        </ins>
        {after}
      </p>
    );
  }
  return (
    <p className={className}>
      <span className="price__amount">{format(prices.price)}</span>
      {after}
    </p>
  );
}
