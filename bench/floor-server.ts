/**
 * The bench's floor server (decision 0013): the least any cart write must do, with nothing of
 * ours in between, so the cart-flow figures can be read against what this machine allows.
 * Same Fastify, same body schema, same Cart-Token check, the SQLite file opened as the shop opens it;
 * no pricing, no Kysely, no hooks. Started by bench/run.ts beside the real server, never by the shop.
 *
 *   POST /floor/noop   validates the body and answers {"ok":1}
 *   POST /floor/read   also finds the cart's row, and answers a real cart reply's bytes
 *   POST /floor/write  also sets the line's quantity and touches the cart in one transaction
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { openSqlite } from "../apps/server/src/db/index.ts";
import { CART_TTL_SECONDS, verifySessionToken } from "../apps/server/src/http/tokens.ts";
// biome-ignore lint/style/noRestrictedImports: the floor server takes the cart route's body schema alone, never the cart module it is measured against.
import { UpdateItemBody } from "../apps/server/src/modules/cart/cart.schemas.ts";

const { SECRET = "", DATABASE_FILE = "", SAMPLE_REPLY = "", PORT = "3301" } = process.env;
const sqlite = openSqlite(DATABASE_FILE);
const findCart = sqlite.prepare("select * from carts where id = ?");
const setQuantity = sqlite.prepare("update cart_items set quantity = ? where cart_id = ? and key = ?");
const touchCart = sqlite.prepare("update carts set updated_at = ?, expires_at = ? where id = ?");
const write = sqlite.transaction((sid: string, key: string, quantity: number) => {
  const now = Date.now();
  setQuantity.run(quantity, sid, key);
  touchCart.run(new Date(now).toISOString(), new Date(now + CART_TTL_SECONDS * 1000).toISOString(), sid);
  return findCart.get(sid);
});
// A cart reply as the shop sent it (bench/run.ts saves one), answered as bytes: the shop's size, none of its cost.
const reply = readFileSync(SAMPLE_REPLY);

const app = Fastify();
interface Body {
  key: string;
  quantity: number;
}
const sessionOf = (token: unknown) => verifySessionToken(SECRET, typeof token === "string" ? token : undefined)?.sid;
const options = { schema: { body: UpdateItemBody } };

app.post<{ Body: Body }>("/floor/noop", options, async (request, res) => {
  if (!sessionOf(request.headers["cart-token"])) return res.status(401).send({ code: "no_session" });
  return { ok: 1 };
});
app.post<{ Body: Body }>("/floor/read", options, async (request, res) => {
  const sid = sessionOf(request.headers["cart-token"]);
  if (!sid || !findCart.get(sid)) return res.status(404).send({ code: "no_cart" });
  return res.type("application/json; charset=utf-8").send(reply);
});
app.post<{ Body: Body }>("/floor/write", options, async (request, res) => {
  const sid = sessionOf(request.headers["cart-token"]);
  if (!sid || !write(sid, request.body.key, request.body.quantity)) return res.status(404).send({ code: "no_cart" });
  return res.type("application/json; charset=utf-8").send(reply);
});

await app.listen({ port: Number(PORT), host: "127.0.0.1" });
