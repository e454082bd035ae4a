/** A request context for calling services directly, as a Store API request builds one (http/context.ts). */
import type { Db } from "../apps/server/src/db/index.ts";
import { type RequestContext, requestContext } from "../apps/server/src/http/context.ts";
import { ClientLimits, RateLimiter } from "../apps/server/src/http/rate-limits.ts";
import type { Session } from "../apps/server/src/http/session.ts";
import { newSessionId } from "../apps/server/src/http/tokens.ts";
import { getSettings } from "../apps/server/src/modules/settings/index.ts";

/** A guest with a new session unless one is given; rate limits off; `now` fixes the clock. */
export function testContext(shop: { db: Db }, session: Session = { sid: newSessionId(), uid: 0 }, now?: Date): RequestContext {
  const limits = new ClientLimits(new RateLimiter(shop.db, { enabled: false }), "127.0.0.1");
  return requestContext({ db: shop.db, session, now, readSettings: () => getSettings(shop.db), limits: () => limits });
}
