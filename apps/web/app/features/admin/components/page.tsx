/** The parts every console page starts with: its heading row (title and actions) and its error line. */
import type { ReactNode } from "react";

export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page__head">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** A failed call's message, announced as it appears; nothing when there is none. */
export function ErrorAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p className="admin-alert admin-alert--error" role="alert">
      {message}
    </p>
  );
}
