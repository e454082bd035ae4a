/** The submit routine both key forms share: the description checked here, the server's field messages beside their fields, the first one focused. */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AdminApiError } from "../api.ts";
import { failureText } from "../components/failure.ts";
import { apiKeysMessages as t } from "./messages.ts";

/** `pathOf` maps the API's field names to the form's paths (an editor's fields carry its key's id). */
export function useKeyForm(pathOf: (field: string) => string = (field) => field) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Focused once the messages are on the page (an effect after their render, not a frame that may come first).
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refused]);
  const focusFirstError = () => setRefused((count) => count + 1);

  /** Saves with the trimmed description unless it is empty; `done` gets the answer. */
  async function submit<T>(
    event: FormEvent<HTMLFormElement>,
    description: string,
    save: (description: string) => Promise<T>,
    done: (answer: T) => void,
  ) {
    event.preventDefault();
    if (busy) return;
    setFailure("");
    if (!description.trim()) {
      setErrors({ [pathOf("description")]: t.descriptionRequired });
      focusFirstError();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      done(await save(description.trim()));
    } catch (error) {
      if (error instanceof AdminApiError && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [pathOf(field), message])));
        focusFirstError();
      } else setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  return { formRef, errors, failure, busy, submit };
}
