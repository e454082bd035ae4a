/**
 * An error boundary around one part of the checkout (spec §6, §8 "section error"): a block that
 * throws is replaced, not the page. Store administrators see 'Oops!', 'Unexpected error in:
 * {block}' and the error ('status: statusText' for a failed response); others see the generic
 * error panel, or nothing for an extension's block.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { errorMessages } from "../../../messages.ts";

export const unexpectedErrorIn = (blockName: string) => `Unexpected error in: ${blockName}`;

/** The error's text: 'status: statusText' for a failed response (an extension's fetch), else its message. */
export function blockErrorText(error: unknown): string {
  if (typeof error === "object" && error !== null && "status" in error && "statusText" in error)
    return `${String(error.status)}: ${String(error.statusText)}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

interface BlockErrorBoundaryProps {
  blockName: string;
  isAdmin: boolean;
  /** Others see the generic panel ("panel") or nothing ("none", extensions' blocks). */
  fallback?: "panel" | "none";
  children: ReactNode;
}

export class BlockErrorBoundary extends Component<BlockErrorBoundaryProps, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // The shopper sees little or nothing: the console keeps the whole story for whoever looks.
    console.error(unexpectedErrorIn(this.props.blockName), error, info.componentStack);
  }

  render() {
    const { blockName, isAdmin, fallback = "panel", children } = this.props;
    if (!this.state.failed) return children;
    if (!isAdmin && fallback === "none") return null;
    return (
      <div className="error-panel error-panel--block" role="alert">
        <p className="error-panel__title">{errorMessages.title}</p>
        <p className="error-panel__body">{isAdmin ? unexpectedErrorIn(blockName) : errorMessages.body}</p>
        {isAdmin && (
          <p className="error-panel__detail">
            <span className="error-panel__prefix">{errorMessages.prefix}</span> {blockErrorText(this.state.error)}
          </p>
        )}
      </div>
    );
  }
}
