/**
 * The console's frame: skip link, a header (banner) with the shop's name, who is signed in and
 * sign-out, the navigation (the current page marked with aria-current by NavLink), the main area.
 * Later issues add their pages to NAV_ITEMS (Orders, Customers, Catalogue, Coupons, Shipping…).
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { NavLink, useLocation, useNavigation } from "react-router";
import { adminClient, ownerApi } from "./api.ts";
import { API_KEYS_NAV_LABEL } from "./api-keys/nav.ts";
import { AnnouncerProvider } from "./components/feedback.tsx";
import { consoleMessages as t } from "./messages.ts";
import { type NavCountKey, type NavCounts, NavCountsProvider, useNavCounts } from "./nav-counts.tsx";
import { NAV_LABELS, termMessages } from "./nav-labels.ts";
import { ORDERS_NAV_LABEL } from "./orders/nav.ts";
import { REVIEWS_NAV_LABEL } from "./reviews/nav.ts";
import { PAYMENTS_NAV_LABEL, SETTINGS_NAV_LABEL } from "./settings/nav.ts";
import { STOCK_NAV_LABEL } from "./stock/nav.ts";
import { TAXES_NAV_LABEL } from "./taxes/nav.ts";
import { WEBHOOKS_NAV_LABEL } from "./webhooks/nav.ts";

export const ADMIN_PATH = "/admin";

export type StaffRole = "owner" | "manager";

/**
 * The console's sections, in the order the navigation lists them; only pages that exist. `end`: current
 * only on that exact path; `ownerOnly` hides an item from managers, whom the owner API refuses those areas anyway (decision 0032);
 * `count`: the number shown beside it (nav-counts.tsx).
 */
export const NAV_ITEMS: { to: string; label: string; end?: boolean; ownerOnly?: boolean; count?: NavCountKey }[] = [
  { to: ADMIN_PATH, label: NAV_LABELS.dashboard, end: true },
  { to: `${ADMIN_PATH}/reports`, label: NAV_LABELS.reports },
  { to: `${ADMIN_PATH}/orders`, label: ORDERS_NAV_LABEL, count: "orders" },
  { to: `${ADMIN_PATH}/customers`, label: NAV_LABELS.customers },
  { to: `${ADMIN_PATH}/products`, label: NAV_LABELS.products },
  { to: `${ADMIN_PATH}/categories`, label: termMessages.categories.nav },
  { to: `${ADMIN_PATH}/brands`, label: termMessages.brands.nav },
  { to: `${ADMIN_PATH}/tags`, label: termMessages.tags.nav },
  { to: `${ADMIN_PATH}/attributes`, label: termMessages.attributes.nav },
  { to: `${ADMIN_PATH}/reviews`, label: REVIEWS_NAV_LABEL, count: "reviews" },
  { to: `${ADMIN_PATH}/stock`, label: STOCK_NAV_LABEL },
  { to: `${ADMIN_PATH}/coupons`, label: NAV_LABELS.coupons, ownerOnly: true },
  { to: `${ADMIN_PATH}/shipping`, label: NAV_LABELS.shipping, ownerOnly: true },
  { to: `${ADMIN_PATH}/taxes`, label: TAXES_NAV_LABEL, ownerOnly: true },
  { to: `${ADMIN_PATH}/widgets`, label: t.navWidgets, ownerOnly: true },
  { to: `${ADMIN_PATH}/messages`, label: t.navMessages },
  { to: `${ADMIN_PATH}/forms`, label: t.navForms, ownerOnly: true },
  { to: `${ADMIN_PATH}/payments`, label: PAYMENTS_NAV_LABEL, ownerOnly: true },
  { to: `${ADMIN_PATH}/settings`, label: SETTINGS_NAV_LABEL, ownerOnly: true },
  { to: `${ADMIN_PATH}/webhooks`, label: WEBHOOKS_NAV_LABEL, ownerOnly: true },
  { to: `${ADMIN_PATH}/staff`, label: NAV_LABELS.staff, ownerOnly: true },
  { to: `${ADMIN_PATH}/api-keys`, label: API_KEYS_NAV_LABEL, ownerOnly: true },
  { to: `${ADMIN_PATH}/account`, label: NAV_LABELS.account },
];

/** The navigation a role sees. */
export const navItemsFor = (role: StaffRole) => NAV_ITEMS.filter((item) => role === "owner" || !item.ownerOnly);

export function SignOutButton({ nonce, className }: { nonce: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className ?? "button button--secondary"}
      aria-disabled={busy}
      onClick={async () => {
        // Focusable while it signs out (aria-disabled): a second press sends nothing.
        if (busy) return;
        setBusy(true);
        adminClient().primeNonce(nonce);
        try {
          await ownerApi.signOut();
        } finally {
          window.location.assign(ADMIN_PATH);
        }
      }}
    >
      {t.signOut}
    </button>
  );
}

/** After a page change inside the console, focus goes to the main area, so screen readers start at the new page (not on the first load). */
function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById("admin-main")?.focus();
  }, [pathname]);
}

/** An item's link with its number (left out at zero): the figure is shown, its words describe the link, whose name stays the label. */
function NavItemLink({ item, onClick }: { item: (typeof NAV_ITEMS)[number]; onClick: () => void }) {
  const counts = useNavCounts();
  const count = item.count && counts ? counts[item.count] : 0;
  const describedBy = item.count && count ? `admin-nav-count-${item.count}` : undefined;
  return (
    <NavLink to={item.to} end={item.end} className="admin-nav__link" onClick={onClick} aria-describedby={describedBy}>
      {item.label}
      {item.count && describedBy && (
        <>
          <span className="admin-nav__count" aria-hidden="true">
            {count > 99 ? "99+" : count}
          </span>
          <span id={describedBy} hidden>
            {t.navCount[item.count](count)}
          </span>
        </>
      )}
    </NavLink>
  );
}

export function ConsoleShell(props: {
  shopName: string;
  email: string;
  nonce: string;
  role: StaffRole;
  /** The navigation's numbers as the frame was loaded; null when they could not be read. */
  counts: NavCounts | null;
  children: ReactNode;
}) {
  return (
    <NavCountsProvider initial={props.counts}>
      <Shell {...props} />
    </NavCountsProvider>
  );
}

function Shell({
  shopName,
  email,
  nonce,
  role,
  children,
}: {
  shopName: string;
  email: string;
  nonce: string;
  role: StaffRole;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu from its button or any of its links, and the focus goes back to the button.
  const closeMenuOnEscape = (event: { key: string }) => {
    if (event.key !== "Escape" || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // A page whose first call is a write (the CSV import opened directly) has had no reply to take a nonce from.
  useEffect(() => adminClient().primeNonce(nonce), [nonce]);
  useFocusMainOnNavigation();
  const loading = useNavigation().state === "loading";
  return (
    <AnnouncerProvider>
      <a className="skip-link" href="#admin-main">
        {t.skipToContent}
      </a>
      <div className="admin">
        <header className="admin-header">
          <button
            type="button"
            className="admin-header__menu"
            ref={menuButton}
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpen((open) => !open)}
            onKeyDown={closeMenuOnEscape}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t.mainNavigation}</span>
          </button>
          <p className="admin-header__shop">
            <span className="admin-header__name">{shopName}</span>
            <span className="admin-header__label">{t.consoleTitle}</span>
          </p>
          <div className="admin-header__user">
            <a href="/" className="admin-header__link">
              {t.viewShop}
            </a>
            <span className="admin-header__email">{t.signedInAs(email)}</span>
            <SignOutButton nonce={nonce} className="button button--secondary admin-button--small" />
          </div>
        </header>
        <nav
          id="admin-nav"
          className={`admin-nav${menuOpen ? " admin-nav--open" : ""}`}
          aria-label={t.mainNavigation}
          onKeyDown={closeMenuOnEscape}
        >
          <ul>
            {navItemsFor(role).map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} onClick={() => setMenuOpen(false)} />
              </li>
            ))}
          </ul>
        </nav>
        {loading && <div className="admin-progress" aria-hidden="true" />}
        <main id="admin-main" className="admin-main" tabIndex={-1} aria-busy={loading || undefined}>
          {children}
        </main>
      </div>
    </AnnouncerProvider>
  );
}
