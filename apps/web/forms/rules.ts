/** The heavier shared rules, loaded on the visitor's first interaction: the whole validator (card checks included) and the typo suggestion. */
export { suggestEmail } from "@cartwright/commerce/contact-widget";
export { validateSubmission } from "@cartwright/commerce/forms";
