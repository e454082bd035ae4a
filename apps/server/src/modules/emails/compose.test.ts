import fc from "fast-check";
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { composed, composedMessage } from "./compose.ts";
import { messageOptions, type OutgoingMail } from "./transport.ts";

/** What nodemailer's own stream pipeline writes for the same options, with CRLF line breaks as on the wire. */
async function nodemailers(options: Parameters<typeof composedMessage>[0]): Promise<Buffer> {
  const built = await new MailComposer(options as ConstructorParameters<typeof MailComposer>[0]).compile().build();
  return Buffer.from(built.toString("latin1").replace(/\r?\n/g, "\r\n"), "latin1");
}

/** Text with what order e-mails hold and what makes MIME hard: accents, other scripts, emoji, long lines, dots, spaces at line ends, quotes. */
const piece = fc.constantFrom(
  "Thank you",
  " × 2",
  "naïve café",
  "Ünïcode",
  "日本語の注文",
  "Заказ",
  "🛒",
  "\n",
  "\r\n",
  ".",
  "\n.starts with a dot",
  "  ",
  "\t",
  "=",
  "<p>",
  "&amp;",
  '"quoted"',
  "Smith, Jones",
  "<eve@evil.example>",
  "=?utf-8?Q?x?=",
  "a".repeat(90),
  "word ".repeat(30),
);
const text = (maxLength: number) =>
  fc
    .array(fc.oneof(piece, fc.string({ maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 8 })), { maxLength })
    .map((parts) => parts.join(""));
const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/);
const domain = fc.constantFrom("example.com", "shop.example.co.uk", "localhost", "xn--caf-dma.example");
const address = fc.tuple(local, domain).map(([user, host]) => `${user}@${host}`);
const sender = fc.oneof(
  fc.record({ name: text(4), address }),
  address,
  fc.tuple(text(3), address).map(([name, at]) => `${name.replace(/[<>\r\n]/g, "")} <${at}>`),
);
const mail = fc.record({
  from: sender,
  to: address,
  replyTo: fc.option(address, { nil: undefined }),
  subject: text(6),
  text: text(40),
  html: text(40),
  orderId: fc.integer({ min: 1, max: 1_000_000 }),
  kind: fc.constantFrom("confirmation", "new-order"),
}) as fc.Arbitrary<OutgoingMail>;

/** ASCII bodies at the 7bit rule's edges: lines of 74 to 80 characters, now and then a control character. */
const asciiBody = fc
  .tuple(
    fc.array(
      fc.tuple(fc.integer({ min: 74, max: 80 }), fc.stringMatching(/^[ -~]{80}$/)).map(([length, line]) => line.slice(0, length)),
      { minLength: 1, maxLength: 3 },
    ),
    fc.option(fc.constantFrom("\u0001", "\u000b", "\u000c", "\u001f", "\u007f", "\t"), { freq: 2 }),
  )
  .map(([lines, control]) => (control === null ? lines.join("\n") : `${lines.join("\n")}\n${control}end`));

/** The order e-mails' usual shape, which is written directly: plain names and addresses, a short ASCII subject. */
const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
const plainDomain = fc.constantFrom("example.com", "shop.example.co.uk", "localhost", "my-shop.example", "a1.b-2.example");
const plainAddress = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9_+-]{1,8}(\.[A-Za-z0-9_+-]{1,6})?$/), plainDomain)
  .map(([user, host]) => `${user}@${host}`);
const plainMail = fc.record({
  from: fc.oneof(
    fc.record({ name: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")), address: plainAddress }),
    plainAddress,
  ),
  to: plainAddress,
  replyTo: fc.option(plainAddress, { nil: undefined }),
  subject: fc.oneof(
    fc.constant("Your Corner Shop order #42 has been received"),
    fc
      .array(fc.stringMatching(/^[!#-~]{1,9}$/), { minLength: 1, maxLength: 6 })
      .map((w) => w.join(" "))
      .filter((subject) => !subject.includes("=?")),
  ),
  text: fc.oneof(text(40), { weight: 2, arbitrary: asciiBody }, fc.constant("Thank you.\nTotal: 12.00\n")).filter((t) => t !== ""),
  html: fc.oneof(text(40), { weight: 2, arbitrary: asciiBody }, fc.constant("<p>Thank you.</p>")).filter((t) => t !== ""),
  orderId: fc.integer({ min: 1, max: 1_000_000 }),
  kind: fc.constantFrom("confirmation", "new-order"),
}) as fc.Arbitrary<OutgoingMail>;

/** Close to that shape, at its edges: quotes and encoded-word lookalikes, header lines near the 76 characters where folding starts, upper-case domains. */
const nearPlainMail = plainMail.chain((base) =>
  fc
    .record({
      subject: fc.array(
        fc.oneof(
          { weight: 8, arbitrary: fc.stringMatching(/^[!#-~]{1,12}$/) },
          { weight: 1, arbitrary: fc.constantFrom('"', "=?", "?=", "=?utf-8?Q?x?=", "a=?b") },
        ),
        { minLength: 1, maxLength: 9 },
      ),
      pad: fc.oneof(fc.integer({ min: 74, max: 78 }), fc.integer({ min: 40, max: 90 })),
      upper: fc.boolean(),
    })
    .map(({ subject, pad, upper }) => {
      const joined = subject.join(" ");
      // A subject whose header line is `pad` characters long, give or take its last word.
      const sized =
        joined.length >= pad - 9 ? joined.slice(0, pad - 9).trim() || joined : `${joined} ${"x".repeat(pad - 10 - joined.length)}`;
      return { ...base, subject: sized, to: upper ? base.to.toUpperCase() : base.to };
    }),
);

describe("composing a message without nodemailer's streams", () => {
  it("writes, byte for byte, what nodemailer's own pipeline writes, for random senders, addresses, subjects and bodies", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mail, plainMail, nearPlainMail), fc.integer({ min: 0, max: 4_102_444_800_000 }), async (outgoing, ms) => {
        const options = { ...messageOptions(outgoing, new Date(ms)), baseBoundary: "0123456789abcdef" };
        const ours = await composedMessage(options);
        expect(ours.toString("latin1")).toBe((await nodemailers(options)).toString("latin1"));
        // RFC 5322: CRLF line ends, no line over 998 characters.
        expect(ours.toString("latin1")).not.toMatch(/[^\r]\n|\r[^\n]/);
        expect(
          Math.max(
            ...ours
              .toString("latin1")
              .split("\r\n")
              .map((line) => line.length),
          ),
        ).toBeLessThanOrEqual(998);
      }),
      { numRuns: 400 },
    );
  });

  it("writes the order emails' usual shape directly, and the rest through nodemailer's node tree", async () => {
    const at = new Date("2026-11-29T04:00:00Z");
    const order: OutgoingMail = {
      from: { name: "Corner Shop", address: "shop@localhost" },
      to: "ada@example.com",
      replyTo: "owner@example.com",
      subject: "Your Corner Shop order #42 has been received",
      text: "Thank you × 2\nTotal: 1.510,00 €\n",
      html: "<p>Thank you &times; 2</p>",
      orderId: 42,
      kind: "confirmation",
    };
    expect((await composed(messageOptions(order, at))).by).toBe("direct");
    for (const other of [
      { subject: "Votre commande n° 42" },
      { from: "Orders <orders@example.com>" },
      { to: "Ada@Example.com" },
      { text: "" },
    ])
      expect((await composed(messageOptions({ ...order, ...other }, at))).by).toBe("node tree");
    await fc.assert(
      fc.asyncProperty(plainMail, async (outgoing) => {
        expect((await composed(messageOptions(outgoing, at))).by).toBe("direct");
      }),
      { numRuns: 100 },
    );
  });

  it("writes the same for bodies nodemailer sends as base64, 7bit and empty", async () => {
    const at = new Date("2026-11-29T04:00:00Z");
    const base = { from: "shop@example.com", to: "ada@example.com", subject: "Ordre", orderId: 1, kind: "confirmation" };
    for (const [plain, html] of [
      ["日本語の注文です。".repeat(40), "<p>Заказ получен</p>".repeat(30)],
      ["Plain ASCII, short lines.\nSecond line.\n", "<p>Plain</p>"],
      ["", "<p>Only HTML</p>"],
      [`${"x".repeat(200)}\n`, ""],
    ] as const) {
      const options = { ...messageOptions({ ...base, text: plain, html }, at), baseBoundary: "0123456789abcdef" };
      expect((await composedMessage(options)).toString("latin1")).toBe((await nodemailers(options)).toString("latin1"));
    }
  });
});
