/**
 * The console's one client of the owner API (`/api/admin/v1/…`, and the Store API's account calls):
 * same-origin fetch with the session cookie, the newest Nonce from any reply sent on every write,
 * and the error shape `{code, message, data: {details}}` turned into an `AdminApiError` whose
 * `fields` are keyed by the server's paths ("settings.widget_color", "channels.2.value").
 */
import type { OwnerPaging } from "@cartwright/commerce/admin";
import type { ChannelKey, ContactWidget } from "@cartwright/commerce/contact-widget";

export const ADMIN_API = "/api/admin/v1";
export const STORE_API = "/api/store/v1";

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field messages by path, from `data.details` (or `data.params`). */
  readonly fields: Record<string, string>;
  /** The error's `data` as sent (a refund's `refundable`, the lines short of stock…). */
  readonly data: Record<string, unknown>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, data: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.data = data;
  }
}

/** Paths as the server writes them ("channels/2/value", "channels[2].value") in one form: "channels.2.value". */
export function normalisePath(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, ".$1")
    .replace(/^[./]+/, "")
    .replace(/\//g, ".");
}

/** The Store API starts a parameter's message with its path ("settings.widget_color must be…"); beside the field the path says nothing. */
function withoutPath(path: string, message: string): string {
  if (!message.startsWith(`${path} `)) return message;
  const rest = message.slice(path.length + 1);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * The schema's refusals (Ajv's wording, "must be >= 1") are written for programmers; beside a field the owner
 * reads these. Bounds of numbers are left out: a money field's bound is in minor units, not what was typed.
 */
const SCHEMA_WORDS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^must be >=? -?[\d.]+$/i, () => "Enter a larger number."],
  [/^must be <=? -?[\d.]+$/i, () => "Enter a smaller number."],
  [/^must be (an )?integer( or null)?$/i, () => "Enter a whole number."],
  [/^must be (a )?number( or null)?$/i, () => "Enter a number."],
  [/^must NOT have fewer than 1 characters$/i, () => "Fill this in."],
  [/^must NOT have fewer than (\d+) characters$/i, (match) => `Use at least ${match[1]} characters.`],
  [/^must NOT have more than (\d+) characters$/i, (match) => `Use at most ${match[1]} characters.`],
  [/^must NOT have more than (\d+) items$/i, (match) => `Choose at most ${match[1]}.`],
  [/^must be equal to one of the allowed values$/i, () => "Choose one of the offered values."],
];

function inOwnersWords(message: string): string {
  for (const [pattern, words] of SCHEMA_WORDS) {
    const match = pattern.exec(message);
    if (match) return words(match);
  }
  return message;
}

/** `data.details` values are messages, or `{message}` objects as the Store API's schema errors give them. */
export function fieldErrors(data: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!data || typeof data !== "object") return fields;
  const { details, params } = data as { details?: unknown; params?: unknown };
  for (const source of [params, details]) {
    if (!source || typeof source !== "object") continue;
    for (const [path, value] of Object.entries(source)) {
      const message =
        typeof value === "string" ? value : value && typeof value === "object" && "message" in value ? String(value.message) : "";
      if (message) fields[normalisePath(path)] = inOwnersWords(withoutPath(normalisePath(path), message));
    }
  }
  return fields;
}

export async function errorFrom(response: Response): Promise<AdminApiError> {
  let body: { code?: unknown; message?: unknown; data?: unknown } = {};
  try {
    body = await response.json();
  } catch {
    // Not the API's shape (a proxy's page): the status alone speaks.
  }
  const code = typeof body.code === "string" ? body.code : `http_${response.status}`;
  const message = typeof body.message === "string" ? body.message : response.statusText || `HTTP ${response.status}`;
  const data = body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : {};
  return new AdminApiError(response.status, code, message, fieldErrors(body.data), data);
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

/** The server's refusal of a write whose nonce is not the session's current one. */
const INVALID_NONCE = "cw_rest_invalid_nonce";

export class AdminClient {
  private nonce = "";
  private readonly fetcher: Fetch;

  constructor(fetcher: Fetch, nonce = "") {
    this.fetcher = fetcher;
    this.nonce = nonce;
  }

  get currentNonce(): string {
    return this.nonce;
  }

  /** The page's nonce (root loader), until a reply brings a newer one. */
  primeNonce(value: string): void {
    if (value && !this.nonce) this.nonce = value;
  }

  async request<T>(url: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? "GET";
    // A FormData body (an upload) sets its own multipart type and boundary.
    const form = options.body instanceof FormData ? options.body : undefined;
    const query = Object.entries(options.query ?? {}).filter(([, value]) => value !== undefined && value !== "");
    const target = query.length ? `${url}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : url;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { accept: "application/json" };
      const sent = method !== "GET" ? this.nonce : "";
      if (sent) headers.nonce = sent;
      if (options.body !== undefined && !form) headers["content-type"] = "application/json";
      const response = await this.fetcher(target, {
        method,
        headers,
        credentials: "same-origin",
        body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
      });
      const nonce = response.headers.get("nonce");
      if (nonce) this.nonce = nonce;
      if (response.ok) return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
      const error = await errorFrom(response);
      // A nonce past its life (a console left open for a day) refuses the write before it runs, and the refusal brings
      // the current one: sent once more with it, so the owner's save is not lost to it. Signed out meanwhile, the second
      // answer says so instead.
      if (attempt === 1 && error.code === INVALID_NONCE && nonce && nonce !== sent) continue;
      throw error;
    }
  }

  admin<T>(path: string, options?: RequestOptions): Promise<T> {
    // The pages' loaders run beside the layout, which shows the sign-in instead: their reads would only be refused.
    if ((options?.method ?? "GET") === "GET" && consoleClosed()) return Promise.reject(closedError());
    return this.request<T>(`${ADMIN_API}${path}`, options);
  }

  store<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>(`${STORE_API}${path}`, options);
  }
}

/**
 * Whether the console's layout shows this page to someone who may not use it: the sign-in and "this area is for
 * the shop owner" carry `data-console-closed` as the server rendered them, and a sign-in or sign-out loads the page afresh.
 */
const consoleClosed = () => typeof document !== "undefined" && document.querySelector("[data-console-closed]") !== null;
/** What the owner API answers a guest, without asking it. */
const closedError = () => new AdminApiError(401, "cw_rest_not_signed_in", "You are not signed in.");

/** The page's one client (made on first use in the browser). */
let shared: AdminClient | undefined;
export function adminClient(): AdminClient {
  shared ??= new AdminClient((input, init) => fetch(input, init));
  return shared;
}

// ---- The owner API's shapes (contract of issue 16) and its calls ----

export interface WidgetSummary {
  id: number;
  identifier: string;
  active: boolean;
  channels: ChannelKey[];
  /** Of the last 30 days. */
  views: number;
  clicks: number;
  updated_at: string;
}

/** What POST and PUT take: everything of a widget but its id and dates. */
export type WidgetInput = Omit<ContactWidget, "id" | "created_at" | "updated_at">;

/** A widget as the owner API answers it: `version` goes back with a save, so one changed since is refused, not overwritten (decision 0158). */
export type OwnerWidget = ContactWidget & { version: string };

export interface CountPair {
  views: number;
  clicks: number;
}

export interface WidgetAnalytics {
  from: string;
  to: string;
  totals: CountPair & { ctr: number };
  days: (CountPair & { day: string })[];
  channels: (CountPair & { channel: string; channel_type: ChannelKey; ctr: number })[];
  devices: { desktop: CountPair; mobile: CountPair };
}

export interface MessageSummary {
  id: number;
  widget_id: number;
  channel_index: number;
  name: string;
  email: string;
  phone: string;
  excerpt: string;
  files: number;
  created_at: string;
  read: boolean;
}

export interface MessageList extends OwnerPaging {
  messages: MessageSummary[];
}

export interface MessageFile {
  id: number;
  field: string;
  file_name: string;
  content_type: string;
  size: number;
  url: string;
}

/** One message in full; fields beyond the contract's (ref_url, page_title…) are shown when present. */
export interface MessageDetail extends Omit<MessageSummary, "files" | "excerpt"> {
  message: string;
  custom_fields: { slug?: string; label?: string; type?: string; value?: unknown }[] | Record<string, unknown>;
  files: MessageFile[];
  ref_url?: string;
  page_title?: string;
  ip?: string;
  user_agent?: string;
  [key: string]: unknown;
}

export interface MessageQuery {
  widget_id?: number;
  search?: string;
  unread?: boolean;
  page?: number;
  per_page?: number;
}

const c = () => adminClient();

export const ownerApi = {
  listWidgets: () => c().admin<{ widgets: WidgetSummary[] }>("/contact-widgets"),
  getWidget: (id: number) => c().admin<OwnerWidget>(`/contact-widgets/${id}`),
  createWidget: (input: WidgetInput) => c().admin<OwnerWidget>("/contact-widgets", { method: "POST", body: input }),
  saveWidget: (id: number, input: WidgetInput, version: string) =>
    c().admin<OwnerWidget>(`/contact-widgets/${id}`, { method: "PUT", body: { ...input, version } }),
  // The list's switch sends no version: a PATCH of `active` writes that flag alone and asks for on or off, not a flip (decision 0158).
  setWidgetActive: (id: number, active: boolean) => c().admin<OwnerWidget>(`/contact-widgets/${id}`, { method: "PATCH", body: { active } }),
  deleteWidget: (id: number) => c().admin<void>(`/contact-widgets/${id}`, { method: "DELETE" }),
  analytics: (id: number, from: string, to: string) =>
    c().admin<WidgetAnalytics>(`/contact-widgets/${id}/analytics`, { query: { from, to } }),
  listMessages: (query: MessageQuery) =>
    c().admin<MessageList>("/contact-messages", { query: { ...query, unread: query.unread ? "true" : undefined } }),
  getMessage: (id: number) => c().admin<MessageDetail>(`/contact-messages/${id}`),
  setMessageRead: (id: number, read: boolean) => c().admin<unknown>(`/contact-messages/${id}`, { method: "PATCH", body: { read } }),
  deleteMessage: (id: number) => c().admin<void>(`/contact-messages/${id}`, { method: "DELETE" }),
  signIn: (email: string, password: string) =>
    c().store<{ id: number; email: string }>("/account/sign-in", { method: "POST", body: { email, password } }),
  signOut: () => c().store<unknown>("/account/sign-out", { method: "POST" }),
};
