import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { storefrontContext } from "./context.ts";

export { storefrontContext };

export const streamTimeout = 5_000;

/** React Router's failures go to the server's log against their request; a visitor who left is no failure. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A thrown error React Router wrapped in a response keeps the original beside it.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = wrapped ?? error;
  const storefront = storefrontIn(context as RouterContextProvider | undefined);
  if (storefront) storefront.logError(cause);
  else console.error(cause);
};

/** The request's storefront, or undefined when React Router failed before the server made its context. */
function storefrontIn(context: RouterContextProvider | undefined) {
  try {
    return context?.get(storefrontContext);
  } catch {
    return undefined;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const storefront = loadContext.get(storefrontContext);
  const nonce = storefront.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Aborts a render still streaming after the timeout; it holds the whole request, so it goes once the page is out.
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the SPA-mode build get the whole document at once; browsers get it streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough();
        body.once("close", () => clearTimeout(abortTimer));
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) storefront.logError(error);
      },
    });
    abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
