/**
 * A listing's "Filter by" area and its active filters as HTML, built on the server: a plain GET form and
 * links that work without JavaScript, so /shop ships no code for them (its script budget, bench/budgets.json).
 */
import type { AttributeFacet, AttributeFilter, RatingFacet } from "@cartwright/commerce";
import { el, esc } from "../../forms/render/html.ts";
import { filterMessages as m } from "../features/listing/filter-messages.ts";
import { DEFAULT_SORT, type ListingParams, listingSearch, withKept } from "./listing.ts";

/** The address's filters as the catalogue reads them: any chosen term of an attribute, every attribute. */
export function filtersQuery(filters: ListingParams["filters"]): AttributeFilter[] {
  const byAttribute = new Map<string, string[]>();
  for (const [attribute, term] of filters) byAttribute.set(attribute, [...(byAttribute.get(attribute) ?? []), term]);
  return [...byAttribute].map(([attribute, slugs]) => ({ attribute, operator: "in", slugs }));
}

/** The chosen terms of known attributes (others dropped from the address), and their query. */
export function chosenFilters(params: ListingParams, facets: readonly AttributeFacet[]) {
  const filters = params.filters.filter(([attribute]) => facets.some((f) => f.slug === attribute));
  return { filters, query: filtersQuery(filters) };
}

/** The filter form (one fieldset per attribute, a checkbox per term with its count) and the active filters; empty when no product offers a term. */
export function attributeFiltersHtml(
  path: string,
  params: ListingParams,
  facets: readonly AttributeFacet[],
  ratings: readonly RatingFacet[] = [],
): string {
  // An attribute kept only because the address names it has no term to tick: its filter shows as active only.
  const shown = facets.filter((facet) => facet.terms.length > 0);
  if (!shown.length && !ratings.length) return activeFiltersHtml(path, params, facets);
  const chosen = new Set(params.filters.map(([attribute, term]) => `${attribute}=${term}`));
  // Filtering keeps the search, tag and order and starts again at page 1.
  const kept = [
    params.search ? el("input", { type: "hidden", name: "s", value: params.search }) : "",
    params.tag ? el("input", { type: "hidden", name: "tag", value: params.tag }) : "",
    params.sort !== DEFAULT_SORT ? el("input", { type: "hidden", name: "orderby", value: params.sort }) : "",
  ].join("");
  const groups = shown
    .map((facet) => {
      const terms = facet.terms
        .map((term) => {
          const id = `filter-${facet.slug}-${term.slug}`;
          const box = el("input", {
            type: "checkbox",
            id,
            name: `filter_${facet.slug}`,
            value: term.slug,
            checked: chosen.has(`${facet.slug}=${term.slug}`),
          });
          const count =
            el("span", { class: "filters__count", "aria-hidden": "true" }, ` ${esc(m.termCount(term.count))}`) +
            el("span", { class: "visually-hidden" }, ` ${esc(m.termCountLabel(term.count))}`);
          return el("li", { class: "filters__term" }, `${box}${el("label", { for: id }, `${esc(term.name)}${count}`)}`);
        })
        .join("");
      return el(
        "fieldset",
        { class: "filters__group" },
        el("legend", { class: "filters__legend" }, esc(facet.name)) + el("ul", { class: "filters__terms" }, terms),
      );
    })
    .join("");
  const form = el(
    "form",
    { method: "get", action: path, class: "filters__form" },
    kept +
      el("div", { class: "filters__groups" }, groups + ratingGroupHtml(params, ratings)) +
      el("button", { type: "submit", class: "button button--secondary filters__apply" }, esc(m.apply)),
  );
  const area = el(
    "details",
    // Named apart from its summary, which wide screens hide.
    { class: "filters", open: params.filters.length > 0 || params.ratings.length > 0, "aria-label": m.filterBy },
    el("summary", { class: "filters__summary" }, esc(m.filterBy)) + form,
  );
  return area + activeFiltersHtml(path, params, facets);
}

/** The "Filter by rating" group (decision 0090): a box per star count with its products, read as "Rated 4 out of 5". */
function ratingGroupHtml(params: ListingParams, ratings: readonly RatingFacet[]): string {
  if (!ratings.length) return "";
  const chosen = new Set(params.ratings);
  const boxes = ratings
    .map(({ stars, count }) => {
      const id = `filter-rating-${stars}`;
      const box = el("input", { type: "checkbox", id, name: "rating_filter", value: stars, checked: chosen.has(stars) });
      const visual = el("span", { class: "stars", "aria-hidden": "true", style: `--rating: ${stars}` }, "");
      const label =
        visual +
        el("span", { class: "visually-hidden" }, esc(m.ratedLabel(stars))) +
        el("span", { class: "filters__count", "aria-hidden": "true" }, ` ${esc(m.termCount(count))}`) +
        el("span", { class: "visually-hidden" }, ` ${esc(m.termCountLabel(count))}`);
      return el("li", { class: "filters__term" }, `${box}${el("label", { for: id }, label)}`);
    })
    .join("");
  return el(
    "fieldset",
    { class: "filters__group" },
    el("legend", { class: "filters__legend" }, esc(m.rating)) + el("ul", { class: "filters__terms" }, boxes),
  );
}

/** A link per chosen term or star count that takes it away, and one that takes them all, each back to page 1. */
function activeFiltersHtml(path: string, params: ListingParams, facets: readonly AttributeFacet[]): string {
  if (!params.filters.length && !params.ratings.length) return "";
  const href = (filters: ListingParams["filters"], ratings = params.ratings) =>
    `${path}${listingSearch(withKept({ ...params, filters, ratings }), 1)}`;
  const starChips = params.ratings.map((stars) => {
    const text = `${el("span", { class: "visually-hidden" }, esc(m.removeRating(stars)))}${el("span", { "aria-hidden": "true" }, `${esc(m.ratingChip(stars))} ×`)}`;
    return el(
      "li",
      {},
      el(
        "a",
        {
          class: "active-filters__chip",
          href: href(
            params.filters,
            params.ratings.filter((s) => s !== stars),
          ),
        },
        text,
      ),
    );
  });
  const chips = params.filters.map(([attribute, term]) => {
    const facet = facets.find((f) => f.slug === attribute);
    const attributeName = facet?.name ?? attribute;
    const termName = facet?.terms.find((t) => t.slug === term)?.name ?? term;
    const rest = params.filters.filter(([a, t]) => a !== attribute || t !== term);
    const text = `${el("span", { class: "visually-hidden" }, esc(`${m.remove(attributeName, termName)}`))}${el("span", { "aria-hidden": "true" }, `${esc(`${attributeName}: ${termName}`)} ×`)}`;
    return el("li", {}, el("a", { class: "active-filters__chip", href: href(rest) }, text));
  });
  const clear = el("li", {}, el("a", { class: "active-filters__clear", href: href([], []) }, esc(m.clearAll)));
  return el(
    "div",
    { class: "active-filters" },
    el("h2", { class: "active-filters__title" }, esc(m.activeTitle)) +
      el("ul", { class: "active-filters__list" }, chips.join("") + starChips.join("") + clear),
  );
}
