/**
 * The numbers beside the navigation's Orders and Reviews (orders to fulfil, reviews waiting for
 * approval): read once with the console's frame, then kept current by the pages that show them.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

export interface NavCounts {
  /** Orders paid and waiting to be fulfilled (processing). */
  orders: number;
  /** Reviews waiting for approval. */
  reviews: number;
}
export type NavCountKey = keyof NavCounts;

const NavCountsContext = createContext<{ counts: NavCounts | null; report: (key: NavCountKey, count: number) => void }>({
  counts: null,
  report: () => {},
});

export function NavCountsProvider({ initial, children }: { initial: NavCounts | null; children: ReactNode }) {
  const [counts, setCounts] = useState(initial);
  const report = useCallback(
    (key: NavCountKey, count: number) =>
      setCounts((current) => (current && current[key] !== count ? { ...current, [key]: count } : current)),
    [],
  );
  const value = useMemo(() => ({ counts, report }), [counts, report]);
  return <NavCountsContext.Provider value={value}>{children}</NavCountsContext.Provider>;
}

export const useNavCounts = () => useContext(NavCountsContext).counts;

/** A page that has just read a count tells the navigation, so it never shows an older one. */
export function useReportNavCount(key: NavCountKey, count: number | undefined): void {
  const { report } = useContext(NavCountsContext);
  useEffect(() => {
    if (count !== undefined) report(key, count);
  }, [key, count, report]);
}
