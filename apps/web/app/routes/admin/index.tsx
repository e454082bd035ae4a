/** /admin itself opens the first section of the console. */
import { redirect } from "react-router";

export function loader() {
  return redirect("/admin/widgets");
}

export default function AdminIndex() {
  return null;
}
