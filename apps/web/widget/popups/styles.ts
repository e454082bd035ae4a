/** The popups' styles, added once to the widget's shadow root (class prefix cw-; nothing leaks to the page). */
export const POPUP_CSS = `
.cw-popup{box-sizing:border-box;width:min(340px,calc(100vw - 24px));max-height:min(560px,calc(100vh - 110px));display:flex;flex-direction:column;
  background:#fff;color:#1f2937;border-radius:12px;box-shadow:0 8px 32px rgba(0,0,0,.22);overflow:hidden;font:14px/1.45 var(--cw-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);text-align:left}
.cw-popup *,.cw-popup *::before,.cw-popup *::after{box-sizing:border-box}
.cw-popup__header{display:flex;align-items:flex-start;gap:8px;padding:14px 12px 14px 16px}
.cw-popup__heading{flex:1;min-width:0}
.cw-popup__title{margin:0;font-size:16px;font-weight:600;line-height:1.3;overflow-wrap:anywhere}
.cw-popup__subtitle{margin:4px 0 0;font-size:13px;opacity:.92}
.cw-popup__close{flex:none;display:grid;place-items:center;width:32px;height:32px;margin:-4px 0;border:0;border-radius:50%;background:transparent;color:inherit;cursor:pointer}
.cw-popup__close:hover{background:rgba(127,127,127,.25)}
.cw-popup button:focus-visible,.cw-popup input:focus-visible,.cw-popup textarea:focus-visible,.cw-popup select:focus-visible,.cw-popup a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
.cw-popup__body{flex:1;min-height:0;overflow:auto;padding:16px}
.cw-popup__status{margin:0;color:#374151}
.cw-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:40px;padding:8px 16px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.cw-button[disabled],.cw-button[aria-disabled=true]{opacity:.65;cursor:progress}
.cw-link-button{padding:0;border:0;background:none;color:#1d4ed8;font:inherit;text-decoration:underline;cursor:pointer}
.cw-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.cw-spinner{width:16px;height:16px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:cw-spin .8s linear infinite}
@keyframes cw-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.cw-spinner{animation-duration:2.4s}}

/* Tall enough for the emoji picker (6 rows) to open above the input inside the popup, where the screen allows:
   on a short one (a phone held sideways) the popup's header must stay on screen. */
.cw-popup--messaging .cw-popup__body{position:relative;min-height:min(372px,calc(100vh - 190px));padding:0;display:flex;flex-direction:column;background:#efeae2}
.cw-chat__thread{flex:1;padding:16px;overflow:auto}
.cw-chat__card{display:flex;gap:10px;align-items:flex-start}
.cw-chat__avatar{flex:none;width:40px;height:40px;border-radius:50%;object-fit:cover;background:#d1d5db}
.cw-chat__bubble{position:relative;max-width:calc(100% - 50px);padding:8px 10px 6px;border-radius:0 8px 8px 8px;background:#fff;box-shadow:0 1px 1px rgba(0,0,0,.12)}
.cw-chat__nickname{margin:0 0 2px;font-size:13px;font-weight:600;color:#4b5563}
.cw-chat__welcome{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.cw-chat__time{display:block;margin-top:2px;font-size:11px;text-align:right;color:#4b5563}
.cw-chat__compose{display:flex;align-items:center;gap:6px;padding:10px;background:#f0f0f0}
.cw-chat__input{flex:1;min-width:0;height:40px;padding:0 12px;border:1px solid #c7c7c7;border-radius:20px;background:#fff;color:#111;font:inherit}
.cw-chat__icon-button{flex:none;display:grid;place-items:center;width:40px;height:40px;border:0;border-radius:50%;background:transparent;color:#4b5563;cursor:pointer}
.cw-chat__send{background:#128c7e;color:#fff}

.cw-qr__title{margin:0 0 12px;font-weight:600;text-align:center}
.cw-qr__code{display:block;width:200px;height:200px;margin:0 auto}
.cw-qr__code svg{width:100%;height:100%}

.cw-form{display:flex;flex-direction:column;gap:12px}
.cw-form__field{display:flex;flex-direction:column;gap:4px}
.cw-form__label{font-weight:600}
.cw-form__required{color:#b91c1c;margin-left:2px}
.cw-form__control{width:100%;min-height:38px;padding:8px 10px;border:1px solid #9ca3af;border-radius:6px;background:#fff;color:#111;font:inherit}
textarea.cw-form__control{min-height:90px;resize:vertical}
.cw-form__control[aria-invalid=true]{border-color:#b91c1c;box-shadow:0 0 0 1px #b91c1c}
.cw-form__error{margin:0;color:#b91c1c;font-size:13px}
.cw-form__text{margin:0;color:#374151}
.cw-form__general{margin:0;padding:8px 10px;border-radius:6px;background:#fef2f2;color:#991b1b}
.cw-form__general:empty,.cw-form__success:empty,.cw-form__captcha:empty{display:none}
.cw-form__success{margin:0;padding:8px 10px;border-radius:6px;background:#ecfdf5;color:#065f46}
.cw-form__captcha{font-size:13px;color:#374151}
.cw-form__submit{width:100%}

.cw-agents{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
.cw-agent{display:flex;align-items:center;gap:10px;width:100%;padding:8px 10px;border:0;border-radius:10px;font:inherit;text-align:left;cursor:pointer}
.cw-agent__image{flex:none;width:40px;height:40px;border-radius:50%;object-fit:cover;background:rgba(255,255,255,.3)}
.cw-agent__initial{display:grid;place-items:center;font-weight:700}
.cw-agent__title{flex:1;font-weight:600;overflow-wrap:anywhere}
.cw-agent__icon{flex:none;width:22px;height:22px}

.cw-live-chat__actions{margin-top:12px}
`;
