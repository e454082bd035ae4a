/**
 * The agent list (spec §2.1): one button per agent for the device, each opening that agent's
 * link on the channel's service with the agent's pre-set message.
 */

import { channelLink } from "@cartwright/commerce/contact-widget";
import { colourOr, el, readableOn } from "./dom.ts";
import { deviceAgents, type PopupBody, type PopupContext, type PopupFrame } from "./index.ts";

/** An owner's SVG icon shown as an image: an <img> never runs what the markup might carry. */
function svgImage(markup: string): HTMLImageElement {
  return el("img", { class: "cw-agent__icon", src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`, alt: "" });
}

export function render(context: PopupContext, frame: PopupFrame): PopupBody {
  const { channel, pageInfo, isMobile } = context;
  const list = el("ul", { class: "cw-agents" });
  for (const agent of deviceAgents(channel, isMobile)) {
    const background = colourOr(agent.agent_bg_color, "#1d4ed8");
    const title = agent.agent_title.trim() || agent.value.trim();
    const picture = agent.agent_image.trim()
      ? el("img", { class: "cw-agent__image", src: agent.agent_image.trim(), alt: "" })
      : el("span", { class: "cw-agent__image cw-agent__initial", "aria-hidden": "true" }, [...title][0]?.toUpperCase() ?? "");
    const icon = agent.svg_icon.trim().startsWith("<svg") ? svgImage(agent.svg_icon.trim()) : null;
    const button = el(
      "button",
      { type: "button", class: "cw-agent", style: `background:${background};color:${readableOn(background)}` },
      picture,
      el("span", { class: "cw-agent__title" }, title),
      icon,
    );
    button.addEventListener("click", () => {
      // The agent's own pre-set message, else the channel's; channelLink fills the markers.
      const link = channelLink(
        {
          ...channel,
          value: agent.value,
          pre_set_message: agent.pre_set_message || channel.pre_set_message,
          is_use_web_version: agent.use_whatsapp_web,
          link_type: agent.link_type,
        },
        { page: pageInfo, isMobile },
      );
      if (!link) return;
      context.reportClick();
      context.track("contact_widget_channel_click", { channel: channel.channel, channel_type: channel.channel_type, agent: title });
      context.openLink(link);
    });
    list.append(el("li", {}, button));
  }
  frame.body.append(list);
  return { focusTarget: () => list.querySelector("button"), destroy() {} };
}
