/** The cart's notices on a listing page: where a failed add's message shows (spec §4), loaded with the first failure. */

import { CONTEXTS } from "../../stores/notices.ts";
import { NoticeList } from "../cart/NoticeList.tsx";

export default function ListingNotices() {
  return <NoticeList context={CONTEXTS.cart} />;
}
