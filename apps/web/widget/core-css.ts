/** The core's styles: the channel list (8 px apart, spec §9; on a short screen it scrolls rather than run off the top), the chat view, the popup's place and the blur. */
export const CORE_CSS = `
.cw-channels{list-style:none;margin:0;padding:0;display:flex;gap:8px}
.cw-vertical{flex-direction:column}
.cw-horizontal{flex-direction:row}
.cw-right .cw-horizontal{flex-direction:row-reverse}
.cw-frame.cw-horizontal-frame{flex-direction:row;align-items:flex-end}
.cw-left.cw-horizontal-frame{flex-direction:row-reverse}
.cw-channels li{position:relative;display:flex;align-items:center}
.cw-channel{position:relative;display:grid;place-items:center;width:var(--cw-size);height:var(--cw-size);border-radius:50%;border:0;padding:0;margin:0;cursor:pointer;color:#fff;box-shadow:0 2px 6px rgba(0,0,0,.2);text-decoration:none;font:inherit}
.cw-channel .cw-channel-icon{display:grid;place-items:center;width:55%;height:55%}
.cw-channel .cw-channel-icon.cw-image{width:100%;height:100%}
.cw-channel-icon img{width:100%;height:100%;object-fit:cover;border-radius:50%}
.cw-hover{position:absolute;top:50%;transform:translateY(-50%);white-space:nowrap;padding:4px 10px;border-radius:6px;background:#fff;color:#1f2937;box-shadow:0 1px 6px rgba(0,0,0,.2);font-size:13px;display:none;pointer-events:none}
.cw-right .cw-hover{right:calc(100% + 10px)}
.cw-left .cw-hover{left:calc(100% + 10px)}
.cw-horizontal .cw-hover{top:auto;bottom:calc(100% + 8px);transform:none;right:auto;left:50%;translate:-50% 0}
.cw-channels li:hover .cw-hover,.cw-channels li:focus-within .cw-hover{display:block}
.cw-chat-view{width:min(320px,calc(100vw - 2 * var(--cw-side)));max-height:min(480px,calc(100vh - var(--cw-size) - var(--cw-bottom) - 40px));display:flex;flex-direction:column;border-radius:12px;overflow:hidden;background:var(--cw-cta-bg);color:var(--cw-cta-fg);box-shadow:0 6px 24px rgba(0,0,0,.25)}
.cw-chat-head{padding:14px 16px;background:var(--cw-head-bg);color:var(--cw-head-fg);font-weight:600;font-size:15px}
.cw-chat-body{padding:12px 16px 4px}
.cw-chat-view .cw-channels{flex-direction:column;padding:8px 12px 12px;overflow:auto}
.cw-chat-view .cw-channels li{width:100%}
.cw-row-channel{display:flex;align-items:center;gap:10px;width:100%;padding:6px 8px;border:0;border-radius:8px;background:transparent;color:inherit;text-decoration:none;font:inherit;cursor:pointer;text-align:start}
.cw-row-channel:hover{background:rgba(127,127,127,.12)}
.cw-row-channel .cw-channel{--cw-size:36px;box-shadow:none}
.cw-popup-slot{position:fixed;z-index:2147483001;bottom:var(--cw-popup-bottom);max-width:calc(100vw - 2 * var(--cw-side))}
.cw-right .cw-popup-slot{right:var(--cw-side)}
.cw-left .cw-popup-slot{left:var(--cw-side)}
@media (max-height:700px){.cw-frame>.cw-vertical{max-height:calc(100vh - var(--cw-size) - var(--cw-bottom) - 16px);max-height:calc(100dvh - var(--cw-size) - var(--cw-bottom) - 16px);overflow-y:auto;overscroll-behavior:contain;padding:8px;margin:-8px}}
.cw-blur{position:fixed;inset:0;z-index:2147482999;border:0;margin:0;padding:0;background:rgba(17,24,39,.12);backdrop-filter:blur(4px);-webkit-backdrop-filter:blur(4px);cursor:default}
`;
