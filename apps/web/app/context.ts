/**
 * What the server hands every loader: the storefront's port, whose shapes live in @cartwright/commerce
 * (the web app never imports the server). The token is exported from entry.server so the server
 * uses this very instance.
 */
import type { Storefront, StorefrontContactWidgets } from "@cartwright/commerce";
import { createContext } from "react-router";

export type {
  AccountAddressInput,
  AccountAddressKind,
  AccountAddressResult,
  AccountCustomer,
  AccountDetailsInput,
  AccountDetailsResult,
  AccountDownload,
  AccountOrder,
  AccountResult,
  CheckoutCountry,
  CheckoutCountryCodes,
  CheckoutDraft,
  CheckoutFieldDefinition,
  CheckoutPaymentMethod,
  PasswordResetCheck,
  SavedPaymentMethod,
  SavedPaymentMethodView,
  Storefront,
  StorefrontAccount,
  StorefrontCart,
  StorefrontCatalog,
  StorefrontCheckout,
} from "@cartwright/commerce";

export const storefrontContext = createContext<Storefront>();

/**
 * The page's contact widgets, set by the root loader on the server for entry.server to write as the data block
 * (components/ContactWidgets.tsx): the settings reach the widget's loader once, in the page, not a second time
 * in React's loader data, and a request for data alone never writes them out (decision 0116).
 */
export const contactWidgetsContext = createContext<StorefrontContactWidgets | null>(null);
