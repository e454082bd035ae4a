/**
 * The console fits its screen: no page scrolls sideways on a phone (390×844; the reviews, brands and attributes lists and the reports' tabs included) or at 1280×800 (the form builder included),
 * where a wide table scrolls inside its own frame instead (its visually hidden header text
 * once escaped that frame and widened the page), the widget editor's channel rows and the
 * image upload field shrink to the phone, the order page's items table scrolls in its card on a phone
 * and shows whole at 1024, and a
 * table that scrolls is reachable by keyboard.
 */
import { expect, type Page, test } from "@playwright/test";
import { FEEDBACK_ID, sendFeedback } from "./support/feedback.ts";
import { signInAsOwner } from "./support/owner.ts";
import { customerOrderByApi, guestOrderByApi, seriousViolations } from "./support/shopper-order.ts";

// The e2e project has no DOM types: the page function is a string.
const pageWidth = (page: Page) => page.evaluate<number>("document.documentElement.scrollWidth");

/** How many of the page's requests are still unanswered, counted from the page's first `open`. */
const unanswered = new WeakMap<Page, () => number>();

function requestsOf(page: Page): () => number {
  let count = unanswered.get(page);
  if (!count) {
    let open = 0;
    page.on("request", () => open++);
    page.on("requestfinished", () => open--);
    page.on("requestfailed", () => open--);
    count = () => open;
    unanswered.set(page, count);
  }
  return count;
}

/**
 * Opens a console page and waits until it is whole: its heading shown, no part of it still "Loading…", and every
 * request it made answered (what a lazy part brings in, the country names or a preview, may widen it). Waiting for
 * those rather than networkidle's half second of quiet saves that half second on each of the file's 34 pages.
 */
async function open(page: Page, path: string, heading: string | RegExp) {
  const pending = requestsOf(page);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await expect.poll(pending, { intervals: [50] }).toBe(0);
}

test("on a phone, the widget editor, the product, customer and attribute forms, the form builder and the lists fit the screen, and the staff table takes focus", async ({
  page,
}) => {
  // Fifteen pages and an axe run: 24 s on a quiet machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOwner(page, null);
  for (const [path, heading] of [
    ["/admin/widgets/1", "Edit Help widget"],
    ["/admin/products/new", "Add product"],
    ["/admin/attributes/1", "Attribute Color"],
    ["/admin/orders/new", "Add order"],
    ["/admin/customers/new", "Add customer"],
    ["/admin/widgets", "Widgets"],
    ["/admin/forms", "Forms"],
    ["/admin/forms/3", "Edit form: Store feedback"],
    ["/admin/reviews", "Reviews"],
    ["/admin/brands", "Brands"],
    ["/admin/attributes", "Attributes"],
    ["/admin/api-keys", "API keys"],
    ["/admin/reports/products", "Reports"],
    ["/admin/reports/customers", "Reports"],
    ["/admin/staff", "Staff"],
  ] as const) {
    await open(page, path, heading);
    expect(await pageWidth(page), path).toBe(390);
  }
  // The team's table scrolls sideways on a phone; with only the owner's row it holds nothing else to tab to.
  const team = page.getByRole("region", { name: "Team" });
  await expect(team).toHaveAttribute("tabindex", "0");
  expect(await seriousViolations(page)).toEqual([]);

  // A long channel value wraps inside its row rather than pushing the row's buttons off screen, and is shown whole.
  await open(page, "/admin/widgets/1", "Edit Help widget");
  const remove = page.getByRole("button", { name: /^Remove/ }).first();
  const box = await remove.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  // Each value sits under its channel's name with the row's width, not beside it cut to a letter or two ("+…").
  const telegram = page.getByRole("button", { name: /^Telegram/ });
  const [name, value] = await Promise.all([
    telegram.getByText("Telegram", { exact: true }).boundingBox(),
    telegram.getByText("@cartwright_demo").boundingBox(),
  ]);
  expect(value && name && value.y).toBeGreaterThanOrEqual((name?.y ?? 0) + (name?.height ?? 0) - 1);
  expect(value?.width).toBeGreaterThanOrEqual(96);
  const cut = await page.evaluate<string[]>(
    'Array.from(document.querySelectorAll(".admin-channel__value")).filter((value) => value.scrollWidth > value.clientWidth).map((value) => value.textContent)',
  );
  expect(cut).toEqual([]);
});

test("at 1280 pixels the taxes page does not scroll sideways, and a rate's whole row fits without scrolling its table", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsOwner(page, null);
  await open(page, "/admin/taxes", "Taxes");
  await expect(page.getByRole("textbox", { name: /Rate %/ }).first()).toBeVisible();
  expect(await pageWidth(page)).toBe(1280);
  const overflow = page.evaluate<number>(
    '(({ scrollWidth, clientWidth }) => scrollWidth - clientWidth)(document.querySelector(".admin-table-wrap"))',
  );
  expect(await overflow).toBe(0);
  // Narrower, the table scrolls in its frame and the page still does not.
  await page.setViewportSize({ width: 1024, height: 800 });
  expect(await pageWidth(page)).toBe(1024);
});

test("on a phone, an order's page fits the screen: its items table scrolls inside the card", async ({ page }) => {
  test.setTimeout(60_000);
  const { orderId } = await guestOrderByApi(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOwner(page, null);
  await open(page, `/admin/orders/${orderId}`, new RegExp(`^Order #${orderId}`));
  expect(await pageWidth(page)).toBe(390);
  await expect(page.getByRole("button", { name: "Refund", exact: true })).toBeVisible();
  // The items now scroll in their frame, which takes the keyboard's focus (it holds no link or button).
  await expect(page.getByRole("region", { name: `Items of order #${orderId}` })).toHaveAttribute("tabindex", "0");
  expect(await seriousViolations(page)).toEqual([]);
  // Beside the console's menu on a small laptop, the whole items table shows: the actions go below it until 1280.
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = page.evaluate<number>(
      '(({ scrollWidth, clientWidth }) => scrollWidth - clientWidth)(document.querySelector("section.admin-table-wrap"))',
    );
    expect(await overflow, `items table at ${width}`).toBe(0);
    expect(await pageWidth(page)).toBe(width);
  }
});

/** The top of each cell of a table's first row (undefined for a cell without a layout box), in one call. */
const firstRowTops = (page: Page, rows: string) =>
  page.evaluate<(number | undefined)[]>(
    `[...document.querySelector(${JSON.stringify(rows)}).children].map((cell) => cell.getClientRects().length === 0 ? undefined : cell.getBoundingClientRect().y)`,
  );

// How far the first table frame on the page scrolls sideways.
const frameOverflow = (page: Page) =>
  page.evaluate<number>('(({ scrollWidth, clientWidth }) => scrollWidth - clientWidth)(document.querySelector(".admin-table-wrap"))');

test("on a phone, the orders list shows each order as a card: no sideways scrolling, every total in sight, still a table", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { orderId } = await guestOrderByApi(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOwner(page, null);
  await open(page, "/admin/orders", "Orders");
  expect(await pageWidth(page)).toBe(390);
  expect(await frameOverflow(page)).toBe(0);
  const rows = page.locator(".admin-orders tbody tr");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    const total = await row.locator(".admin-orders__total").boundingBox();
    expect(total && total.x + total.width).toBeLessThanOrEqual(390);
    await expect(row.locator(".admin-order-status")).toBeVisible();
  }
  // The row's checkbox still selects the order.
  await page.getByRole("checkbox", { name: new RegExp(`#${orderId}\\b`) }).check();
  await expect(page.locator(".admin-orders__bulk")).toBeVisible();
  // Chromium's accessibility tree, not Playwright's reading of the tags: the restacked rows are still a table's.
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  const roles = new Set(nodes.map((node) => String(node.role?.value)));
  for (const role of ["table", "row", "columnheader", "rowheader", "cell"]) expect(roles, role).toContain(role);
  expect(await seriousViolations(page)).toEqual([]);
  // Wider screens keep the table as it was: one line per order.
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const tops = await firstRowTops(page, ".admin-orders tbody tr");
    expect(new Set(tops).size, `one line at ${width}`).toBe(1);
  }
});

test("on a phone, the customers list and a form's entries show each row as a card without sideways scrolling", async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  // The shopper signs up and orders in a browser of their own, so this one is free to sign in as the owner.
  const shopper = await browser.newContext();
  await customerOrderByApi(shopper.request);
  await shopper.close();
  await sendFeedback(page.request, {
    1: "2",
    3: "cards@example.com",
    4: "A long comment that would once have widened its column well past a phone's screen.",
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOwner(page, null);
  for (const [path, heading, figure] of [
    ["/admin/customers", "Customers", ".admin-customers__spend"],
    [`/admin/forms/${FEEDBACK_ID}/entries`, /^Entries/, ".admin-entries__status"],
  ] as const) {
    await open(page, path, heading);
    expect(await pageWidth(page), path).toBe(390);
    expect(await frameOverflow(page), path).toBe(0);
    const box = await page.locator(`tbody tr ${figure}`).first().boundingBox();
    expect(box && box.x + box.width, path).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

/** The console's other lists on a phone, each with the cells that carry its row's key figures (and its row actions). */
const CARD_LISTS = [
  { path: "/admin/products", heading: "Products", table: ".admin-products", figures: [".admin-products__price", ".admin-products__stock"] },
  { path: "/admin/categories", heading: "Categories", table: ".admin-terms", figures: [".admin-terms__count"] },
  { path: "/admin/tags", heading: "Tags", table: ".admin-terms", figures: [".admin-terms__count"] },
  {
    path: "/admin/attributes",
    heading: "Attributes",
    table: ".attribute-list",
    figures: [".admin-terms__count", ".attribute-list__actions"],
  },
  { path: "/admin/coupons", heading: "Coupons", table: ".admin-coupons", figures: [".admin-coupons__amount", ".admin-coupons__uses"] },
  { path: "/admin/shipping", heading: "Shipping", table: ".admin-zones", figures: [".admin-zones__methods", ".admin-zones__order"] },
  { path: "/admin/shipping/pickup", heading: "Local pickup", table: ".admin-pickups", figures: [".admin-pickups__status"] },
  { path: "/admin/taxes", heading: "Taxes", table: ".taxes-rates", figures: [".taxes-cell--rate", ".taxes-cell--actions"] },
  { path: "/admin/staff", heading: "Staff", table: ".admin-staff", figures: [".admin-staff__role"] },
  {
    path: "/admin/widgets",
    heading: "Widgets",
    table: ".admin-widgets",
    figures: [".admin-widgets__active", ".admin-widgets__views", ".admin-widgets__actions"],
  },
  {
    path: "/admin/forms",
    heading: "Forms",
    table: ".admin-forms",
    figures: [".admin-forms__entries", ".admin-forms__embed", ".admin-forms__actions"],
  },
] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every row of the table read in one call rather than a call a cell (the products' 20 rows took some 60): each figure's
 * box as Playwright's `boundingBox()` gives it (null when it has no layout box; a figure that is not exactly one element
 * is named by its count), and where each control of the row sits, in the order Tab reaches them. The page function is a
 * string: no DOM types here.
 */
const tableRows = (page: Page, table: string, figures: readonly string[]) =>
  page.evaluate<{ figures: (Box | null | { count: number })[]; controls: (Box & { inHeader: boolean })[] }[]>(`
    (() => {
      const box = (el) => { if (el.getClientRects().length === 0) return null; const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
      return [...document.querySelectorAll(${JSON.stringify(`${table} tbody tr`)})].map((row) => ({
        figures: ${JSON.stringify(figures)}.map((figure) => { const found = row.querySelectorAll(figure); return found.length === 1 ? box(found[0]) : { count: found.length }; }),
        controls: [...row.querySelectorAll("a, button, input, select, textarea")]
          .filter((el) => !el.disabled)
          .map((el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height, inHeader: !!el.closest("th") }; }),
      }));
    })()`);

test("on a phone, the other console lists show each row as a card or block: no sideways scrolling, key figures in sight, controls in tab order, still tables", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsOwner(page, null);
  for (const { path, heading, table, figures } of CARD_LISTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, path, heading);
    expect(await pageWidth(page), path).toBe(390);
    const overflow = await page.evaluate<number>(
      `(({ scrollWidth, clientWidth }) => scrollWidth - clientWidth)(document.querySelector(${JSON.stringify(table)}).closest(".admin-table-wrap"))`,
    );
    expect(overflow, `${path} frame`).toBe(0);
    const rows = await tableRows(page, table, figures);
    const count = rows.length;
    expect(count, path).toBeGreaterThan(0);
    for (const row of rows) {
      for (const [f, figure] of figures.entries()) {
        const found = row.figures[f] ?? null;
        expect(found && "count" in found ? found.count : 1, `${path} ${figure}: one element`).toBe(1);
        const box = found && "count" in found ? null : found;
        expect(box, `${path} ${figure}`).not.toBeNull();
        expect(box?.x ?? -1, `${path} ${figure}`).toBeGreaterThanOrEqual(0);
        expect(box && box.x + box.width, `${path} ${figure}`).toBeLessThanOrEqual(390);
      }
      // Read top to bottom and left to right, the row's controls come in the order Tab takes them, each big enough for a thumb.
      const controls = row.controls;
      for (const [i, control] of controls.entries()) {
        expect(control.x + control.width, `${path} control ${i}`).toBeLessThanOrEqual(390);
        if (!control.inHeader) expect(control.height, `${path} control ${i}`).toBeGreaterThanOrEqual(24);
        const before = controls[i - 1];
        if (before) {
          const sameLine = control.y < before.y + before.height && before.y < control.y + control.height;
          expect(sameLine ? control.x > before.x : control.y > before.y, `${path} control ${i} after ${i - 1}`).toBe(true);
        }
      }
    }
    // Chromium's accessibility tree: the restacked rows are still a table's.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const roles = new Set(nodes.map((node) => String(node.role?.value)));
    for (const role of ["table", "row", "columnheader", "cell"]) expect(roles, `${path} ${role}`).toContain(role);
    await cdp.detach();
    expect(await seriousViolations(page), path).toEqual([]);
    // Wider screens keep the table as it was: one line per row.
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const tops = await firstRowTops(page, `${table} tbody tr`);
      expect(new Set(tops).size, `${path} one line at ${width}`).toBe(1);
    }
  }
});
