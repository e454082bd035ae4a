import { describe, expect, it } from "vitest";
import { bulkActionsFor, reviewsLink, reviewsQuery, rowActionsFor } from "./model.ts";

describe("reviewsQuery and reviewsLink", () => {
  it("reads the address, dropping what is not a choice, and writes it back", () => {
    const query = reviewsQuery(new URLSearchParams("status=pending&search=%20warm%20&product=7&rating=4&page=3"));
    expect(query).toEqual({ status: "pending", search: "warm", product_id: 7, rating: 4, page: 3 });
    expect(reviewsLink(query, { page: 3 })).toBe("/admin/reviews?status=pending&search=warm&product=7&rating=4&page=3");
    // A change starts again at page 1.
    expect(reviewsLink(query, { status: "all" })).toBe("/admin/reviews?search=warm&product=7&rating=4");
    expect(reviewsQuery(new URLSearchParams("status=deleted&rating=9&product=x&page=-1"))).toEqual({ status: "all", search: "", page: 1 });
  });
});

describe("the actions offered", () => {
  it("fit the tab and the review's status", () => {
    expect(bulkActionsFor("trash")).toEqual(["restore", "delete"]);
    expect(bulkActionsFor("pending")).toContain("approve");
    expect(rowActionsFor("approved")).toEqual(["unapprove", "spam", "trash"]);
    expect(rowActionsFor("spam")).toEqual(["restore", "delete"]);
  });
});
