import { describe, expect, it, vi } from "vitest";
import { colourOr, isOn, readableOn } from "./dom.ts";
import { openLiveChat } from "./live-chat.ts";

describe("openLiveChat", () => {
  it("maximises Tawk and, inside the widget, hides its launcher again when minimised", () => {
    const tawk = { maximize: vi.fn(), showWidget: vi.fn(), hideWidget: vi.fn(), onChatMinimized: undefined as undefined | (() => void) };
    expect(openLiveChat({ Tawk_API: tawk }, true)).toBe(true);
    expect(tawk.maximize).toHaveBeenCalledOnce();
    tawk.onChatMinimized?.();
    expect(tawk.hideWidget).toHaveBeenCalledOnce();
    const above = { maximize: vi.fn(), hideWidget: vi.fn(), onChatMinimized: undefined as undefined | (() => void) };
    openLiveChat({ Tawk_API: above }, false);
    expect(above.onChatMinimized).toBeUndefined();
  });
  it("opens Chatwoot, Crisp and Tidio through their own APIs", () => {
    const chatwoot = { toggle: vi.fn() };
    expect(openLiveChat({ $chatwoot: chatwoot }, false)).toBe(true);
    expect(chatwoot.toggle).toHaveBeenCalledWith("open");
    const crisp = { push: vi.fn(), is: () => true };
    expect(openLiveChat({ $crisp: crisp }, false)).toBe(true);
    expect(crisp.push).toHaveBeenCalledWith(["do", "chat:open"]);
    const tidio = { open: vi.fn() };
    expect(openLiveChat({ tidioChatApi: tidio }, false)).toBe(true);
    expect(tidio.open).toHaveBeenCalledOnce();
  });
  it("is false when no chat is ready (Tawk's queue object before its script ran, Crisp's array)", () => {
    expect(openLiveChat({}, true)).toBe(false);
    expect(openLiveChat({ Tawk_API: {}, $crisp: [] as unknown as { push(c: unknown[]): void } }, true)).toBe(false);
  });
});

describe("colour helpers", () => {
  it("picks the text colour that reads better", () => {
    expect(readableOn("#1d4ed8")).toBe("#ffffff");
    expect(readableOn("#fde68a")).toBe("#111111");
    expect(readableOn("#fff")).toBe("#111111");
    expect(readableOn("not a colour")).toBe("#ffffff");
  });
  it("keeps an owner's hex colour, else the fallback", () => {
    expect(colourOr(" #0f766e ", "#000")).toBe("#0f766e");
    expect(colourOr("red; background:url(x)", "#000")).toBe("#000");
    expect(colourOr("", "#000")).toBe("#000");
  });
  it("reads the spec's truthy flags (§5.1)", () => {
    expect(["1", 1, "true", "yes", "on", true].every(isOn)).toBe(true);
    expect(["0", 0, "", "no", false, null].some(isOn)).toBe(false);
  });
});
