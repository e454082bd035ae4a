/**
 * A console page opened by its address (a bookmark, a reload, the sign-in) is drawn by the server with "Loading…" in
 * its place and gets its data in the browser (each page's clientLoader, hydrated). When the data comes, React
 * Router's ScrollRestoration ends that first load as it ends a page change: it scrolls the window back to where it
 * stood when the page hydrated (the top, unless a reload came back lower). An owner who scrolled meanwhile, reaching
 * for the menu's Settings, saw the link jump from under the pointer (decision 0180). Their scroll is theirs to keep.
 */
import { useLayoutEffect } from "react";

/** Called by the first load's "Loading…" panel, which is drawn from hydration until the data comes. */
export function useScrollKeptThroughFirstLoad(): void {
  useLayoutEffect(() => {
    const address = window.location.href;
    const atHydration = window.scrollY;
    return () => {
      // The panel leaves in the commit that shows the page; the router scrolls back later in that same commit.
      const owners = window.scrollY;
      // Another address is a page change the owner asked for: it starts where the router puts it.
      if (owners === atHydration || window.location.href !== address) return;
      // Put the owner's place back once the commit is done, before the browser draws its frame.
      queueMicrotask(() => window.scrollTo(0, owners));
    };
  }, []);
}
