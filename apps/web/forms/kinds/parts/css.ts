/** The kinds' own styles, adopted once per document or shadow root (dom.ts adoptKindsCss). Popups open in 150 ms (spec §9). */
export const KINDS_CSS = `
.cwfk-row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.5rem}
.cwfk-button{font:inherit;padding:.35rem .75rem;border:1px solid #4b5563;border-radius:.375rem;background:#fff;color:#1f2933;cursor:pointer}
.cwfk-button:hover{background:#f3f4f6}
.cwfk-button:focus-visible,.cwfk-pad:focus-visible,.cwfk-day:focus-visible,.cwfk-drop:focus-within{outline:3px solid #066aab;outline-offset:2px}
.cwfk-visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.cwfk-pad{display:block;width:100%;max-width:36rem;height:10rem;border:1px solid #4b5563;border-radius:.375rem;background:#fff;touch-action:none}
.cwfk-hint{color:#374151;font-size:.875rem;margin:.25rem 0 0}
.cwfk-problem{color:#b42318;font-size:.875rem;margin:.25rem 0 0}
.cwfk-video,.cwfk-photo{display:block;max-width:100%;width:20rem;border-radius:.375rem;background:#111827}
.cwfk-anchor{position:relative}
.cwfk-dialog{position:absolute;z-index:20;margin-top:.25rem;padding:.75rem;border:1px solid #4b5563;border-radius:.5rem;background:#fff;color:#1f2933;box-shadow:0 6px 24px rgb(0 0 0 / .18)}
.cwfk-dialog-head{display:flex;align-items:center;justify-content:space-between;gap:.5rem;margin-bottom:.5rem}
.cwfk-month{font-size:1rem;font-weight:600;margin:0}
.cwfk-grid{border-collapse:collapse}
.cwfk-grid th{font-size:.75rem;font-weight:600;color:#374151;padding:.25rem;text-align:center}
.cwfk-grid td{padding:1px}
.cwfk-day{width:2.25rem;height:2.25rem;text-align:center;border-radius:.375rem;cursor:pointer;color:#1f2933}
.cwfk-day[aria-disabled=true]{color:#6b7280;text-decoration:line-through;cursor:not-allowed}
.cwfk-day[aria-selected=true]{background:#066aab;color:#fff}
.cwfk-day[data-today]{font-weight:700}
.cwfk-listbox{position:absolute;z-index:20;margin:.25rem 0 0;padding:.25rem 0;list-style:none;max-height:14rem;overflow:auto;min-width:9rem;border:1px solid #4b5563;border-radius:.375rem;background:#fff;color:#1f2933;box-shadow:0 6px 24px rgb(0 0 0 / .18)}
.cwfk-option{padding:.3rem .75rem;cursor:pointer}
.cwfk-option[aria-selected=true]{background:#066aab;color:#fff}
.cwfk-meter{display:block;height:.4rem;max-width:16rem;border-radius:.2rem;background:#e5e7eb;margin-top:.35rem;overflow:hidden}
.cwfk-meter span{display:block;height:100%;width:0;transition:width .2s}
.cwfk-meter[data-level="1"] span{width:33%;background:#b42318}
.cwfk-meter[data-level="2"] span{width:66%;background:#b54708}
.cwfk-meter[data-level="3"] span{width:100%;background:#067647}
.cwfk-drop{border:2px dashed #4b5563;border-radius:.5rem;padding:1rem;text-align:center;color:#1f2933;background:#fff}
.cwfk-drop[data-over]{border-color:#066aab;background:#eff8ff}
.cwfk-files{list-style:none;margin:.5rem 0 0;padding:0}
.cwfk-files li{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;padding:.25rem 0}
.cwfk-files progress{width:8rem}
.cwfk-brand{font-size:.875rem;font-weight:600;color:#1f2933;min-width:5rem}
.cwfk-dialog:not([hidden]),.cwfk-listbox:not([hidden]){animation:cwfk-pop .15s ease-out}
@keyframes cwfk-pop{from{opacity:0;transform:translateY(-4px)}}
@media (prefers-reduced-motion:reduce){.cwfk-dialog,.cwfk-listbox{animation:none}}
`;
