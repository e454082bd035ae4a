/**
 * Server extensions: what a shop adds in code (payment gateways, checkout fields, cart fees, a
 * POST /cart/extensions callback), handed to `buildApp({ extensions })` and registered while the app
 * runs. `npm start` loads the modules the EXTENSIONS setting lists (config.ts), each exporting one
 * `Extension` as its default. An example: extensions/gift-wrap/.
 */
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import type { ProductCollection } from "@cartwright/commerce";
import { ConfigError } from "./config.ts";
import {
  type CartExtensionCallback,
  type CartFeeProvider,
  registerCartExtension,
  registerCartFees,
  registeredCartNamespaces,
} from "./modules/cart/index.ts";
import { registeredCollectionSlugs, registerProductCollection } from "./modules/catalog/index.ts";
import { type CheckoutField, registerCheckoutField, registeredFieldIds } from "./modules/checkout/index.ts";
import { type PaymentGateway, registeredGatewayIds, registerPaymentGateway } from "./modules/payments/index.ts";

export interface Extension {
  /** Names the extension in messages; the namespace of its cart fees and of its POST /cart/extensions callback. */
  name: string;
  /** Offered when the shop switches them on in its payment settings (an existing id is replaced). */
  paymentGateways?: PaymentGateway[];
  /** Field ids are namespaced: 'name/field'. */
  checkoutFields?: CheckoutField[];
  /** Fees for every priced cart; must answer from its arguments alone, as kept cart replies are reused while they hold (decision 0015). */
  cartFees?: CartFeeProvider;
  /** Answers POST /cart/extensions for this extension's namespace: the cart keeps what it returns. */
  cartExtension?: CartExtensionCallback;
  /** Ready-made listings, each at /collection/{its collection-name} (decision 0087); named '<extension>/product-collection/<collection-name>'. */
  productCollections?: ProductCollection[];
}

const NAME_PATTERN = /^[a-z0-9-]+$/;

/** Registers every part of every extension; the answer takes them all back (buildApp calls it when the app closes). */
export function registerExtensions(extensions: readonly Extension[], warn: (message: string) => void = console.warn): () => void {
  const undo: (() => void)[] = [];
  const unregister = () => {
    for (const step of undo.reverse()) step();
    undo.length = 0;
  };
  const names = new Set<string>();
  let current = "";
  try {
    for (const extension of extensions) {
      current = `'${extension.name}'`;
      if (!NAME_PATTERN.test(extension.name))
        throw new Error(`An extension's name must be lower-case letters, digits and dashes (got '${extension.name}').`);
      if (names.has(extension.name)) throw new Error(`Two extensions are named '${extension.name}'.`);
      names.add(extension.name);
      for (const gateway of extension.paymentGateways ?? []) undo.push(registerPaymentGateway(gateway));
      for (const field of extension.checkoutFields ?? []) {
        // Another extension's field of the same id would be replaced without a word.
        if (!field.id.startsWith(`${extension.name}/`))
          throw new Error(`Its checkout field '${field.id}' must be named '${extension.name}/…', in its own namespace.`);
        undo.push(registerCheckoutField(field));
      }
      if (extension.cartFees) undo.push(registerCartFees(extension.name, extension.cartFees));
      if (extension.cartExtension) undo.push(registerCartExtension(extension.name, extension.cartExtension));
      for (const collection of extension.productCollections ?? [])
        undo.push(registerProductCollection(collection, (message) => warn(`EXTENSIONS: extension '${extension.name}': ${message}`)));
    }
  } catch (error) {
    unregister();
    // At npm start this stops the start in one line, as a module EXTENSIONS cannot load does.
    throw new ConfigError(`EXTENSIONS: extension ${current}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return unregister;
}

/** What is registered in this process, by name: the gateways (built-in ones too), fields, cart namespaces and collections. */
export const registeredExtensionParts = () => ({
  paymentGateways: registeredGatewayIds(),
  checkoutFields: registeredFieldIds(),
  ...registeredCartNamespaces(),
  productCollections: registeredCollectionSlugs(),
});

/** The extensions of the EXTENSIONS setting (config.ts: absolute paths or package names), imported in order; each module's default export is one. */
export async function loadExtensions(specifiers: readonly string[]): Promise<Extension[]> {
  const loaded: Extension[] = [];
  for (const specifier of specifiers) {
    const target = isAbsolute(specifier) ? pathToFileURL(specifier).href : specifier;
    let module: { default?: unknown };
    try {
      module = await import(target);
    } catch (error) {
      throw new ConfigError(`EXTENSIONS: '${specifier}' could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
    const extension = module.default;
    if (!extension || typeof extension !== "object" || typeof (extension as Extension).name !== "string")
      throw new ConfigError(`EXTENSIONS: '${specifier}' must export an extension ({ name, … }) as its default.`);
    loaded.push(extension as Extension);
  }
  return loaded;
}
