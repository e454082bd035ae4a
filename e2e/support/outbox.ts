/**
 * The e-mails the journeys' server writes to its outbox (`$CW_E2E_DATA/outbox`, one .eml per message):
 * the path of a link one of them carries, found by the message's kind and the link's pattern.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";

/** The first path matching `link` (its first group) in a `kind` e-mail to `address`, quoted-printable undone; null before one is written. */
export function linkSentTo(address: string, kind: string, link: RegExp): string | null {
  const outbox = join(process.env.CW_E2E_DATA as string, "outbox");
  if (!existsSync(outbox)) return null;
  for (const name of readdirSync(outbox).filter((file) => file.includes(kind))) {
    const raw = readFileSync(join(outbox, name), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!raw.includes(address)) continue;
    const found = link.exec(raw);
    if (found?.[1]) return found[1];
  }
  return null;
}

/** The same, waited for: the e-mail may leave after the answer that asked for it. */
export async function mailedLink(address: string, kind: string, link: RegExp): Promise<string> {
  await expect.poll(() => linkSentTo(address, kind, link)).not.toBeNull();
  return linkSentTo(address, kind, link) as string;
}
