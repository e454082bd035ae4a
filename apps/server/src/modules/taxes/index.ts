export {
  checkProductTax,
  listTaxClasses,
  loadTaxClassOrder,
  PARENT,
  type ProductTaxInput,
  STANDARD,
  type TaxClass,
  type TaxStatus,
  toApiClass,
  toStoredClass,
} from "./tax-classes.ts";
export { taxesAdminRoutes } from "./taxes.admin.routes.ts";
