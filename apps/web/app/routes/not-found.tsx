/** Any path no other route claims: a 404 that the root error boundary renders as "Page not found". */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
