import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("product-category/:slug", "routes/category.tsx"),
  route("product/:slug", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("privacy", "routes/policy.tsx", { id: "privacy" }),
  route("terms", "routes/policy.tsx", { id: "terms" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
