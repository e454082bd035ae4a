/**
 * The account pages' forms post as plain HTML and come back as a new page, whose focus starts at the top: a refused
 * form (a wrong password, a field the server turned down) puts the keyboard back on the field at fault, which its
 * aria-describedby reads the message of, else on the form's first field.
 */
import { useEffect, useRef } from "react";

export function useFocusOnRefusal<T extends HTMLElement = HTMLFormElement>(refused: unknown) {
  const form = useRef<T>(null);
  useEffect(() => {
    if (!refused) return;
    const within = form.current;
    const target =
      within?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      within?.querySelector<HTMLElement>("input:not([type=hidden]):not([hidden]), select, textarea");
    target?.focus();
  }, [refused]);
  return form;
}
