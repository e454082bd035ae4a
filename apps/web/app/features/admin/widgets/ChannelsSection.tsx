/** The widget's channels: add one from the channel keys, reorder, remove, and edit each in its panel. */
import {
  type Channel,
  type ChannelKey,
  channelVisible,
  GENERIC_CHANNEL_KEYS,
  SERVICE_CHANNEL_KEYS,
} from "@cartwright/commerce/contact-widget";
import { useContext, useId, useRef, useState } from "react";
import { useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext } from "../components/fields.tsx";
import { editorMessages as t } from "../messages.ts";
import { ChannelBadge } from "./ChannelIcons.tsx";
import { ChannelPanel } from "./ChannelPanel.tsx";
import { CHANNEL_LABELS, defaultChannel } from "./defaults.ts";

interface ChannelsSectionProps {
  channels: Channel[];
  onChange(channels: Channel[]): void;
}

export function ChannelsSection({ channels, onChange }: ChannelsSectionProps) {
  const addId = useId();
  const [choice, setChoice] = useState<ChannelKey>("WhatsApp");
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const errors = useContext(FieldErrorsContext);
  const announce = useAnnounce();
  const listRef = useRef<HTMLOListElement>(null);

  const nameOf = (channel: Channel) => CHANNEL_LABELS[channel.channel_type] ?? channel.channel;
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function add() {
    const channel = defaultChannel(
      choice,
      channels.map((item) => item.channel),
    );
    onChange([...channels, channel]);
    setOpen((current) => new Set(current).add(channel.channel));
    announce(t.channelAdded(CHANNEL_LABELS[choice]));
  }

  function move(from: number, to: number) {
    const next = [...channels];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    onChange(next);
    announce(t.channelMoved(nameOf(item), to + 1));
  }

  function remove(index: number) {
    const channel = channels[index];
    if (!channel) return;
    onChange(channels.filter((_, at) => at !== index));
    announce(t.channelRemoved(nameOf(channel)));
    document.getElementById(addId)?.focus();
  }

  return (
    <>
      <div className="admin-add-row">
        <label htmlFor={addId}>{t.addChannel}</label>
        <select id={addId} value={choice} onChange={(event) => setChoice(event.target.value as ChannelKey)}>
          <optgroup label="Apps">
            {SERVICE_CHANNEL_KEYS.map((key) => (
              <option key={key} value={key}>
                {CHANNEL_LABELS[key]}
              </option>
            ))}
          </optgroup>
          <optgroup label="Contact and links">
            {GENERIC_CHANNEL_KEYS.map((key) => (
              <option key={key} value={key}>
                {CHANNEL_LABELS[key]}
              </option>
            ))}
          </optgroup>
        </select>
        <button type="button" className="button button--secondary admin-button--small" onClick={add}>
          {t.addChannelButton}
        </button>
      </div>
      {channels.length === 0 ? (
        <p className="admin-empty">{t.noChannels}</p>
      ) : (
        <ol ref={listRef} className="admin-channels">
          {channels.map((channel, index) => {
            const path = `channels.${index}`;
            const hasError = Object.keys(errors).some((key) => key.startsWith(`${path}.`) || key === path);
            const expanded = open.has(channel.channel) || hasError;
            const name = nameOf(channel);
            const panelId = `channel-panel-${index}`;
            return (
              <li key={channel.channel} className={`admin-channel${hasError ? " admin-channel--error" : ""}`}>
                <div className="admin-channel__head">
                  <button
                    type="button"
                    className="admin-channel__toggle"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => toggle(channel.channel)}
                  >
                    <ChannelBadge type={channel.channel_type} color={channel.icon_color} />
                    {/* The value under the name: beside it, a phone's row left it one or two letters. */}
                    <span className="admin-channel__text">
                      <span className="admin-channel__name">{name}</span>
                      <span className="admin-channel__value">{channel.value}</span>
                    </span>
                    {!channelVisible(channel, false) && !channelVisible(channel, true) && (
                      <span className="admin-badge admin-badge--warning">
                        {channel.is_desktop || channel.is_mobile ? t.channelHiddenNoValue : t.channelHiddenOff}
                      </span>
                    )}
                    <span className="visually-hidden">{t.channelPosition(index + 1, channels.length)}</span>
                  </button>
                  <div className="admin-channel__actions">
                    <button
                      type="button"
                      className="admin-icon-button"
                      aria-label={t.moveUp(name)}
                      title={t.moveUp(name)}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="admin-icon-button"
                      aria-label={t.moveDown(name)}
                      title={t.moveDown(name)}
                      disabled={index === channels.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="admin-icon-button admin-icon-button--danger"
                      aria-label={t.remove(name)}
                      title={t.remove(name)}
                      onClick={() => remove(index)}
                    >
                      ✕
                    </button>
                  </div>
                </div>
                <div id={panelId} hidden={!expanded}>
                  {expanded && (
                    <ChannelPanel
                      channel={channel}
                      path={path}
                      onChange={(patch) => onChange(channels.map((item, at) => (at === index ? { ...item, ...patch } : item)))}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
