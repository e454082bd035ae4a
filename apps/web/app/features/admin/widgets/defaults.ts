/** The new widget's and channel's starting values: the shared rules' (the server fills the same ones). */
export { CHANNEL_LABELS, defaultChannel, defaultWidget } from "@cartwright/commerce/contact-widget";
