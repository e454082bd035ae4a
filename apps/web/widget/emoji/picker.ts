/**
 * The emoji picker of the messaging popup (spec §2.1, §8, §9): above the input, 8 a row, 6 rows
 * visible, recent picks first, search after a 100 ms pause. Its data (a trimmed emojibase-data,
 * decision 0021) is its own chunk, loaded the first time the picker opens.
 */
import { retryableImport } from "../lazy-chunks.ts";
import { el, ensureStyles, uid } from "../popups/dom.ts";
import { POPUP_MESSAGES as M } from "../popups/messages.ts";
import { type Emoji, readRecents, recentStore, rememberRecent, searchEmojis, toEmojis } from "./search.ts";

const PER_ROW = 8;
const VISIBLE_ROWS = 6;
const CELL = 36;
const SEARCH_DELAY = 100;
/** Emojis drawn at a time: 12 rows, twice what shows. */
const BATCH = PER_ROW * VISIBLE_ROWS * 2;

const CSS = `
.cw-emoji{position:absolute;z-index:2;left:8px;right:8px;bottom:64px;display:flex;flex-direction:column;gap:6px;padding:8px;border-radius:10px;background:#fff;box-shadow:0 4px 20px rgba(0,0,0,.25)}
.cw-emoji[hidden]{display:none}
.cw-emoji__search{height:34px;padding:0 10px;border:1px solid #9ca3af;border-radius:6px;font:inherit;color:#111;background:#fff}
.cw-emoji__scroll{height:${CELL * VISIBLE_ROWS + 24}px;overflow-y:auto;overscroll-behavior:contain}
.cw-emoji__heading{margin:4px 2px;font-size:12px;font-weight:600;color:#374151}
.cw-emoji__grid{display:grid;grid-template-columns:repeat(${PER_ROW},${CELL}px);grid-auto-rows:${CELL}px;justify-content:space-between}
.cw-emoji__item{width:${CELL}px;height:${CELL}px;padding:0;border:0;border-radius:6px;background:none;font-size:22px;line-height:1;cursor:pointer}
.cw-emoji__item:hover,.cw-emoji__item:focus-visible{background:#e5e7eb}
.cw-emoji__status{margin:8px 2px;color:#374151}
.cw-emoji__status:empty{display:none}
`;

export interface EmojiPicker {
  element: HTMLElement;
  open(): void;
  close(): void;
  isOpen(): boolean;
  destroy(): void;
}

export interface EmojiPickerOptions {
  root: ShadowRoot;
  consent: "required" | "not-required";
  onPick(emoji: string): void;
  /** Escape pressed inside the picker: the popup closes it and puts focus back on its button. */
  onEscape(): void;
}

const importEmojiData = retryableImport(() => import("./data.json"));
let emojiData: Promise<Emoji[]> | null = null;
function loadEmojis(): Promise<Emoji[]> {
  emojiData ??= importEmojiData().then((module) => toEmojis(module.default as [string, string, string][]));
  emojiData.catch(() => {
    emojiData = null; // "Try again" imports once more.
  });
  return emojiData;
}

export function createEmojiPicker(options: EmojiPickerOptions): EmojiPicker {
  ensureStyles(options.root, "emoji", CSS);
  const store = recentStore(options.consent, document.cookie, safeLocalStorage());
  const search = el("input", {
    type: "search",
    class: "cw-emoji__search",
    "aria-label": M.emojiSearch,
    placeholder: M.emojiSearch,
    autocomplete: "off",
  });
  const status = el("div", { class: "cw-emoji__status", role: "status" });
  const scroll = el("div", { class: "cw-emoji__scroll" });
  const element = el("div", { class: "cw-emoji", role: "dialog", "aria-label": M.emojiPicker, hidden: true }, search, status, scroll);

  let emojis: Emoji[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  // Buttons are drawn a few rows at a time as the list scrolls: ~1,900 at once is slow on phones
  // and for assistive technology.
  let byEmoji = new Map<string, string>();
  let pending: string[] = [];
  let lastGrid: HTMLElement | null = null;

  const cell = (emoji: string, index: number) => {
    const label = byEmoji.get(emoji) ?? emoji;
    return el(
      "button",
      { type: "button", class: "cw-emoji__item", tabindex: -1, "data-col": index % PER_ROW, "aria-label": label, title: label },
      emoji,
    );
  };

  const drawMore = (count = BATCH) => {
    if (!lastGrid || pending.length === 0) return;
    const start = lastGrid.childElementCount;
    lastGrid.append(...pending.splice(0, count).map((emoji, i) => cell(emoji, start + i)));
  };

  const grid = (label: string, list: readonly string[]) => {
    const id = uid("emoji-heading");
    lastGrid = el("div", { class: "cw-emoji__grid", role: "group", "aria-labelledby": id });
    pending = [...list];
    drawMore();
    return el("div", {}, el("h3", { class: "cw-emoji__heading", id }, label), lastGrid);
  };

  const show = (...sections: HTMLElement[]) => {
    scroll.replaceChildren(...sections);
    scroll.querySelector<HTMLElement>(".cw-emoji__item")?.setAttribute("tabindex", "0");
    scroll.scrollTop = 0;
  };

  const showAll = () => {
    const recents = readRecents(store).filter((emoji) => byEmoji.has(emoji));
    const recentGrid = recents.length ? grid(M.emojiRecent, recents) : null;
    show(
      ...(recentGrid ? [recentGrid] : []),
      grid(
        M.emojiAll,
        emojis.map((emoji) => emoji.emoji),
      ),
    );
  };

  scroll.addEventListener("scroll", () => {
    if (scroll.scrollTop + scroll.clientHeight > scroll.scrollHeight - CELL * 3) drawMore();
  });

  const runSearch = () => {
    const query = search.value;
    status.replaceChildren();
    if (!query.trim()) return showAll();
    try {
      const found = searchEmojis(emojis, query);
      if (found.length === 0) {
        scroll.replaceChildren();
        status.textContent = M.emojiNoResults;
        return;
      }
      show(
        grid(
          M.emojiSearch,
          found.map((emoji) => emoji.emoji),
        ),
      );
    } catch {
      scroll.replaceChildren();
      status.textContent = M.emojiSearchFailed;
    }
  };

  const load = () => {
    status.textContent = M.loading;
    loadEmojis().then(
      (loaded) => {
        emojis = loaded;
        byEmoji = new Map(emojis.map((emoji) => [emoji.emoji, emoji.label]));
        status.replaceChildren();
        runSearch();
      },
      () => {
        const retry = el("button", { type: "button", class: "cw-link-button" }, M.tryAgain);
        retry.addEventListener("click", load);
        status.replaceChildren(el("span", { role: "alert" }, M.emojiLoadFailed), " ", retry);
      },
    );
  };

  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(runSearch, SEARCH_DELAY);
  });

  scroll.addEventListener("click", (event) => {
    const item = (event.target as HTMLElement).closest<HTMLButtonElement>(".cw-emoji__item");
    if (!item?.textContent) return;
    options.onPick(item.textContent);
    rememberRecent(store, item.textContent);
  });

  // Arrow keys move between emojis (one tab stop for the grid); Enter/Space press the button.
  scroll.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowRight") drawMore(PER_ROW);
    const items = [...scroll.querySelectorAll<HTMLButtonElement>(".cw-emoji__item")];
    const from = items.indexOf(event.target as HTMLButtonElement);
    if (from < 0) return;
    const column = items[from]?.dataset.col;
    let to = -1;
    if (event.key === "ArrowRight") to = Math.min(from + 1, items.length - 1);
    else if (event.key === "ArrowLeft") to = Math.max(from - 1, 0);
    else if (event.key === "ArrowDown") to = items.findIndex((item, index) => index > from && item.dataset.col === column);
    else if (event.key === "ArrowUp") to = items.findLastIndex((item, index) => index < from && item.dataset.col === column);
    else return;
    event.preventDefault();
    const target = items[to];
    if (!target) return;
    items[from]?.setAttribute("tabindex", "-1");
    target.setAttribute("tabindex", "0");
    target.focus();
    target.scrollIntoView({ block: "nearest" });
  });

  element.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation(); // closes the picker only, not the popup or the widget
    options.onEscape();
  });

  return {
    element,
    open() {
      element.hidden = false;
      if (emojis.length === 0) load();
      else runSearch();
      search.focus();
    },
    close() {
      clearTimeout(timer);
      element.hidden = true;
    },
    isOpen: () => !element.hidden,
    destroy() {
      clearTimeout(timer);
      element.remove();
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
