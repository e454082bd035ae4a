/**
 * Flat-rate cost formulas (decision 0106): what the owner types as a shipping cost, either a plain
 * amount ("5.50") or an expression with + - * / and parentheses over three placeholders:
 *   [qty]   the number of items the cost is for,
 *   [cost]  what those items cost (their line totals),
 *   [fee percent="10" min_fee="2" max_fee="20"]  a percentage of [cost], kept between the bounds.
 * Numbers in the text are in the shop's currency; [cost] comes in and the result goes out in minor
 * units. In between the arithmetic is exact (fractions of big integers), and the result is rounded
 * once, at the end, halves away from zero.
 *
 * The shop keeps a formula, and the owner API takes and answers it, in one form whatever the shop's
 * separators: a point before decimals and no thousand separator ("2.50 * [qty]"). The console lets
 * the owner type it in the shop's own separators and converts (`storedCostFormula`, `costFormulaIn`:
 * decision 0174's amendment).
 *
 * A small tokenizer and a recursive-descent parser; nothing is handed to `eval`. Every refusal
 * names the position (counting from 1) where the text goes wrong.
 */

/** A formula parsed once, to be evaluated for any number of carts. */
export interface CostFormula {
  readonly text: string;
  readonly root: FormulaNode;
}

export type FormulaNode =
  | { readonly kind: "number"; readonly value: Fraction }
  | { readonly kind: "qty" }
  | { readonly kind: "cost" }
  | { readonly kind: "fee"; readonly percent: Fraction; readonly min: Fraction | null; readonly max: Fraction | null }
  | { readonly kind: "negate"; readonly operand: FormulaNode }
  | {
      readonly kind: "binary";
      readonly op: "+" | "-" | "*" | "/";
      readonly left: FormulaNode;
      readonly right: FormulaNode;
      readonly at: number;
    };

/** An exact fraction: a numerator and a positive denominator. */
interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

export type FormulaParse = { ok: true; formula: CostFormula } | { ok: false; message: string; position: number };

/** What a formula is evaluated for: a count of items and what they cost, in minor units. */
export interface FormulaInputs {
  qty: number;
  cost: number;
}

/** How a formula's numbers are written: the decimal separator, and the thousand separator ("" none). */
export interface FormulaNumberFormat {
  readonly decimalSeparator: string;
  readonly thousandSeparator: string;
}

/** The one form the shop keeps and the owner API takes: a point before decimals, no thousand separator. */
export const STORED_FORMULA_FORMAT: FormulaNumberFormat = Object.freeze({ decimalSeparator: ".", thousandSeparator: "" });

/** The longest formula the shop keeps, and the deepest nesting of parentheses it follows. */
export const MAX_FORMULA_LENGTH = 500;
const MAX_DEPTH = 32;
/** Digits a number in a formula may have, either side of the point. */
const MAX_DIGITS = 12;

const FEE_ATTRIBUTES = ["percent", "min_fee", "max_fee"] as const;
type FeeAttribute = (typeof FEE_ATTRIBUTES)[number];

class FormulaError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(message);
    this.position = position;
  }
}

// ---------------------------------------------------------------- fractions

const abs = (v: bigint) => (v < 0n ? -v : v);
function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y) [x, y] = [y, x % y];
  return x || 1n;
}
function fraction(n: bigint, d: bigint): Fraction {
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
}
const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
const subtract = (a: Fraction, b: Fraction) => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
const multiply = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);
const divide = (a: Fraction, b: Fraction) => fraction(a.n * b.d, a.d * b.n);
const compare = (a: Fraction, b: Fraction) => {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};
/** The nearest integer, halves away from zero. */
function rounded(value: Fraction): bigint {
  const magnitude = abs(value.n);
  const whole = magnitude / value.d;
  const result = (magnitude % value.d) * 2n >= value.d ? whole + 1n : whole;
  return value.n < 0n ? -result : result;
}
/** "12.345" (already checked to be digits with at most one point) as an exact fraction. */
function decimal(text: string): Fraction {
  const [whole = "", part = ""] = text.split(".");
  return fraction(BigInt(`${whole || "0"}${part}`), 10n ** BigInt(part.length));
}

// ---------------------------------------------------------------- tokens

type Token =
  | { type: "number"; value: Fraction; at: number }
  | { type: "op"; op: "+" | "-" | "*" | "/" | "(" | ")"; at: number }
  | { type: "tag"; node: FormulaNode; at: number }
  | { type: "end"; at: number };

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";
const isNameChar = (c: string | undefined) => c !== undefined && /^[A-Za-z_]$/.test(c);

/** Positions are indexes into the text; messages count from 1. */
const where = (index: number) => `at character ${index + 1}`;

/** Characters a formula's own syntax uses (and the spaces a thousand separator may be typed as). */
const SYNTAX = /[\s+\-*/()[\]="'\u00a0\u202f]/;
const SPACES = [" ", "\u00a0", "\u202f"];

/** A number as typed, in the text's format: where it stands and its literal in the stored format. */
interface NumberSpan {
  at: number;
  end: number;
  stored: string;
}

/** One reading of a text: its number format, worked out once, and the numbers met so far. */
interface Scan {
  readonly text: string;
  readonly format: FormulaNumberFormat;
  /** The decimal separator, or "" when the formula's syntax uses it (then no number takes decimals). */
  readonly decimal: string;
  /** The thousand separator, or "" when there is none or the formula's syntax uses it. */
  readonly thousand: string;
  /** Separators the syntax also uses: one between digits is refused, never guessed. */
  readonly clashing: readonly { separator: string; role: "decimal" | "thousand" }[];
  readonly numbers: NumberSpan[];
}

function scanOf(text: string, format: FormulaNumberFormat): Scan {
  const { decimalSeparator } = format;
  // Equal separators (which the settings refuse) read the decimal one alone, as amounts do.
  const thousandSeparator = format.thousandSeparator === decimalSeparator ? "" : format.thousandSeparator;
  const clashes = (separator: string) => separator !== "" && SYNTAX.test(separator);
  const clashing = [
    ...(clashes(decimalSeparator) ? [{ separator: decimalSeparator, role: "decimal" as const }] : []),
    ...(clashes(thousandSeparator) ? [{ separator: thousandSeparator, role: "thousand" as const }] : []),
  ];
  return {
    text,
    format,
    decimal: clashes(decimalSeparator) ? "" : decimalSeparator,
    thousand: clashes(thousandSeparator) ? "" : thousandSeparator,
    clashing,
    numbers: [],
  };
}

const SEPARATOR_NAMES: Record<string, string> = { ".": "a point", ",": "a comma", " ": "a space", "'": "an apostrophe" };
const separatorName = (separator: string) => SEPARATOR_NAMES[SPACES.includes(separator) ? " " : separator] ?? `"${separator}"`;
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const decimalName = (separator: string) =>
  separator === "." ? "decimal point" : separator === "," ? "decimal comma" : `decimal separator "${separator}"`;

/** One thousand two hundred and thirty-four and a half as the format writes it, for the messages. */
function example(scan: Scan): string {
  const { decimalSeparator } = scan.format;
  return scan.thousand ? `1${scan.thousand}234${decimalSeparator}50` : `1234${decimalSeparator}50`;
}
/** Which numbers a message speaks of: the stored form's, or the shop's. */
const numbersAs = (scan: Scan) =>
  scan.format === STORED_FORMULA_FORMAT
    ? `a formula keeps its numbers as ${example(scan)}, whatever the shop's separators`
    : `the shop writes numbers as ${example(scan)}`;

/** A number starts here: a digit, the decimal separator (".5"), or a point or comma to be told about. */
const startsNumber = (scan: Scan, i: number) =>
  isDigit(scan.text[i]) || scan.text[i] === "." || scan.text[i] === "," || (scan.decimal !== "" && scan.text.startsWith(scan.decimal, i));

/** The clashing separator at `i` when a digit follows it, so that it would have been part of the number. */
function clashAt(scan: Scan, i: number): Scan["clashing"][number] | undefined {
  for (const clash of scan.clashing) {
    // A space between thousands is typed as a space, a no-break space or a narrow one alike.
    const typed = clash.separator.trim() === "" ? SPACES.find((space) => scan.text[i] === space) : clash.separator;
    if (typed && scan.text.startsWith(typed, i) && isDigit(scan.text[i + typed.length])) return clash;
  }
  return undefined;
}

/**
 * Reads a number from `start` in the scan's format: digits, the thousand separator only between groups
 * of three after one to three leading digits, then at most one decimal separator and its digits. A
 * point or comma that is neither separator is refused with the format named, never guessed.
 */
function readNumber(scan: Scan, start: number): { value: Fraction; next: number } {
  const { text } = scan;
  let i = start;
  let whole = "";
  let decimals: string | null = null;
  let decimalAt = -1;
  let lastThousandAt = -1;
  let groupDigits = 0;
  const misplaced = (at: number) =>
    new FormulaError(
      `${capitalised(separatorName(scan.thousand))} ${where(at)} separates thousands, only between groups of three digits: write decimals with ${separatorName(scan.format.decimalSeparator)} (${numbersAs(scan)}).`,
      at,
    );
  for (;;) {
    const c = text[i];
    if (isDigit(c)) {
      if (decimals === null) {
        whole += c;
        groupDigits++;
      } else decimals += c;
      i++;
    } else if (scan.decimal && text.startsWith(scan.decimal, i)) {
      if (decimals !== null) throw new FormulaError(`A number has a second ${decimalName(scan.decimal)} ${where(i)}.`, i);
      if (lastThousandAt >= 0 && groupDigits !== 3) throw misplaced(lastThousandAt);
      decimals = "";
      decimalAt = i;
      i += scan.decimal.length;
    } else if (scan.thousand && text.startsWith(scan.thousand, i)) {
      const grouping = lastThousandAt >= 0 ? groupDigits === 3 : groupDigits >= 1 && groupDigits <= 3;
      if (decimals !== null || !grouping) throw misplaced(i);
      lastThousandAt = i;
      groupDigits = 0;
      i += scan.thousand.length;
    } else if (c === "." || c === ",") {
      throw new FormulaError(
        `Use ${separatorName(scan.format.decimalSeparator)}, not ${separatorName(c)}, for decimals ${where(i)} (${numbersAs(scan)}).`,
        i,
      );
    } else break;
  }
  if (lastThousandAt >= 0 && decimals === null && groupDigits !== 3) throw misplaced(lastThousandAt);
  if (decimals === "") throw new FormulaError(`Write a digit after the ${decimalName(scan.decimal)} ${where(decimalAt)}.`, decimalAt);
  if (whole.length > MAX_DIGITS || (decimals ?? "").length > MAX_DIGITS)
    throw new FormulaError(`The number ${where(start)} is too long (at most ${MAX_DIGITS} digits either side of the point).`, start);
  const clash = clashAt(scan, i);
  if (clash?.role === "thousand")
    throw new FormulaError(
      `${capitalised(separatorName(clash.separator))} ${where(i)} is the shop's thousand separator, and a formula also uses it to separate or quote its parts: write the number without thousand separators, as ${example(scan)}.`,
      i,
    );
  if (clash)
    throw new FormulaError(
      `${capitalised(separatorName(clash.separator))} ${where(i)} is the shop's decimal separator, and a formula also uses it for its own syntax: a formula cannot hold decimals in this shop (write 25 / 10 for 2${clash.separator}5, or change the decimal separator in Settings → General).`,
      i,
    );
  const stored = decimals === null ? whole : `${whole}.${decimals}`;
  scan.numbers.push({ at: start, end: i, stored });
  return { value: decimal(stored), next: i };
}

/** Reads `[name attr="value" …]` from its opening bracket. */
function readTag(scan: Scan, start: number): { node: FormulaNode; next: number } {
  const { text } = scan;
  let i = start + 1;
  const skipSpace = () => {
    while (isSpace(text[i])) i++;
  };
  skipSpace();
  const nameAt = i;
  while (isNameChar(text[i])) i++;
  const name = text.slice(nameAt, i).toLowerCase();
  if (name !== "qty" && name !== "cost" && name !== "fee") {
    const shown = name || (text[nameAt] === "]" ? "" : (text[nameAt] ?? ""));
    throw new FormulaError(
      shown
        ? `Unknown placeholder "${shown}" ${where(nameAt)}: use [qty], [cost] or [fee percent="…"].`
        : `A bracket ${where(start)} opens no placeholder: use [qty], [cost] or [fee percent="…"].`,
      nameAt,
    );
  }
  const attributes = new Map<FeeAttribute, Fraction>();
  for (;;) {
    const before = i;
    skipSpace();
    if (i >= text.length) throw new FormulaError(`The placeholder opened ${where(start)} has no closing "]".`, start);
    if (text[i] === "]") {
      i++;
      break;
    }
    if (name !== "fee") throw new FormulaError(`[${name}] takes no settings: expected "]" ${where(i)}.`, i);
    if (i === before) throw new FormulaError(`Leave a space before the setting ${where(i)}.`, i);
    const keyAt = i;
    while (isNameChar(text[i])) i++;
    const key = text.slice(keyAt, i).toLowerCase();
    if (!key) throw new FormulaError(`Unexpected "${text[i]}" ${where(i)} in [fee]: expected a setting such as percent="10".`, i);
    if (!(FEE_ATTRIBUTES as readonly string[]).includes(key))
      throw new FormulaError(`[fee] has no setting "${key}" ${where(keyAt)}: it takes percent, min_fee and max_fee.`, keyAt);
    if (attributes.has(key as FeeAttribute)) throw new FormulaError(`"${key}" is given twice ${where(keyAt)}.`, keyAt);
    skipSpace();
    if (text[i] !== "=") throw new FormulaError(`Expected "=" after ${key} ${where(i)}.`, i);
    i++;
    skipSpace();
    const quote = text[i] === '"' || text[i] === "'" ? text[i] : "";
    if (quote) i++;
    const valueAt = i;
    if (!startsNumber(scan, i)) throw new FormulaError(`${key} needs a number of 0 or more ${where(valueAt)}, as ${key}="10".`, valueAt);
    const { value, next } = readNumber(scan, i);
    i = next;
    if (quote) {
      if (text[i] !== quote) throw new FormulaError(`Expected the closing ${quote} of ${key} ${where(i)}.`, i);
      i++;
    }
    attributes.set(key as FeeAttribute, value);
  }
  if (name === "qty") return { node: { kind: "qty" }, next: i };
  if (name === "cost") return { node: { kind: "cost" }, next: i };
  const percent = attributes.get("percent");
  if (!percent) throw new FormulaError(`[fee] ${where(start)} needs its percentage, as [fee percent="10"].`, start);
  const min = attributes.get("min_fee") ?? null;
  const max = attributes.get("max_fee") ?? null;
  if (min && max && compare(min, max) > 0) throw new FormulaError(`[fee] ${where(start)} has a min_fee above its max_fee.`, start);
  return { node: { kind: "fee", percent, min, max }, next: i };
}

function tokenize(scan: Scan): Token[] {
  const { text } = scan;
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (isSpace(c)) i++;
    else if (startsNumber(scan, i)) {
      const { value, next } = readNumber(scan, i);
      tokens.push({ type: "number", value, at: i });
      i = next;
    } else if (c === "+" || c === "-" || c === "*" || c === "/" || c === "(" || c === ")") {
      tokens.push({ type: "op", op: c, at: i });
      i++;
    } else if (c === "[") {
      const { node, next } = readTag(scan, i);
      tokens.push({ type: "tag", node, at: i });
      i = next;
    } else if (c === "]") throw new FormulaError(`A "]" ${where(i)} closes no placeholder.`, i);
    else
      throw new FormulaError(
        `"${c}" ${where(i)} is not part of a formula: use numbers, + - * /, parentheses and [qty], [cost] or [fee].`,
        i,
      );
  }
  tokens.push({ type: "end", at: text.length });
  return tokens;
}

// ---------------------------------------------------------------- parser

/** A node's value when it reads neither placeholder; null when it depends on the cart. */
function constantOf(node: FormulaNode): Fraction | null {
  switch (node.kind) {
    case "number":
      return node.value;
    case "negate": {
      const inner = constantOf(node.operand);
      return inner && fraction(-inner.n, inner.d);
    }
    case "binary": {
      const left = constantOf(node.left);
      const right = constantOf(node.right);
      if (!left || !right) return null;
      if (node.op === "/") return right.n === 0n ? null : divide(left, right);
      return node.op === "+" ? add(left, right) : node.op === "-" ? subtract(left, right) : multiply(left, right);
    }
    default:
      return null;
  }
}

class Parser {
  private index = 0;
  private depth = 0;
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  /** The token at hand (a method, so a check of it does not outlive the parser's next step). */
  private token(): Token {
    return this.tokens[this.index] as Token;
  }

  private describe(token: Token): string {
    if (token.type === "end") return "the end of the formula";
    if (token.type === "op") return `"${token.op}" ${where(token.at)}`;
    if (token.type === "number") return `a number ${where(token.at)}`;
    return `a placeholder ${where(token.at)}`;
  }

  parse(): FormulaNode {
    if (this.token().type === "end") throw new FormulaError("The formula is empty: enter an amount or an expression.", 0);
    const node = this.expression();
    const left = this.token();
    if (left.type !== "end") {
      const message =
        left.type === "op" && left.op === ")"
          ? `A ")" ${where(left.at)} closes no "(".`
          : `Expected an operator (+ - * /) before ${this.describe(left)}.`;
      throw new FormulaError(message, left.at);
    }
    return node;
  }

  private isOp(...ops: string[]): boolean {
    const token = this.token();
    return token.type === "op" && ops.includes(token.op);
  }

  private expression(): FormulaNode {
    let node = this.term();
    while (this.isOp("+", "-")) {
      const token = this.token() as Extract<Token, { type: "op" }>;
      this.index++;
      node = { kind: "binary", op: token.op as "+" | "-", left: node, right: this.term(), at: token.at };
    }
    return node;
  }

  private term(): FormulaNode {
    let node = this.unary();
    while (this.isOp("*", "/")) {
      const token = this.token() as Extract<Token, { type: "op" }>;
      this.index++;
      const right = this.unary();
      if (token.op === "/") {
        const divisor = constantOf(right);
        if (divisor && divisor.n === 0n) throw new FormulaError(`Division by zero ${where(token.at)}.`, token.at);
      }
      node = { kind: "binary", op: token.op as "*" | "/", left: node, right, at: token.at };
    }
    return node;
  }

  private unary(): FormulaNode {
    if (this.isOp("-", "+")) {
      const token = this.token() as Extract<Token, { type: "op" }>;
      this.nest(token.at);
      this.index++;
      const operand = this.unary();
      this.depth--;
      return token.op === "-" ? { kind: "negate", operand } : operand;
    }
    return this.primary();
  }

  private nest(at: number): void {
    if (++this.depth > MAX_DEPTH) throw new FormulaError(`The formula nests too deeply ${where(at)}.`, at);
  }

  private primary(): FormulaNode {
    const token = this.token();
    if (token.type === "number") {
      this.index++;
      return { kind: "number", value: token.value };
    }
    if (token.type === "tag") {
      this.index++;
      return token.node;
    }
    if (token.type === "op" && token.op === "(") {
      this.nest(token.at);
      this.index++;
      if (this.isOp(")")) throw new FormulaError(`Empty parentheses ${where(token.at)}.`, token.at);
      const node = this.expression();
      const close = this.token();
      if (!(close.type === "op" && close.op === ")")) {
        throw new FormulaError(
          close.type === "end"
            ? `The "(" ${where(token.at)} is never closed.`
            : `Expected ")" or an operator before ${this.describe(close)}.`,
          close.at,
        );
      }
      this.index++;
      this.depth--;
      return node;
    }
    throw new FormulaError(`Expected a number, "(" or a placeholder, found ${this.describe(token)}.`, token.at);
  }
}

/** Reads a text in `format` to its tree, its numbers noted in the scan; throws the first problem. */
function read(text: string, format: FormulaNumberFormat): { root: FormulaNode; scan: Scan } {
  if (text.length > MAX_FORMULA_LENGTH) throw new FormulaError(`Keep the formula to ${MAX_FORMULA_LENGTH} characters.`, MAX_FORMULA_LENGTH);
  const scan = scanOf(text, format);
  return { root: new Parser(tokenize(scan)).parse(), scan };
}

function refusal(error: unknown): { ok: false; message: string; position: number } {
  if (error instanceof FormulaError) return { ok: false, message: error.message, position: error.position + 1 };
  throw error;
}

/**
 * Parses a cost as kept (numbers in `format`, the stored one unless said); a refusal says what is wrong
 * and where (`position` counts from 1).
 */
export function parseCostFormula(text: string, format: FormulaNumberFormat = STORED_FORMULA_FORMAT): FormulaParse {
  try {
    return { ok: true, formula: Object.freeze({ text, root: read(text, format).root }) };
  } catch (error) {
    return refusal(error);
  }
}

/** Each number of a formula written anew by `write`, everything else as it stands. */
function rewriteNumbers(text: string, numbers: readonly NumberSpan[], write: (stored: string) => string): string {
  let result = "";
  let from = 0;
  for (const number of numbers) {
    result += text.slice(from, number.at) + write(number.stored);
    from = number.end;
  }
  return result + text.slice(from);
}

/**
 * A formula the owner typed with the shop's separators ("2,5 * [qty]", `[fee percent="10" min_fee="1,50"]`
 * where the decimal separator is ",") as the shop keeps it ("2.5 * [qty]"), or why it cannot be read
 * for sure, the place counted in the typed text.
 */
export function storedCostFormula(
  typed: string,
  format: FormulaNumberFormat,
): { ok: true; text: string } | { ok: false; message: string; position: number } {
  try {
    const { scan } = read(typed, format);
    return { ok: true, text: rewriteNumbers(typed, scan.numbers, (stored) => stored) };
  } catch (error) {
    return refusal(error);
  }
}

/**
 * A kept formula as the owner types it in `format` ("2.5 * [qty]" as "2,5 * [qty]"), which
 * `storedCostFormula` reads back to the same text. One that does not parse (kept by other means) is shown as it is.
 */
export function costFormulaIn(stored: string, format: FormulaNumberFormat): string {
  let numbers: readonly NumberSpan[];
  try {
    numbers = read(stored, STORED_FORMULA_FORMAT).scan.numbers;
  } catch {
    return stored;
  }
  return rewriteNumbers(stored, numbers, (number) => number.replace(".", format.decimalSeparator));
}

/** The problem with a formula as the owner typed it, or null when it is one the shop can use. */
export function costFormulaProblem(text: string): string | null {
  const parsed = parseCostFormula(text);
  return parsed.ok ? null : parsed.message;
}

/** A plain amount ("5", "4.50"), without placeholders or operators: the shop keeps it in minor units instead. */
export function plainAmountOf(text: string, minorUnit: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d{1,12})?$/.test(trimmed)) return null;
  const [, part = ""] = trimmed.split(".");
  if (part.length > minorUnit) return null;
  return Number(rounded(multiply(decimal(trimmed), fraction(10n ** BigInt(minorUnit), 1n))));
}

class DivisionByZero extends Error {}

function evaluate(node: FormulaNode, qty: Fraction, cost: Fraction): Fraction {
  switch (node.kind) {
    case "number":
      return node.value;
    case "qty":
      return qty;
    case "cost":
      return cost;
    case "fee": {
      let fee = divide(multiply(cost, node.percent), { n: 100n, d: 1n });
      if (node.min && compare(fee, node.min) < 0) fee = node.min;
      if (node.max && compare(fee, node.max) > 0) fee = node.max;
      return fee;
    }
    case "negate": {
      const value = evaluate(node.operand, qty, cost);
      return { n: -value.n, d: value.d };
    }
    case "binary": {
      const left = evaluate(node.left, qty, cost);
      const right = evaluate(node.right, qty, cost);
      switch (node.op) {
        case "+":
          return add(left, right);
        case "-":
          return subtract(left, right);
        case "*":
          return multiply(left, right);
        case "/":
          if (right.n === 0n) throw new DivisionByZero();
          return divide(left, right);
      }
    }
  }
}

/**
 * The formula's amount for `inputs`, in minor units of a currency with `minorUnit` decimals, rounded
 * once (halves away from zero). Null when it divides by zero for these inputs (as "[cost] / ([qty] - 1)"
 * for one item): the caller decides what that means.
 */
export function evaluateCostFormula(formula: CostFormula, inputs: FormulaInputs, minorUnit: number): number | null {
  const scale = 10n ** BigInt(minorUnit);
  const qty = fraction(BigInt(inputs.qty), 1n);
  const cost = fraction(BigInt(inputs.cost), scale);
  try {
    const major = evaluate(formula.root, qty, cost);
    return Number(rounded(multiply(major, { n: scale, d: 1n })));
  } catch (error) {
    if (error instanceof DivisionByZero) return null;
    throw error;
  }
}

/** The formula as text for a plain amount in minor units ("450" with 2 decimals: "4.50"). */
export function amountAsFormula(minor: number, minorUnit: number): string {
  if (minorUnit === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(minorUnit + 1, "0");
  return `${sign}${digits.slice(0, -minorUnit)}.${digits.slice(-minorUnit)}`;
}
