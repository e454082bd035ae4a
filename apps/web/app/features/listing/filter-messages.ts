/** The attribute filter area's texts (/shop and category pages); read by the server alone, so no page ships them as code. */
export const filterMessages = {
  filterBy: "Filter by",
  apply: "Apply filters",
  termCount: (count: number) => `(${count})`,
  termCountLabel: (count: number) => (count === 1 ? "(1 product)" : `(${count} products)`),
  activeTitle: "Active filters",
  remove: (attribute: string, term: string) => `Remove filter ${attribute}: ${term}`,
  clearAll: "Clear all filters",
  rating: "Rating",
  ratedLabel: (stars: number) => `Rated ${stars} out of 5`,
  ratingChip: (stars: number) => `Rating: ${stars} ${stars === 1 ? "star" : "stars"}`,
  removeRating: (stars: number) => `Remove filter Rating: ${stars} ${stars === 1 ? "star" : "stars"}`,
};
