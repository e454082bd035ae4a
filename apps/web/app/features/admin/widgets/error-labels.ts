/** Names a server path ("channels.2.contact_fields.1.title") in the owner's words, for the error summary. */
import type { Channel } from "@cartwright/commerce/contact-widget";
import {
  agentLabels,
  channelLabels,
  contactFieldLabels,
  editorMessages,
  formSettingLabels,
  settingLabels,
  triggerLabels,
} from "../messages.ts";
import { CHANNEL_LABELS } from "./defaults.ts";

const pick = (labels: Record<string, string>, key: string | undefined) => (key && labels[key]) || key || "";

export function labelForPath(path: string, channels: Channel[]): string {
  const [head, ...rest] = path.split(".");
  if (head === "identifier") return editorMessages.identifier;
  if (head === "allowed_origins") return editorMessages.allowedOrigins;
  if (head === "settings") return pick(settingLabels, rest[0]);
  if (head === "triggers") return pick(triggerLabels, rest[0]);
  if (head === "channels") {
    const index = Number(rest[0]);
    const channel = channels[index];
    const name = channel ? `${CHANNEL_LABELS[channel.channel_type] ?? channel.channel} (${index + 1})` : `#${index + 1}`;
    const [field, item, sub] = rest.slice(1);
    if (!field) return name;
    if (field === "contact_fields") return `${name}: ${editorMessages.formFields} ${Number(item) + 1}, ${pick(contactFieldLabels, sub)}`;
    if (field === "agent_data") return `${name}: ${editorMessages.agentN(Number(item) + 1)}, ${pick(agentLabels, sub)}`;
    if (field === "contact_form_settings") return `${name}: ${pick(formSettingLabels, item)}`;
    return `${name}: ${pick(channelLabels, field)}`;
  }
  return path;
}
