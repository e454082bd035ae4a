/**
 * `items.map(each)` that always answers a packed array. V8's optimised code builds `map`'s answer as a "holey"
 * array and its other tiers as a packed one: two hidden classes to every function the pricing hands it to, whose
 * optimised code V8 threw away and built again each time the caller changed tier (decision 0125).
 */
export function mapped<T, U>(items: readonly T[], each: (item: T, index: number) => U): U[] {
  const out: U[] = [];
  for (let index = 0; index < items.length; index++) out.push(each(items[index] as T, index));
  return out;
}
