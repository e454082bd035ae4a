/**
 * The loader's styles: the frame's place on the page, the main button, its tooltip, badge and
 * attention effects (spec §2.1, §9). Inside the shadow root, so the page's CSS and ours stay apart;
 * motion only for visitors who have not asked for less (prefers-reduced-motion).
 */
export const BUTTON_CSS = `
:host{all:initial}
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
.cw-cta{max-width:min(260px,60vw);padding:8px 12px;border-radius:8px;background:var(--cw-cta-bg);color:var(--cw-cta-fg);box-shadow:0 2px 8px rgba(0,0,0,.15);white-space:normal;pointer-events:none}
.cw-cta-hover{display:none}
.cw-row:hover .cw-cta-hover,.cw-row:focus-within .cw-cta-hover{display:block}
.cw-open .cw-cta{display:none!important}
.cw-badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 5px;border-radius:10px;background:var(--cw-badge-bg);color:var(--cw-badge-fg);font-size:12px;font-weight:700;line-height:20px;text-align:center}
.cw-left .cw-badge{right:auto;left:-4px}
[hidden]{display:none!important}
@media (prefers-reduced-motion:no-preference){
.cw-fx-sheen{overflow:hidden}
.cw-fx-sheen::after{content:"";position:absolute;inset:0;border-radius:50%;background:linear-gradient(120deg,transparent 30%,rgba(255,255,255,.55) 50%,transparent 70%);background-size:250% 100%;animation:cw-effect-sheen 3s infinite}
.cw-fx-spin .cw-icon{animation:cw-effect-spin 3s infinite}
.cw-fx-pulse{animation:cw-effect-pulse 2s infinite}
.cw-fx-jump{animation:cw-effect-jump 2.5s infinite}
.cw-fx-waggle{animation:cw-effect-waggle 3s infinite}
.cw-fx-blink{animation:cw-effect-blink 2s infinite}
.cw-fx-pulse-icon .cw-icon{animation:cw-effect-pulse-icon 2s infinite}
.cw-fx-floating{animation:cw-effect-floating 3s ease-in-out infinite}
.cw-exit-intent{animation:cw-effect-waggle .5s 5}
}
@keyframes cw-effect-sheen{0%,60%{background-position:150% 0}100%{background-position:-50% 0}}
@keyframes cw-effect-spin{0%,70%{transform:none}100%{transform:rotate(360deg)}}
@keyframes cw-effect-pulse{0%{box-shadow:0 0 0 0 var(--cw-color)}70%{box-shadow:0 0 0 14px transparent}100%{box-shadow:0 0 0 0 transparent}}
@keyframes cw-effect-jump{0%,20%,50%,80%,100%{transform:none}40%{transform:translateY(-14px)}60%{transform:translateY(-7px)}}
@keyframes cw-effect-waggle{0%,60%,100%{transform:none}70%,90%{transform:rotate(-12deg)}80%{transform:rotate(12deg)}}
@keyframes cw-effect-blink{0%,100%{opacity:1}50%{opacity:.35}}
@keyframes cw-effect-pulse-icon{0%,100%{transform:none}50%{transform:scale(1.25)}}
@keyframes cw-effect-floating{0%,100%{transform:none}50%{transform:translateY(-6px)}}
`;
