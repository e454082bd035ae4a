/**
 * A console table's sortable header as every table shows it (admin.css's `.admin-sort`, components/SortHeader.tsx):
 * the link in the header's own colour at rest, its label and arrow on one line. Checked on the pages that sort (orders,
 * accounts, reports), none of which loads another page's stylesheet.
 */
import { expect, type Locator } from "@playwright/test";

export async function expectSortHeaderStyled(link: Locator): Promise<void> {
  await expect(link).toHaveCSS("white-space", "nowrap");
  // At rest: under the pointer a link takes the shop's hover colour, as it should.
  await link.page().mouse.move(0, 0);
  const colours = await link.evaluate((element) => {
    // The journeys have no DOM types: the little of the DOM this reads, described here.
    type Styled = {
      closest(selector: string): Styled | null;
      ownerDocument: { defaultView: { getComputedStyle(of: Styled): { color: string } } };
    };
    const link = element as unknown as Styled;
    const header = link.closest("th");
    const view = link.ownerDocument.defaultView;
    return [view.getComputedStyle(link).color, header ? view.getComputedStyle(header).color : "no header"];
  });
  expect(colours[0]).toBe(colours[1]);
}
