import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { WidgetDataBlock, widgetDataBlock } from "./components/ContactWidgets.tsx";
import { contactWidgetsContext, storefrontContext } from "./context.ts";

export { storefrontContext };

export const streamTimeout = 5_000;

/** React Router's failures go to the server's log against their request; a visitor who left is no failure. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A thrown error React Router wrapped in a response keeps the original beside it.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = wrapped ?? error;
  const storefront = storefrontIn(context as RouterContextProvider | undefined);
  if (storefront) storefront.logError(cause, isRouteErrorResponse(error) ? error.status : undefined);
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
    // Aborts a render still waiting after the timeout; it holds the whole request, so it goes once the page is out.
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    // Every loader awaits its data, so a page is whole once React can write it: it goes in one piece, with its
    // length, compressed in one call rather than through a stream per reply (decision 0116, web.ts sendWhole).
    const widgets = loadContext.get(contactWidgetsContext);
    const page = (
      <WidgetDataBlock value={widgets && widgetDataBlock(widgets)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </WidgetDataBlock>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const whole = new WholePage();
        whole.once("finish", () => {
          clearTimeout(abortTimer);
          const html = whole.bytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        });
        pipe(whole);
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

/** Gathers React's output into one buffer. */
class WholePage extends Writable {
  #chunks: Uint8Array[] = [];
  #length = 0;
  override _write(chunk: Uint8Array, _encoding: BufferEncoding, done: () => void): void {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    done();
  }
  bytes(): Uint8Array<ArrayBuffer> {
    const whole = new Uint8Array(this.#length);
    let at = 0;
    for (const chunk of this.#chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    return whole;
  }
}
