/** The attribute filter area's texts (/shop and category pages); read by the server alone, so no page ships them as code. */
export const filterMessages = {
  filterBy: "Filter by",
  apply: "Apply filters",
  termCount: (count: number) => `(${count})`,
  termCountLabel: (count: number) => (count === 1 ? "(1 product)" : `(${count} products)`),
  activeTitle: "Active filters",
  remove: (attribute: string, term: string) => `Remove filter ${attribute}: ${term}`,
  clearAll: "Clear all filters",
};
