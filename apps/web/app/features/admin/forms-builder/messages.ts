/** The form builder's texts (the console's own words; kept beside the builder so its chunk carries them). */
import { consoleMessages } from "../messages.ts";
import { decimalText, shopAmountFormat } from "../money.ts";
/** What a file field's size limit takes, in MB as stored numbers ("0.01", "50"). */
export interface FileSizeBounds {
  places: number;
  smallest: string;
  largest: string;
}

export const builderMessages = {
  newTitle: "New form",
  editTitle: (title: string) => `Edit form: ${title}`,
  back: "Forms",
  create: "Create form",
  save: "Save form",
  created: "Form created.",
  saved: "Form saved.",
  unreadableAmount: (text: string, digits: number) => `"${text}" is not an amount. ${consoleMessages.notAmount(digits)}`,
  unreadableNumber: (text: string, format = shopAmountFormat()) =>
    `"${text}" is not a number as the shop writes numbers, such as -5 or ${decimalText("2.5", format)}: digits, "${format.decimalSeparator}" before decimals, "-" before a number below 0, no thousands separator.`,
  boundHint: (format = shopAmountFormat()) => `As the shop writes numbers, such as -5 or ${decimalText("2.5", format)}.`,
  unreadableFileSize: (text: string, { places, smallest, largest }: FileSizeBounds, format = shopAmountFormat()) =>
    `"${text}" is not a size the field takes: MB from ${decimalText(smallest, format)} to ${decimalText(largest, format)} as the shop writes numbers, such as ${decimalText("2.5", format)}: digits, "${format.decimalSeparator}" before at most ${places} decimal places, no thousands separator.`,
  fileSizeHint: ({ smallest, largest }: FileSizeBounds, format = shopAmountFormat()) =>
    `From ${decimalText(smallest, format)} to ${decimalText(largest, format)} MB, as the shop writes numbers, such as ${decimalText("2.5", format)}.`,
  unreadableAmounts: "An amount or a number cannot be read.",
  sections: "Builder sections",
  structure: "Pages and fields",
  settings: "Form settings",
  preview: "Preview",
  previewHint: "As visitors see it. Nothing is sent from the preview.",
  formTitle: "Title",
  slug: "Address name (slug)",
  slugHint: "The form's page is /forms/{slug}: lower-case letters, digits and single hyphens.",
  status: "Status",
  published: "Published",
  draft: "Draft",
  pages: "Pages",
  page: (n: number) => `Page ${n}`,
  pageTitle: "Page title",
  pageTab: (n: number, title: string) => (title ? `${n}. ${title}` : `Page ${n}`),
  addPage: "Add page",
  movePageUp: (n: number) => `Move page ${n} earlier`,
  movePageDown: (n: number) => `Move page ${n} later`,
  removePage: (n: number) => `Remove page ${n}`,
  removePageTitle: (n: number) => `Remove page ${n}?`,
  removePageBody: (count: number) =>
    count === 0
      ? "The page has no fields."
      : `Its ${count === 1 ? "field" : `${count} fields`} will be moved or removed as you choose below.`,
  removePageMoveTo: "Its fields",
  removeFieldsToo: "Remove them with the page",
  moveFieldsTo: (n: number, title: string) => `Move them to ${title ? `page ${n} (${title})` : `page ${n}`}`,
  removePageConfirm: "Remove page",
  pageMoved: (from: number, to: number) => `Page ${from} is now page ${to}.`,
  pageRemoved: (n: number) => `Page ${n} removed.`,
  pageAdded: (n: number) => `Page ${n} added.`,
  palette: "Add a field",
  paletteHint: "Adds the field at the end of the page shown.",
  addKind: (kind: string) => `Add ${kind}`,
  fieldsOn: (n: number) => `Fields on page ${n}`,
  noFields: "This page has no fields yet: add one from the list above.",
  dragHint: "Drag a field by its handle, or use its move buttons.",
  dragHandle: (name: string) => `Drag ${name}`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  moveToPage: (name: string) => `Move ${name} to page`,
  duplicate: (name: string) => `Duplicate ${name}`,
  remove: (name: string) => `Remove ${name}`,
  edit: (name: string) => `Edit ${name}`,
  hasErrors: "has errors",
  hidden: "logic",
  moved: (name: string, position: number, count: number, page: number) =>
    `${name} moved to position ${position} of ${count} on page ${page}.`,
  added: (name: string, page: number) => `${name} added to page ${page}.`,
  removed: (name: string) => `${name} removed.`,
  duplicated: (name: string) => `${name} duplicated.`,
  fieldSettings: (name: string) => `Settings of ${name}`,
  noSelection: "Choose a field to edit its settings.",
  leaveTitle: "Leave without saving?",
  leaveBody: "Your changes to this form are not saved yet.",
  leave: "Leave",
  removeFieldTitle: (name: string) => `Remove ${name}?`,
  removeFieldAnswered: (entries: number) =>
    `${entries === 1 ? "1 entry holds an answer" : `${entries} entries hold answers`} to this field. Entries keep their answers, shown as a removed field; rules that name this field go with it.`,
  removeConfirm: "Remove field",
} as const;

export const baseLabels = {
  label: "Label",
  description: "Description",
  placeholder: "Placeholder",
  default: "Default value",
  required: "Required",
  cssClass: "CSS class",
} as const;

/** Each setting's label, by its path: the section's fields and the error summary name a setting alike. */
export const SETTINGS_LABELS = {
  "settings.submitText": "Submit button text",
  "settings.processingText": "Text while sending",
  "settings.confirmation.type": "Confirmation",
  "settings.confirmation.message": "Confirmation message",
  "settings.confirmation.path": "Page path (e.g. /thank-you)",
  "settings.confirmation.url": "Address (https://…)",
  "settings.confirmation.newTab": "Open in a new tab",
  "settings.notifications.owner.enabled": "Email me each entry",
  "settings.notifications.owner.subject": "Subject of my email",
  "settings.notifications.visitor.enabled": "Email the visitor a copy",
  "settings.notifications.visitor.emailField": "Visitor's address from",
  "settings.notifications.visitor.subject": "Subject of the visitor's email",
  "settings.notifications.visitor.message": "Visitor's email message",
  "settings.pageIndicator.style": "Indicator style",
  "settings.pageIndicator.color": "Indicator colour",
  "settings.pageIndicator.showTitles": "Show page titles",
  "settings.antiSpam.honeypot": "Hidden decoy input (honeypot)",
  "settings.antiSpam.captcha": "Captcha",
  "settings.antiSpam.token": "Signed form token (refuses posts that skip the form)",
  "settings.antiSpam.minSeconds": "Minimum seconds to fill in (0: off)",
  "settings.scrollToTop": "Scroll to the form's top on a page change",
  "settings.ajax": "Send without reloading the page",
  "settings.saveProgress.browser": "Keep a partly filled form in the visitor's browser",
  "settings.saveProgress.email": "Offer a resume link by email",
  "settings.embedOrigins": "Sites that may embed this form (one origin per line)",
} as const;
