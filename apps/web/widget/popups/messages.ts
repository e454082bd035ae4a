/** Every text the widget's sub-popups show (spec §2.1, §5.3, §8), in one place. */
export const POPUP_MESSAGES = {
  close: "Close",
  loading: "Loading…",
  loadFailed: "This could not be loaded.",
  tryAgain: "Try again",

  messagingTitle: "WhatsApp",
  messageLabel: "Message",
  send: "Send",
  openEmojiPicker: "Add an emoji",

  emojiPicker: "Emoji picker",
  emojiSearch: "Search emojis",
  emojiRecent: "Recently used",
  emojiAll: "All emojis",
  emojiLoadFailed: "Failed to load emojis",
  emojiNoResults: "No results found",
  emojiSearchFailed: "Failed to search emojis",

  qrTitle: "WeChat",
  qrAlt: (id: string) => `QR code to chat with ${id} on WeChat`,

  contactTitle: "Contact us",
  submit: "Send",
  sending: "Sending…",
  verifying: "Verifying you are human…",
  verified: "Verified.",
  captchaFailed: "We could not check that you are human. Please try again.",
  emailSuggestion: (suggestion: string) => `Did you mean ${suggestion}?`,
  sentDefault: "Thanks! Your message was sent.",
  sendFailed: "Your message could not be sent. Please try again.",
  networkFailed: "We could not reach the server. Check your connection and try again; what you typed is kept.",
  fixErrors: (count: number) => (count === 1 ? "Please correct the marked field." : `Please correct the ${count} marked fields.`),
  selectPlaceholder: "Select an option",

  agentsTitle: "Choose who to talk to",

  liveChatTitle: "Live chat",
  liveChatOpening: "Opening live chat…",
  liveChatOpened: "The live chat is open.",
  liveChatUnavailable: "Live chat is not available right now. Please choose another way to reach us.",
  otherChannels: "Show other channels",
} as const;
