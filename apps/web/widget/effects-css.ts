/**
 * The attention effects (spec §9: sheen, spin, pulse, jump, waggle, blink, pulse-icon, floating) and
 * exit intent's animation, loaded only by widgets that use one; motion only for visitors who have
 * not asked for less (prefers-reduced-motion).
 */
export const EFFECTS_CSS = `
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
