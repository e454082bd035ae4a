export type { ShopContext } from "./context.ts";
export { withShopSettings } from "./context.ts";
export { ownerCurrency } from "./owner-currency.ts";
export { freshSettings, invalidSettings, refusedSetting, writeOwnerSettings } from "./owner-writes.ts";
export { settingsAdminRoutes } from "./settings.admin.routes.ts";
export { getSettings, shopCurrency, shopLocale, updateSettings } from "./settings.service.ts";
export type {
  CartFeeSetting,
  CheckoutFieldSetting,
  CurrencySettings,
  EmailSettings,
  OrderAttributionSettings,
  PickupLocationSetting,
  ShopSettings,
  StockNoticeSettings,
  StoreNotice,
  StorePages,
  SwitchableEmail,
} from "./settings.types.ts";
export { DEFAULT_SETTINGS } from "./settings.types.ts";
