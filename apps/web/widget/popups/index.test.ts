import { describe, expect, it } from "vitest";
import { popupKind } from "./index.ts";
import { channel, DEMO_WHATSAPP } from "./test-fixtures.ts";

const agent = {
  value: "+15550100",
  agent_image: "",
  agent_title: "Sam",
  svg_icon: "",
  agent_bg_color: "#1d4ed8",
  pre_set_message: "",
  use_whatsapp_web: false,
  link_type: "personal" as const,
};

describe("popupKind", () => {
  it("names the popup of each channel that has one", () => {
    expect(popupKind(DEMO_WHATSAPP, false)).toBe("messaging");
    expect(popupKind(channel({ channel_type: "WeChat", value: "cartwright_demo" }), false)).toBe("qr");
    expect(popupKind(channel({ channel_type: "Contact_Us" }), true)).toBe("contact");
    expect(popupKind(channel({ channel_type: "Tawk" }), false)).toBe("live-chat");
  });
  it("is null for plain links, and for WhatsApp without its welcome popup", () => {
    expect(popupKind({ ...DEMO_WHATSAPP, has_welcome_message: false }, false)).toBeNull();
    expect(popupKind(channel({ channel_type: "Telegram", value: "@x" }), false)).toBeNull();
  });
  it("lists agents only for their device and only those with a value", () => {
    const agents = channel({ channel_type: "Telegram", is_agent: true, agent_data: [agent], is_agent_mobile: false });
    expect(popupKind(agents, false)).toBe("agents");
    expect(popupKind(agents, true)).toBeNull();
    expect(popupKind({ ...agents, agent_data: [{ ...agent, value: " " }] }, false)).toBeNull();
  });
});
