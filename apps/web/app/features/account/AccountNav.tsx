/** The account pages' navigation, with the sign-out button (a plain POST form: it works without JavaScript). */
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { accountMessages as t } from "./messages.ts";

export const ACCOUNT_PATH = "/my-account";

const links = [
  { to: ACCOUNT_PATH, label: t.dashboard, end: true },
  { to: `${ACCOUNT_PATH}/orders`, label: t.orders, end: false },
  { to: `${ACCOUNT_PATH}/downloads`, label: t.downloads, end: true },
  // Not `end`: the address forms under it (/addresses/billing) are still the Addresses page's.
  { to: `${ACCOUNT_PATH}/addresses`, label: t.addresses, end: false },
  { to: `${ACCOUNT_PATH}/payment-methods`, label: t.paymentMethods, end: true },
  { to: `${ACCOUNT_PATH}/details`, label: t.details, end: true },
];

export function AccountNav() {
  return (
    <nav className="account-nav" aria-label={t.navLabel}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <SignOutForm />
    </nav>
  );
}

export function SignOutForm() {
  return (
    <form method="post" action={ACCOUNT_PATH} className="account-nav__sign-out">
      <input type="hidden" name="intent" value="sign-out" />
      <button type="submit" className="button button--secondary">
        {t.signOut}
      </button>
    </form>
  );
}

/** Ends every session of the customer (a plain POST form, like signing out). */
export function SignOutEverywhereForm() {
  return (
    <section className="account-sessions" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title">{t.signOutEverywhereTitle}</h2>
      <p>{t.signOutEverywhereIntro}</p>
      <form method="post" action={ACCOUNT_PATH}>
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" className="button button--secondary">
          {t.signOutEverywhere}
        </button>
      </form>
    </section>
  );
}

/** The frame of every signed-in account page: title, navigation beside the content. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="account">
      <h1 className="account__title">{title}</h1>
      <div className="account__layout">
        <AccountNav />
        <div className="account__content">{children}</div>
      </div>
    </div>
  );
}
