/** One channel's settings, grouped by what its kind uses (channel-kinds.ts). */
import type { Channel } from "@cartwright/commerce/contact-widget";
import { useContext } from "react";
import { FieldErrorsContext, FieldList, type FieldSpec, TextField } from "../components/fields.tsx";
import { channelLabels, editorMessages as t } from "../messages.ts";
import { AgentsEditor } from "./AgentsEditor.tsx";
import { ContactFormEditor } from "./ContactFormEditor.tsx";
import {
  basicFields,
  CHANNEL_OPTIONS,
  type ChannelField,
  channelGroups,
  LOOK,
  MULTILINE,
  remainingFields,
  SHOWN_WHEN,
  valueField,
} from "./channel-kinds.ts";

function specs(fields: readonly ChannelField[]): FieldSpec<Channel>[] {
  return fields.map((key) => ({
    key,
    options: CHANNEL_OPTIONS[key],
    multiline: MULTILINE.includes(key),
    when: SHOWN_WHEN[key],
    type: key.endsWith("_url") ? ("url" as const) : undefined,
  }));
}

interface ChannelPanelProps {
  channel: Channel;
  path: string;
  onChange(patch: Partial<Channel>): void;
}

export function ChannelPanel({ channel, path, onChange }: ChannelPanelProps) {
  const type = channel.channel_type;
  const value = valueField(type);
  const basics = basicFields(type).filter((field) => field !== "value");
  const more = remainingFields(type, channel);
  const errors = useContext(FieldErrorsContext);
  // A closed group would hide the field a message points to.
  const moreHasError = more.some((field) => `${path}.${field}` in errors);
  return (
    <div className="admin-channel__body">
      <fieldset className="admin-fieldset">
        <legend>{t.basics}</legend>
        {type !== "Contact_Us" && (
          <TextField
            path={`${path}.value`}
            label={value.label}
            type={value.type}
            value={channel.value}
            onChange={(next) => onChange({ value: next })}
          />
        )}
        <FieldList value={channel} path={path} labels={channelLabels} specs={specs(basics)} onChange={onChange} />
      </fieldset>
      {channelGroups(type).map(({ group, fields }) => (
        <fieldset key={group} className="admin-fieldset">
          <legend>{t[group]}</legend>
          <FieldList value={channel} path={path} labels={channelLabels} specs={specs(fields)} onChange={onChange} />
          {group === "agents" && channel.is_agent && (
            <AgentsEditor
              type={type}
              agents={channel.agent_data}
              path={`${path}.agent_data`}
              onChange={(agent_data) => onChange({ agent_data })}
            />
          )}
        </fieldset>
      ))}
      {type === "Contact_Us" && <ContactFormEditor channel={channel} path={path} onChange={onChange} />}
      <fieldset className="admin-fieldset">
        <legend>{t.look}</legend>
        <FieldList value={channel} path={path} labels={channelLabels} specs={specs(LOOK)} onChange={onChange} />
      </fieldset>
      {more.length > 0 && (
        <details className="admin-more" open={moreHasError || undefined}>
          <summary>{t.advanced}</summary>
          <FieldList value={channel} path={path} labels={channelLabels} specs={specs(more)} onChange={onChange} />
          <p className="admin-field__hint">
            {channelLabels.channel}: <code>{channel.channel}</code>
          </p>
        </details>
      )}
    </div>
  );
}
