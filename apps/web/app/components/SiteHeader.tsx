/** The header on every page: site title, navigation, product search and the mini-cart button. */
import type { Currency } from "@cartwright/commerce";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useSearchParams } from "react-router";
import { MiniCart, type MiniCartProps } from "../features/mini-cart/MiniCart.tsx";
import { layoutMessages } from "../messages.ts";

export interface HeaderCategory {
  id: number;
  name: string;
  link: string;
}

interface SiteHeaderProps {
  siteTitle: string;
  shopPath: string;
  categories: HeaderCategory[];
  currency: Currency;
  cart: MiniCartProps["initial"];
  /** The mini-cart's settings: every prop but the cart and currency, which the header passes on. */
  miniCart: Omit<MiniCartProps, "initial" | "currency">;
  accountPath?: string;
}

export function SiteHeader({ siteTitle, shopPath, categories, currency, cart, miniCart, accountPath = "/my-account" }: SiteHeaderProps) {
  const [searchParams] = useSearchParams();
  const query = searchParams.get("s") ?? "";
  const navRef = useRef<HTMLElement>(null);
  const more = useMoreToScroll(navRef);
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={shopPath} className="site-title">
          {siteTitle}
        </Link>
        <Form method="get" action={shopPath} className="site-search" role="search">
          <label htmlFor="site-search-input" className="visually-hidden">
            {layoutMessages.searchLabel}
          </label>
          <input
            id="site-search-input"
            key={query}
            type="search"
            name="s"
            defaultValue={query}
            placeholder={layoutMessages.searchPlaceholder}
            className="site-search__input"
          />
          <button type="submit" className="button button--secondary site-search__submit">
            {layoutMessages.searchSubmit}
          </button>
        </Form>
        <Link to={accountPath} className="site-header__account">
          {/* The person icon is drawn by the stylesheet: the header's script carries no picture. */}
          <span className="site-header__account-icon" aria-hidden="true" />
          <span className="site-header__account-text">{layoutMessages.account}</span>
        </Link>
        <MiniCart initial={cart} currency={currency} {...miniCart} />
      </div>
      <nav className="site-nav" aria-label={layoutMessages.mainNavigation} ref={navRef} data-more={more || undefined}>
        <ul>
          <li>
            <NavLink to={shopPath} end>
              {layoutMessages.shop}
            </NavLink>
          </li>
          {categories.map((category) => (
            <li key={category.id}>
              <NavLink to={category.link}>{category.name}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/**
 * Which sides of a sideways-scrolling bar have more to scroll to ("before", "after", both or ""), kept up to date as
 * it scrolls or resizes: the bar fades on those sides, the hint that more categories follow. A link focused by
 * keyboard is scrolled wholly into view, clear of the fade (its scroll-padding).
 */
function useMoreToScroll(ref: React.RefObject<HTMLElement | null>): string {
  const [more, setMore] = useState("");
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const measure = () => {
      // A pixel of slack: zoomed pages scroll to fractions.
      const before = bar.scrollLeft > 1;
      const after = bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 1;
      setMore([before && "before", after && "after"].filter(Boolean).join(" "));
    };
    // Chromium leaves a half-shown link where it is when focused.
    const reveal = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
    };
    measure();
    bar.addEventListener("scroll", measure, { passive: true });
    bar.addEventListener("focusin", reveal);
    const resizes = new ResizeObserver(measure);
    resizes.observe(bar);
    return () => {
      bar.removeEventListener("scroll", measure);
      bar.removeEventListener("focusin", reveal);
      resizes.disconnect();
    };
  }, [ref]);
  return more;
}

interface SiteFooterProps {
  siteTitle: string;
  privacyPath: string;
  termsPath: string;
  /** How far up from the window's bottom a floating contact widget reaches, in px (0 without one). */
  widgetReach?: number;
}

export function SiteFooter({ siteTitle, privacyPath, termsPath, widgetReach = 0 }: SiteFooterProps) {
  // On a phone the footer's links sit where the widget floats: the page scrolls far enough to bring them out from under it.
  const style = widgetReach > 0 ? ({ "--widget-reach": `${widgetReach}px` } as CSSProperties) : undefined;
  return (
    <footer className="site-footer" style={style}>
      <nav aria-label={layoutMessages.footerNavigation}>
        <ul>
          <li>
            <Link to={privacyPath}>{layoutMessages.privacy}</Link>
          </li>
          <li>
            <Link to={termsPath}>{layoutMessages.terms}</Link>
          </li>
        </ul>
      </nav>
      <p className="site-footer__credit">
        © {siteTitle} · {layoutMessages.poweredBy}
      </p>
    </footer>
  );
}
