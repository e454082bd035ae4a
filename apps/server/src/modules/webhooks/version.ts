/** The User-Agent of every delivery: Cartwright/<version> webhooks. */
import server from "../../../package.json" with { type: "json" };

export const USER_AGENT = `Cartwright/${server.version} webhooks`;
