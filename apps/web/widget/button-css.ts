/**
 * The loader's styles: the frame's place on the page, the main button, its tooltip, badge and
 * pending-message badge (spec §2.1, §9). Inside the shadow root, so the page's CSS and ours stay apart.
 * On a phone the greeting is compact, so it covers little of the page: it still shows as its mode says (spec §2.1:
 * until the first click, or all the time), scrolled or not.
 * The attention effects are in effects-css.ts, loaded only by widgets that move; the icon's turn on opening is
 * instant for a visitor who asks for less motion.
 */
export const BUTTON_CSS = `
:host{all:initial;font-family:inherit}
.cw-frame{position:fixed;z-index:2147483000;bottom:var(--cw-bottom);display:flex;flex-direction:column;gap:8px;font-family:var(--cw-font);font-size:14px;line-height:1.4;color:#1f2937;box-sizing:border-box}
.cw-frame *,.cw-frame *::before,.cw-frame *::after{box-sizing:border-box}
.cw-right{right:var(--cw-side);align-items:flex-end}
.cw-left{left:var(--cw-side);align-items:flex-start}
.cw-row{display:flex;align-items:center;gap:12px}
.cw-right .cw-row{flex-direction:row-reverse}
.cw-trigger{position:relative;width:var(--cw-size);height:var(--cw-size);border-radius:50%;border:0;padding:0;margin:0;cursor:pointer;background:var(--cw-color);color:var(--cw-icon-color);box-shadow:0 2px 8px rgba(0,0,0,.25);display:grid;place-items:center;overflow:visible;font:inherit}
.cw-trigger:focus-visible,.cw-frame a:focus-visible,.cw-frame button:focus-visible{outline:3px solid #111827;outline-offset:3px;box-shadow:0 0 0 5px #fff}
.cw-icon,.cw-close-icon{display:grid;place-items:center;width:55%;height:55%;grid-area:1/1;transition:transform .2s,opacity .2s}
.cw-icon img{width:100%;height:100%;object-fit:cover;border-radius:50%}
.cw-icon.cw-image{width:100%;height:100%}
.cw-close-icon{opacity:0;transform:rotate(-90deg)}
.cw-showing-close .cw-icon{opacity:0;transform:rotate(90deg)}
.cw-showing-close .cw-close-icon{opacity:1;transform:none}
.cw-cta,.cw-tip{max-width:min(260px,60vw);padding:8px 12px;border-radius:8px;background:var(--cw-cta-bg);color:var(--cw-cta-fg);box-shadow:0 2px 8px rgba(0,0,0,.15);white-space:normal;pointer-events:none}
.cw-tip{display:none}
.cw-row:hover .cw-showing-close~.cw-tip,.cw-row:focus-within .cw-showing-close~.cw-tip{display:block}
.cw-cta-hover{display:none}
.cw-row:hover .cw-cta-hover,.cw-row:focus-within .cw-cta-hover{display:block}
.cw-open .cw-cta{display:none!important}
.cw-badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 5px;border-radius:10px;background:var(--cw-badge-bg);color:var(--cw-badge-fg);font-size:12px;font-weight:700;line-height:20px;text-align:center}
.cw-left .cw-badge{right:auto;left:-4px}
@media (max-width:640px){.cw-cta{max-width:min(200px,50vw);padding:6px 10px;font-size:13px}}
@media (prefers-reduced-motion:reduce){.cw-icon,.cw-close-icon{transition:none}}
[hidden]{display:none!important}
`;
