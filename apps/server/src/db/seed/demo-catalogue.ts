/** The demo catalogue of shared/DEMO.md: its names, slugs, prices and rules are a contract. */
export interface DemoProduct {
  name: string;
  slug: string;
  /** Decimal price as on the DEMO page, turned into minor units by the seed. */
  price: string;
  sale?: string;
  category: string;
  tags?: string[];
  short: string;
  description?: string;
  stock?: { quantity: number; backorders?: "no" | "yes" | "notify"; lowStockAmount?: number };
  status?: "instock" | "outofstock" | "onbackorder";
  quantity?: { min: number; max: number; step: number };
  soldIndividually?: boolean;
  visibility?: "visible" | "catalog" | "search" | "hidden";
  virtual?: boolean;
  weightGrams?: number;
  crossSells?: string[];
  sales: number;
  rating: number;
  reviews: number;
  colors: [string, string];
}

export interface DemoVariation {
  attributes: Record<string, string>;
  price: string;
  sale?: string;
  stock?: { quantity: number; backorders?: "no" | "yes" };
}

export const DEMO_CATEGORIES = [
  { name: "Clothing", slug: "clothing", description: "Everyday wear in soft, durable fabrics." },
  { name: "Accessories", slug: "accessories", description: "Hats, bags and the small things that finish an outfit." },
  { name: "Home & Living", slug: "home-living", description: "Pieces that make a room feel lived in." },
  { name: "Art & Books", slug: "art-books", description: "Prints, posters and books worth keeping." },
  { name: "Gifts", slug: "gifts", description: "Easy presents for anyone on your list." },
];

export const DEMO_ATTRIBUTES = [
  { name: "Color", slug: "color", terms: [["Blue", "blue"], ["Red", "red"]] },
  { name: "Size", slug: "size", terms: [["S", "s"], ["M", "m"], ["L", "l"]] },
] as const;

export const HOODIE_VARIATIONS: DemoVariation[] = [
  { attributes: { color: "blue", size: "s" }, price: "45.00", stock: { quantity: 0, backorders: "no" } },
  { attributes: { color: "blue", size: "m" }, price: "45.00" },
  { attributes: { color: "blue", size: "l" }, price: "45.00" },
  { attributes: { color: "red", size: "s" }, price: "45.00" },
  { attributes: { color: "red", size: "m" }, price: "45.00" },
  { attributes: { color: "red", size: "l" }, price: "45.00", sale: "39.00" },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  { name: "Classic T-Shirt", slug: "classic-t-shirt", price: "20.00", category: "clothing", tags: ["cotton", "bestseller"], short: "A heavyweight cotton tee with a relaxed fit that keeps its shape wash after wash.", stock: { quantity: 100 }, weightGrams: 200, crossSells: ["beanie"], sales: 180, rating: 4.6, reviews: 41, colors: ["#dbeafe", "#2563eb"] },
  { name: "Beanie", slug: "beanie", price: "20.00", sale: "18.00", category: "accessories", tags: ["winter"], short: "A ribbed knit beanie in soft merino blend, warm without the itch.", weightGrams: 100, sales: 95, rating: 4.4, reviews: 18, colors: ["#fee2e2", "#dc2626"] },
  { name: "Hoodie", slug: "hoodie", price: "45.00", category: "clothing", tags: ["winter", "cotton"], short: "A brushed-fleece hoodie with a lined hood and a roomy front pocket.", weightGrams: 600, sales: 150, rating: 4.8, reviews: 52, colors: ["#e0e7ff", "#4f46e5"] },
  { name: "Limited Print", slug: "limited-print", price: "60.00", category: "art-books", tags: ["limited"], short: "A numbered giclée print on cotton rag paper, one of a small run.", stock: { quantity: 3, lowStockAmount: 5 }, weightGrams: 400, sales: 12, rating: 5, reviews: 4, colors: ["#fef3c7", "#d97706"] },
  { name: "Gift Card", slug: "gift-card", price: "50.00", category: "gifts", tags: ["gift"], short: "Let them choose: a digital gift card delivered by email.", virtual: true, sales: 60, rating: 4.9, reviews: 9, colors: ["#dcfce7", "#16a34a"] },
  { name: "Socks 3-Pack", slug: "socks-3-pack", price: "12.00", category: "clothing", tags: ["cotton"], short: "Three pairs of cushioned cotton socks. Sold in twos, up to twelve packs.", quantity: { min: 2, max: 12, step: 2 }, weightGrams: 150, sales: 130, rating: 4.2, reviews: 27, colors: ["#f3e8ff", "#9333ea"] },
  { name: "Pre-order Poster", slug: "pre-order-poster", price: "15.00", category: "art-books", tags: ["new"], short: "Our next poster, printed to order: reserve yours now and it ships when ready.", stock: { quantity: 0, backorders: "yes" }, weightGrams: 250, sales: 20, rating: 0, reviews: 0, colors: ["#cffafe", "#0891b2"] },
  { name: "Signed Book", slug: "signed-book", price: "35.00", category: "art-books", tags: ["limited"], short: "A hardback signed by the author. One per customer.", soldIndividually: true, weightGrams: 700, sales: 33, rating: 4.7, reviews: 11, colors: ["#ffedd5", "#ea580c"] },
  { name: "Discontinued Mug", slug: "discontinued-mug", price: "9.00", category: "home-living", short: "Our old stoneware mug. It is gone for good, but the memories remain.", stock: { quantity: 0, backorders: "no" }, weightGrams: 350, sales: 210, rating: 3.9, reviews: 64, colors: ["#e5e7eb", "#4b5563"] },
  { name: "Secret Item", slug: "secret-item", price: "99.00", category: "gifts", short: "You found it. This one is not listed anywhere in the shop.", visibility: "hidden", weightGrams: 100, sales: 1, rating: 0, reviews: 0, colors: ["#111827", "#facc15"] },
  { name: "Canvas Tote Bag", slug: "canvas-tote-bag", price: "16.00", category: "accessories", tags: ["cotton"], short: "A sturdy canvas tote with long handles and an inside pocket.", weightGrams: 250, sales: 88, rating: 4.3, reviews: 15, colors: ["#fef9c3", "#ca8a04"] },
  { name: "Leather Wallet", slug: "leather-wallet", price: "42.00", category: "accessories", short: "A slim vegetable-tanned leather wallet that ages beautifully.", weightGrams: 90, sales: 47, rating: 4.5, reviews: 13, colors: ["#fde68a", "#92400e"] },
  { name: "Wool Scarf", slug: "wool-scarf", price: "28.00", sale: "24.00", category: "accessories", tags: ["winter"], short: "A long lambswool scarf in a classic herringbone weave.", weightGrams: 180, sales: 54, rating: 4.4, reviews: 8, colors: ["#ede9fe", "#7c3aed"] },
  { name: "Baseball Cap", slug: "baseball-cap", price: "22.00", category: "accessories", tags: ["new"], short: "An unstructured six-panel cap with an adjustable brass buckle.", weightGrams: 120, sales: 73, rating: 4.1, reviews: 19, colors: ["#ccfbf1", "#0d9488"] },
  { name: "Linen Shirt", slug: "linen-shirt", price: "55.00", category: "clothing", tags: ["new"], short: "A breathable linen shirt for warm days, garment-washed for softness.", weightGrams: 300, sales: 39, rating: 4.6, reviews: 7, colors: ["#f5f5f4", "#78716c"] },
  { name: "Denim Jacket", slug: "denim-jacket", price: "89.00", category: "clothing", short: "A rigid selvedge denim jacket that fades to fit you.", weightGrams: 900, sales: 28, rating: 4.7, reviews: 12, colors: ["#dbeafe", "#1e3a8a"] },
  { name: "Ceramic Vase", slug: "ceramic-vase", price: "34.00", category: "home-living", short: "A hand-thrown ceramic vase with a speckled matte glaze.", weightGrams: 800, sales: 22, rating: 4.8, reviews: 6, colors: ["#fce7f3", "#db2777"] },
  { name: "Scented Candle", slug: "scented-candle", price: "14.50", category: "home-living", tags: ["gift", "bestseller"], short: "A soy wax candle with notes of cedar and bergamot. Burns for 40 hours.", weightGrams: 300, sales: 160, rating: 4.5, reviews: 35, colors: ["#ffe4e6", "#e11d48"] },
  { name: "Throw Blanket", slug: "throw-blanket", price: "65.00", category: "home-living", tags: ["winter"], short: "A chunky cotton throw, big enough for two on the sofa.", weightGrams: 1200, sales: 31, rating: 4.9, reviews: 10, colors: ["#ecfccb", "#65a30d"] },
  { name: "Enamel Pin Set", slug: "enamel-pin-set", price: "8.50", category: "gifts", tags: ["gift"], short: "Four hard-enamel pins with rubber clutches, on a printed card.", weightGrams: 40, sales: 110, rating: 4.3, reviews: 22, colors: ["#fae8ff", "#c026d3"] },
  { name: "Notebook Set", slug: "notebook-set", price: "11.00", category: "art-books", tags: ["gift"], short: "Three A5 notebooks: lined, dotted and plain, on recycled paper.", weightGrams: 450, sales: 99, rating: 4.2, reviews: 16, colors: ["#e0f2fe", "#0284c7"] },
  { name: "Sketchbook", slug: "sketchbook", price: "13.25", category: "art-books", short: "A lay-flat sketchbook with heavy 150 gsm paper for ink and pencil.", weightGrams: 500, sales: 64, rating: 4.6, reviews: 14, colors: ["#f1f5f9", "#334155"] },
  { name: "Coffee Tumbler", slug: "coffee-tumbler", price: "24.00", category: "home-living", tags: ["new"], short: "A double-walled steel tumbler that keeps coffee hot for hours.", weightGrams: 350, sales: 81, rating: 4.0, reviews: 21, colors: ["#fee2e2", "#b91c1c"] },
  { name: "Terracotta Plant Pot", slug: "terracotta-plant-pot", price: "18.00", category: "home-living", short: "An unglazed terracotta pot with a drainage hole and matching saucer.", weightGrams: 900, sales: 37, rating: 4.5, reviews: 5, colors: ["#ffedd5", "#c2410c"] },
  { name: "Yoga Mat", slug: "yoga-mat", price: "39.99", category: "accessories", short: "A grippy natural-rubber yoga mat with a carry strap.", weightGrams: 2200, sales: 44, rating: 4.4, reviews: 9, colors: ["#d1fae5", "#059669"] },
];

export const DEMO_SETTINGS = {
  siteTitle: "Cartwright Demo",
  baseLocation: { country: "US", state: "CA" },
  pricesIncludeTax: false,
  taxesEnabled: true,
  displayCartPricesIncludingTax: false,
  displayItemizedTaxes: false,
  checkoutAllowsGuest: true,
  checkoutCanCreateAccount: true,
  addToCartBehaviour: "open_drawer",
  storeNotice: { id: "free-shipping", text: "Free shipping on US orders over $100", enabled: true },
} as const;
