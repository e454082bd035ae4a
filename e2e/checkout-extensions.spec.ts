/**
 * Extension blocks in the checkout (spec §5 "Extension registration"; issue 6): a script in the
 * page registers through (globalThis as unknown as ExtensionWindow).cartwright, as a plugin's script would, once the checkout is live.
 */
import { expect, type Page, test } from "@playwright/test";
import { addToCart, type ExtensionWindow, extensionApiReady, fillUsAddress, openCheckout } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";

/** Registers a block whose component draws a paragraph, or throws when `text` is null. */
async function registerBlock(page: Page, name: string, parent: string, text: string | null) {
  await extensionApiReady(page);
  await page.evaluate(
    ({ name, parent, text }) => {
      const api = (globalThis as unknown as ExtensionWindow).cartwright;
      if (!api) throw new Error("(globalThis as unknown as ExtensionWindow).cartwright is missing");
      api.registerCheckoutBlock({
        metadata: { name, parent: parent },
        component: ({ cart }) => {
          if (text === null) throw new Error("The block broke");
          return api.element.createElement("p", { className: "test-block" }, `${text} (${cart.items_count} items)`);
        },
      });
    },
    { name, parent, text },
  );
}

test("a block registered by a page script renders in its area, with the cart; a broken one hides from shoppers", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await registerBlock(page, "test-plugin/gift-note", "cw/checkout-actions", "Gift wrapping is free this week");
  await expect(page.locator(".checkout-actions").getByText("Gift wrapping is free this week (1 items)")).toBeVisible();

  await registerBlock(page, "test-plugin/broken", "cw/checkout-totals", null);
  await expect(page.locator(".checkout-summary")).toBeVisible();
  await expect(page.getByText("Unexpected error in: test-plugin/broken")).toHaveCount(0);
  await expect(page.getByText("There was an error loading the content.")).toHaveCount(0);
  // The rest of the checkout carries on.
  await expect(page.getByRole("button", { name: /Place Order/ })).toBeEnabled();

  const refused = await page.evaluate(() => {
    try {
      (globalThis as unknown as ExtensionWindow).cartwright?.registerCheckoutBlock({
        metadata: { name: "x/y", parent: "cw/nowhere" },
        component: () => null,
      });
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  });
  expect(refused).toContain("The parent of the checkout block 'x/y' must be a valid inner block area");
});

test("a block's extension data goes with the order, and its validation error holds the order back until cleared", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await extensionApiReady(page);
  await page.evaluate(() => {
    const api = (globalThis as unknown as BlockDataWindow).cartwright;
    const h = api.element.createElement;
    api.registerCheckoutBlock({
      metadata: { name: "test-plugin/gift-note", parent: "cw/checkout-actions" },
      component: ({ checkoutExtensionData, validation }) => {
        const error = validation.getValidationError("gift-note");
        return h(
          "div",
          { className: "test-gift-note" },
          h(
            "button",
            { type: "button", onClick: () => validation.setValidationError("gift-note", "Add a gift note first.") },
            "Ask for a note",
          ),
          h(
            "button",
            {
              type: "button",
              onClick: () => {
                checkoutExtensionData.setExtensionData("test-plugin", "note", "Happy birthday");
                validation.clearValidationError("gift-note");
              },
            },
            "Add the note",
          ),
          error && !error.hidden ? h("p", { role: "alert" }, error.message) : null,
        );
      },
    });
  });
  await fillUsAddress(page);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "Ask for a note" }).click();
  const orders: unknown[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/store/v1/checkout") orders.push(request.postDataJSON());
  });
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.locator(".test-gift-note").getByRole("alert")).toHaveText("Add a gift note first.");
  expect(orders).toEqual([]);

  await page.getByRole("button", { name: "Add the note" }).click();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  expect(orders).toHaveLength(1);
  expect((orders[0] as { extensions: Record<string, unknown> }).extensions["test-plugin"]).toEqual({ note: "Happy birthday" });
});

test("a payment method a page script registers once the checkout is live is offered by its own canMakePayment at once", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const win = globalThis as unknown as PaymentWindow;
    win.addEventListener("cartwright:checkout-ready", () => {
      const api = win.cartwright;
      const h = api?.element.createElement;
      api?.registerPaymentMethod({
        name: "cheque",
        label: "Check payments",
        ariaLabel: "Check payments",
        content: () => h?.("p", null, "Cheques are not taken for this cart."),
        edit: () => null,
        // The plugin declines every cart: the method goes from the list.
        canMakePayment: () => false,
      });
    });
  });
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Check payments/ })).toHaveCount(0);
});

test("a page script's checkout filters relabel the total, the items and the place-order button", async ({ page }) => {
  // Registered as a plugin's script does: on the checkout's ready event, before the checkout draws again.
  await page.addInitScript(() => {
    const win = globalThis as unknown as FilterWindow;
    win.addEventListener("cartwright:checkout-ready", () => {
      const api = win.cartwright;
      api?.registerCheckoutFilters("test-plugin", {
        totalLabel: (label) => `${label} to pay`,
        itemName: (name) => `${name} (gift)`,
        placeOrderButtonLabel: () => "Buy now",
      });
    });
  });
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  const summary = page.locator(".checkout-summary");
  await expect(summary.getByText("Beanie (gift)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy now" })).toBeVisible();
  await expect(summary.locator(".totals__item--total .totals__label")).toHaveText("Total to pay");
});

test("a page script's price formats show on the cart's lines and in the checkout's summary", async ({ page }) => {
  // Both pages put the extension API on window once live, and fire the ready event.
  await page.addInitScript(() => {
    const win = globalThis as unknown as FilterWindow;
    const counted = globalThis as unknown as { readyEvents: number };
    counted.readyEvents = 0;
    win.addEventListener("cartwright:checkout-ready", () => {
      counted.readyEvents++;
      win.cartwright?.registerCheckoutFilters("test-plugin", {
        cartItemPrice: (format, _extensions, args) => `${format} for ${(args as { cartItem: { quantity: number } }).cartItem.quantity}`,
        subtotalPriceFormat: (format, _extensions, args) => `${format} each (${(args as { context: string }).context})`,
      });
    });
  });
  await addToCart(page, "beanie", "Beanie", 2);
  await page.goto("/cart");
  const line = page.getByRole("row").filter({ hasText: "Beanie" });
  // Beanie: 20.00, on sale at 18.00 (DEMO.md).
  await expect(line.locator(".cart-line__total-amount")).toHaveText("$36.00 for 2");
  await expect(line.locator(".cart-line__price")).toContainText("$18.00 each (cart)");

  // On to the checkout without a page load: the filters stay, and scripts are not told to register again.
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  const summary = page.locator(".checkout-summary");
  await expect(summary.locator(".checkout-summary__total")).toHaveText("$36.00 for 2");
  await expect(summary.locator(".checkout-summary__unit-price")).toContainText("$18.00 each (summary)");
  expect(await page.evaluate(() => (globalThis as unknown as { readyEvents: number }).readyEvents)).toBe(1);
});

test("a price format without <price/> is logged for a shopper and the page keeps the plain price", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  await page.addInitScript(() => {
    const win = globalThis as unknown as FilterWindow;
    win.addEventListener("cartwright:checkout-ready", () => {
      win.cartwright?.registerCheckoutFilters("test-plugin", { cartItemPrice: () => "per month" });
    });
  });
  await addToCart(page, "beanie", "Beanie");
  await page.goto("/cart");
  await expect.poll(() => logged.some((text) => text.includes("Price-format filters must contain '<price/>'"))).toBe(true);
  expect(logged).toContain(`Price-format filters must contain '<price/>': the checkout filter 'cartItemPrice' returned "per month".`);
  await expect(page.locator(".cart-line__total-amount")).toHaveText("$18.00");
  await expect(page.getByRole("link", { name: "Proceed to checkout" })).toBeVisible();

  await openCheckout(page);
  await expect(page.locator(".checkout-summary__total")).toHaveText("$18.00");
  await expect(page.getByRole("button", { name: /Place Order/ })).toBeEnabled();
  await expect(page.getByText("Unexpected error in:")).toHaveCount(0);
});

test("the store administrator is shown a price format without <price/> where it broke, the rest of the page stays", async ({ page }) => {
  await signInAsOwner(page, null);
  await page.addInitScript(() => {
    const win = globalThis as unknown as FilterWindow;
    win.addEventListener("cartwright:checkout-ready", () => {
      win.cartwright?.registerCheckoutFilters("test-plugin", { subtotalPriceFormat: () => "each" });
    });
  });
  await addToCart(page, "beanie", "Beanie");
  await page.goto("/cart");
  await expect(page.getByText("Unexpected error in: Cart")).toBeVisible();
  await expect(page.getByText(`the checkout filter 'subtotalPriceFormat' returned "each"`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Proceed to checkout" })).toBeVisible();
});

/** What the block journey's component is given and registers with, typed for code run in the page. */
interface BlockDataWindow {
  cartwright: {
    element: { createElement(type: string, props: Record<string, unknown> | null, ...children: unknown[]): unknown };
    registerCheckoutBlock(options: {
      metadata: { name: string; parent: string };
      component: (props: {
        checkoutExtensionData: { setExtensionData(namespace: string, key: string, value: unknown): void };
        validation: {
          setValidationError(id: string, message: string): void;
          clearValidationError(id: string): void;
          getValidationError(id: string): { message: string; hidden: boolean } | undefined;
        };
      }) => unknown;
    }): void;
  };
}

/** The payment part of window.cartwright, typed for code run in the page. */
interface PaymentWindow {
  addEventListener(type: string, listener: () => void): void;
  cartwright?: {
    element: { createElement(type: string, props: Record<string, unknown> | null, ...children: unknown[]): unknown };
    registerPaymentMethod(config: Record<string, unknown>): void;
  };
}

/** The filters part of window.cartwright and the window's events, typed for code run in the page. */
interface FilterWindow {
  addEventListener(type: string, listener: () => void): void;
  cartwright?: {
    registerCheckoutFilters(
      namespace: string,
      filters: Record<string, (value: string, extensions: Record<string, unknown>, args?: Record<string, unknown>) => string>,
    ): void;
  };
}
