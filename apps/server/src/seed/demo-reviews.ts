/**
 * The demo's product reviews (decision 0090): each product's review count and average of
 * demo-catalogue.ts become that many approved review rows, whose ratings sum to the nearest whole
 * number of stars, so the product's figures follow from real rows as any shop's do (4.6 over 41
 * reviews is 189 stars: 4.61). Names, texts and days are picked in turn, the same on every seed.
 */
import type { DemoProduct } from "./demo-catalogue.ts";

export interface DemoReview {
  name: string;
  email: string;
  rating: number;
  text: string;
  /** When, as a share (0-1, exclusive) of the time between the product's listing and the seed. */
  at: number;
}

const NAMES = [
  "Maya Chen",
  "Oliver Grant",
  "Priya Nair",
  "Lucas Moreau",
  "Hannah Ortiz",
  "Tom Becker",
  "Amara Okafor",
  "Sam Whitfield",
  "Elena Rossi",
  "Kenji Watanabe",
  "Grace Liu",
  "Noah Fischer",
  "Isla Murphy",
  "Diego Alvarez",
  "Freya Lindqvist",
  "Jonas Weber",
  "Leah Cohen",
  "Rafael Costa",
  "Zoe Martin",
  "Arjun Mehta",
];

const TEXTS: Record<number, string[]> = {
  5: [
    "Exactly as pictured and beautifully made. I would buy it again tomorrow.",
    "Arrived quickly and the quality is better than I expected for the price.",
    "A lovely piece. It has become a favourite in our house.",
    "Great value, well packed, and it looks even better in person.",
  ],
  4: [
    "Very good overall. Took a few days longer to arrive than I hoped, but worth the wait.",
    "Nice quality and a good fit. Knocked off one star only because the colour is a shade darker than the photo.",
    "Solid and well finished. I would happily recommend it to a friend.",
  ],
  3: ["It does the job. Nothing special, but nothing wrong with it either.", "Decent, though I expected a little more for the price."],
  2: ["Not quite what I expected; the finish could be better."],
  1: ["Disappointed: it did not suit me at all."],
};

/** The product's reviews: `reviews` of them, ratings summing to round(rating × reviews), highest first spread among them. */
export function demoReviews(product: DemoProduct, productIndex: number): DemoReview[] {
  const count = product.reviews;
  if (count <= 0) return [];
  const total = Math.min(5 * count, Math.max(count, Math.round(product.rating * count)));
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, i) => {
    // Every few reviews, one star moves from one to the next (a 4 and a 4 become a 5 and a 3): the sum stays.
    let rating = i < extra ? base + 1 : base;
    const pairShift = i % 6 === 4 && i + 1 < count && rating >= 2 && rating <= 4 && (i + 1 < extra ? base + 1 : base) === rating;
    if (pairShift) rating += 1;
    if (i % 6 === 5 && i >= 1) {
      const previous = i - 1 < extra ? base + 1 : base;
      const mine = i < extra ? base + 1 : base;
      if (previous === mine && mine >= 2 && mine <= 4) rating = mine - 1;
    }
    const name = NAMES[(productIndex * 7 + i) % NAMES.length] as string;
    const texts = TEXTS[rating] ?? TEXTS[5] ?? [];
    return {
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.net`,
      rating,
      text: texts[(productIndex + i) % texts.length] as string,
      // Spread over the product's time in the shop, no two at once (7 and the count share no factor but for multiples of 7).
      at: (((i * 7 + productIndex) % count) + 1 + i / count) / (count + 2),
    };
  });
}
