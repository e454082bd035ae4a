/** The forms' calls to /ajax (spec §7): form-encoded posts answered with JSON. */

export interface AjaxAnswer {
  success?: boolean;
  data?: unknown;
}

export async function post(url: string, fields: Record<string, string>): Promise<AjaxAnswer> {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as AjaxAnswer;
}
