/**
 * The forms' stylesheet: one string for the form's page (`<style nonce>`), the embed's shadow root
 * and the console's preview. Classes are `cwf-` prefixed; `--cwf-accent` is the form's colour. The
 * form takes the host page's font but keeps its own line height (the shop's 1.5), which `font:inherit`
 * would otherwise bring in from the host: a host's `line-height: 3` made inputs three lines tall.
 */
export const FORM_CSS = `
.cwf{--cwf-accent:#066aab;--cwf-error:#b3261e;--cwf-border:#767676;--cwf-muted:#4a4a4a;font:inherit;line-height:1.5;color:inherit;max-width:42rem}
.cwf *,.cwf *::before,.cwf *::after{box-sizing:border-box}
.cwf [hidden],.cwf-confirmation[hidden]{display:none!important}
.cwf-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.cwf-page{margin:0 0 1.5rem}
.cwf-page-title{font-size:1.25rem;margin:0 0 1rem}
.cwf-field{margin:0 0 1.25rem}
.cwf-label,.cwf-legend{display:block;font-weight:600;margin:0 0 .375rem;padding:0}
.cwf-group{border:0;margin:0;padding:0;min-width:0}
.cwf-required{color:var(--cwf-error);margin-left:.125rem}
.cwf input[type=text],.cwf input[type=email],.cwf input[type=tel],.cwf input[type=number],.cwf input[type=password],.cwf input[type=url],.cwf select,.cwf textarea{display:block;width:100%;padding:.5rem .625rem;border:1px solid var(--cwf-border);border-radius:.25rem;background:#fff;color:#111;font:inherit;min-height:2.5rem}
.cwf select[multiple]{min-height:6rem}
.cwf input[type=file]{max-width:100%}
.cwf input:focus-visible,.cwf select:focus-visible,.cwf textarea:focus-visible,.cwf button:focus-visible{outline:3px solid var(--cwf-accent);outline-offset:2px}
.cwf [aria-invalid=true]{border-color:var(--cwf-error)}
.cwf-sub{margin:0 0 .75rem}
.cwf-sub .cwf-label{font-weight:400}
.cwf-field--name .cwf-group,.cwf-field--email .cwf-group,.cwf-field--password .cwf-group{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));column-gap:1rem}
.cwf-field--name .cwf-legend,.cwf-field--email .cwf-legend,.cwf-field--password .cwf-legend,.cwf-group>.cwf-description,.cwf-group>.cwf-error{grid-column:1/-1}
.cwf-description,.cwf-hint,.cwf-counter,.cwf-again{color:var(--cwf-muted);font-size:.875rem;margin:.25rem 0}
.cwf-again{color:#7a4a00}
.cwf-error{color:var(--cwf-error);font-size:.875rem;font-weight:600;margin:.25rem 0 0}
.cwf-error::before{content:"\\26A0  "}
.cwf-choices{display:flex;flex-direction:column;gap:.375rem}
.cwf-choice{display:flex;align-items:center;gap:.5rem}
.cwf-choice input{width:1.125rem;height:1.125rem;margin:0;accent-color:var(--cwf-accent)}
.cwf-choice--image label{display:flex;align-items:center;gap:.75rem}
.cwf-choice-image{width:5rem;height:5rem;object-fit:contain;border:1px solid #ddd;border-radius:.25rem;background:#fff}
.cwf-choice-extra{color:var(--cwf-muted)}
.cwf-stars{display:flex;gap:.25rem}
.cwf-star-input{position:absolute;opacity:0;width:1px;height:1px}
.cwf-star{font-size:1.75rem;line-height:1;color:#767676;cursor:pointer;padding:.125rem}
.cwf-stars:has(.cwf-star-input:checked) .cwf-star{color:#b8860b}
.cwf-star-input:checked~.cwf-star-input+.cwf-star{color:#767676}
.cwf-star-input:focus-visible+.cwf-star{outline:3px solid var(--cwf-accent);outline-offset:2px}
.cwf-likert-scroll{overflow-x:auto}
.cwf-likert,.cwf-summary-table{border-collapse:collapse;width:100%}
.cwf-likert th,.cwf-likert td,.cwf-summary-table th,.cwf-summary-table td{padding:.375rem .5rem;border-bottom:1px solid #ddd;text-align:center;font-weight:400}
.cwf-likert thead th{font-size:.875rem}
.cwf-likert th[scope=row],.cwf-summary-table td:first-child,.cwf-summary-table th:first-child{text-align:left}
.cwf-summary-table thead th{font-weight:600}
.cwf-total-line{font-weight:700;font-size:1.125rem;margin:.75rem 0 0}
.cwf-amount{display:flex;align-items:center;gap:.375rem}
.cwf-amount input{max-width:12rem}
.cwf-html{margin:0}
.cwf-section-title{font-size:1.125rem;margin:1.5rem 0 .5rem;padding-bottom:.25rem;border-bottom:1px solid #ddd}
.cwf-general{border-left:4px solid var(--cwf-error);background:#fdecea;color:#5f1410;padding:.75rem 1rem;margin:0 0 1rem}
.cwf-general p{margin:0}
.cwf-indicator{margin:0 0 1.25rem}
.cwf-indicator-step{margin:0 0 .5rem;font-weight:600}
.cwf-progress{width:100%;height:.5rem;accent-color:var(--cwf-accent)}
.cwf-steps{display:flex;list-style:none;margin:0;padding:0;gap:.5rem}
.cwf-step{flex:1;display:flex;flex-direction:column;align-items:center;text-align:center;font-size:.875rem;color:var(--cwf-muted)}
.cwf-step-number{display:inline-flex;align-items:center;justify-content:center;width:2rem;height:2rem;border-radius:50%;border:2px solid var(--cwf-border);background:#fff;color:#111;font-weight:600}
.cwf-indicator--connector .cwf-step-number{border-radius:.25rem}
.cwf-indicator--connector .cwf-steps{border-top:2px solid var(--cwf-border);padding-top:.5rem}
.cwf-step[aria-current=step]{color:#111;font-weight:600}
.cwf-step[aria-current=step] .cwf-step-number{background:var(--cwf-accent);border-color:var(--cwf-accent);color:#fff}
.cwf-page-nav,.cwf-submit{display:flex;gap:.75rem;margin:1rem 0 0}
.cwf-preview-notice{border-left:4px solid var(--cwf-accent);background:#e8f1f8;color:#102a3d;padding:.75rem 1rem;margin:1rem 0 0}
.cwf button{font:inherit;padding:.625rem 1.25rem;border-radius:.25rem;border:1px solid var(--cwf-accent);cursor:pointer;min-height:2.75rem}
.cwf-next,.cwf-submit-button{background:var(--cwf-accent);color:#fff}
.cwf-prev{background:#fff;color:var(--cwf-accent)}
.cwf button[disabled]{opacity:.6;cursor:not-allowed}
.cwf-honeypot{position:absolute!important;left:-9999px!important;top:auto;width:1px;height:1px;overflow:hidden}
.cwf-captcha{margin:1rem 0}
.cwf-captcha-note{border-left:4px solid var(--cwf-accent);background:#eef5fb;color:#0b2a40;padding:.75rem 1rem;margin:0}
.cwf-confirmation{padding:1rem 1.25rem;border-left:4px solid #1b7a3a;background:#eaf6ee;color:#0f3d1d}
.cwf-confirmation:focus{outline:none}
.cwf-resume-notice{border-left:4px solid var(--cwf-accent);background:#eef5fb;color:#0b2a40;padding:.75rem 1rem;margin:0 0 1rem}
.cwf-resume-notice--expired{border-left-color:#8a5300;background:#fdf3e1;color:#3d2500}
.cwf-resume-notice p{margin:0}
.cwf-save-later{margin:1rem 0 0}
.cwf button.cwf-save-later-open,.cwf button.cwf-save-later-cancel{background:#fff;color:var(--cwf-accent)}
.cwf button.cwf-save-later-send{background:var(--cwf-accent);color:#fff}
.cwf-save-later-panel{border:1px solid var(--cwf-border);border-radius:.25rem;padding:1rem;margin:.75rem 0 0}
.cwf-save-later-panel label{display:block;font-weight:600;margin:0 0 .25rem}
.cwf-save-later-panel input{font:inherit;width:100%;max-width:24rem;padding:.5rem;border:1px solid var(--cwf-border);border-radius:.25rem}
.cwf-save-later-actions{display:flex;gap:.75rem;margin:.75rem 0 0}
.cwf-save-later-status:empty,.cwf-save-later-problem:empty{display:none}
.cwf-save-later-problem{color:var(--cwf-error);margin:.75rem 0 0}
.cwf-save-later-status{margin:.75rem 0 0}
`;

/**
 * For a scripted form on a page whose visitor has JavaScript off (the page writes it in
 * `<noscript>`): every page, field, the captcha note and the submit show, as in the page without
 * JavaScript; the page buttons and the indicator, which need the runtime, do not.
 */
export const FORM_NOSCRIPT_CSS =
  ".cwf .cwf-page[hidden],.cwf .cwf-field[hidden],.cwf .cwf-submit[hidden],.cwf .cwf-captcha[hidden]{display:block!important}" +
  ".cwf .cwf-page-nav,.cwf .cwf-indicator,.cwf .cwf-captcha-widget{display:none!important}";
