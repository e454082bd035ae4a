/**
 * The real server as a child process, started as `npm start` starts it (`main.ts` with the compile
 * cache, configured by its environment: it migrates, seeds and makes the owner itself), and a
 * small HTTP client that keeps a shopper's cookies, Cart-Token and nonce the way a browser or a
 * headless client does. The crash and two-process scenarios talk to the shop only through these.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../scripts/server-process.ts";
import { TEST_ADDRESS, testCard } from "../test/store-client.ts";
import { OWNER } from "./shop.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export interface ServerOptions {
  port: number;
  /** DATABASE_URL: `file:/…/shop.db` or `postgres://…`. */
  databaseUrl: string;
  dataDir: string;
  /** Shared by every process of one shop, as the README asks of a multi-process shop. */
  secret: string;
}

export interface ServerProcess {
  url: string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>;
  /** The log lines the server wrote at error level or above (the last 20), to name a 5xx's cause. */
  errorLines: string[];
  kill(signal: NodeJS.Signals): Promise<string>;
}

/** Starts the server and resolves once `/api/health` answers 200; rejects with its output if it ends first or takes over 60 s. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, "--import", "./scripts/compile-cache.mjs", "apps/server/src/main.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...SERVER_ENV,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(options.port),
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: options.dataDir,
        SECRET: options.secret,
        OWNER_EMAIL: OWNER.email,
        OWNER_PASSWORD: OWNER.password,
        // The scenarios' clients name their own address (X-Forwarded-For), as shoppers behind a load balancer do.
        TRUST_PROXY: "127.0.0.1",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const errorLines = keepErrorLines(child.stdout);
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<string>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? `exit ${code}`)));
  let ended: string | null = null;
  void exited.then((how) => {
    ended = how;
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (ended) throw new Error(`the server ended before answering (${ended}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /api/health within 60 s:\n${output}`);
    }
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    exited,
    errorLines,
    async kill(signal) {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}

/** The last 20 lines a server's JSON log (its stdout) wrote at error level or above, filled as they come. */
export function keepErrorLines(stdout: Readable | null): string[] {
  const kept: string[] = [];
  let partial = "";
  stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines)
      if (/"level":(5|6)\d/.test(line)) {
        kept.push(line.slice(0, 2000));
        if (kept.length > 20) kept.shift();
      }
  });
  return kept;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field in the checks
  json: any;
}

/**
 * One client of the shop: a browser (cookies and the nonce its last reply carried) or a headless
 * client (the Cart-Token it was handed), from its own address.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  cartToken = "";
  nonce = "";
  base: string;
  readonly address: string;
  readonly mode: "browser" | "token";

  constructor(base: string, address: string, mode: "browser" | "token" = "browser") {
    this.base = base;
    this.address = address;
    this.mode = mode;
  }

  headers(method: string): Record<string, string> {
    const headers: Record<string, string> = { "x-forwarded-for": this.address };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (this.cartToken) headers["cart-token"] = this.cartToken;
    if (this.nonce && method !== "GET") headers.nonce = this.nonce;
    return headers;
  }

  /** A request; a JSON body is sent as JSON, a FormData as multipart, a URLSearchParams as a form. */
  async send(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Reply> {
    const headers = { ...this.headers(method), ...extra };
    let payload: string | FormData | URLSearchParams | undefined;
    if (body instanceof FormData || body instanceof URLSearchParams) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(`${this.base}${path}`, { method, headers, body: payload, redirect: "manual" });
    const text = await response.text();
    this.keep(response.headers);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, headers: response.headers, text, json };
  }

  keep(headers: Headers): void {
    const token = headers.get("cart-token");
    if (token && this.mode === "token") this.cartToken = token;
    const nonce = headers.get("nonce");
    if (nonce) this.nonce = nonce;
    if (this.mode !== "browser") return;
    for (const cookie of headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Signs the owner in (a first GET hands out the session cookie and nonce); throws unless it worked. */
  async signInAsOwner(): Promise<void> {
    this.cookies.clear();
    this.nonce = "";
    await this.send("GET", "/api/store/v1/cart");
    const reply = await this.send("POST", "/api/store/v1/account/sign-in", OWNER);
    if (reply.status !== 200) throw new Error(`the owner could not sign in: ${reply.status} ${reply.text.slice(0, 300)}`);
  }
}

export const TEST_CARD = testCard();

export const SHOPPER_ADDRESS = { ...TEST_ADDRESS, email: "ada@example.com" };

/** The demo's feedback form (DEMO.md), which the crash and two-process scenarios send. */
export const FEEDBACK_FORM = 3;

/** The feedback form's submission as its page sends it: the token `forms_get_token` answered, these fields, 90 s spent filling it in. */
export function feedbackSubmission(token: Reply, fields: Record<string, string>): FormData {
  const form = new FormData();
  const now = Math.floor(Date.now() / 1000);
  for (const [name, value] of Object.entries({
    action: "forms_submit",
    "forms[id]": String(FEEDBACK_FORM),
    "forms[token]": String(token.json?.data?.token ?? ""),
    ...Object.fromEntries(Object.entries(fields).map(([id, value]) => [`forms[fields][${id}]`, value])),
    start_timestamp: String(now - 90),
    end_timestamp: String(now),
  }))
    form.append(name, value);
  return form;
}
