import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../settings/index.ts";
import { parseEml } from "./eml.test-support.ts";
import { createMailer, type MailShop, type OutgoingMail, ownerAddress, senderFor } from "./transport.ts";

const folder = () => join(mkdtempSync(join(tmpdir(), "cw-mail-")), "outbox");
const at = new Date("2025-03-04T10:20:30.456Z");

const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  from: { name: "Corner Shop", address: "shop@shop.example.com" },
  to: "ada@example.com",
  replyTo: "owner@example.com",
  subject: "Your Corner Shop order #42 has been received",
  text: "Thank you × 2\nTotal: 1.510,00 €\n",
  html: "<p>Thank you &times; 2</p><p>Total: 1.510,00 €</p>",
  orderId: 42,
  kind: "confirmation",
  ...overrides,
});

const config = (outbox: string, smtpUrl: string | null = null) => ({
  publicUrl: "https://shop.example.com",
  mail: { smtpUrl, from: null, ownerEmail: null, outbox },
});

describe("the outbox", () => {
  it("writes each message as a sortable .eml file that a mail client can read", async () => {
    const outbox = folder();
    const mailer = createMailer(config(outbox), () => at);
    expect(mailer.via).toBe("outbox");
    const delivery = await mailer.send(mail());
    expect(delivery).toEqual({ via: "outbox", file: join(outbox, "2025-03-04T10-20-30.456Z-42-confirmation.eml") });
    // The folder holds shoppers' addresses: only the shop's user may read it.
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    expect(statSync(delivery.file ?? "").mode & 0o777).toBe(0o600);

    const parsed = parseEml(readFileSync(delivery.file ?? "", "utf8"));
    expect(parsed.headers.from).toBe("Corner Shop <shop@shop.example.com>");
    expect(parsed.headers.to).toBe("ada@example.com");
    expect(parsed.headers["reply-to"]).toBe("owner@example.com");
    expect(parsed.headers.subject).toBe("Your Corner Shop order #42 has been received");
    expect(new Date(parsed.headers.date ?? "").toISOString()).toBe("2025-03-04T10:20:30.000Z");
    // A random id at the sender's domain, as nodemailer makes one; a fresh one for every message.
    expect(parsed.headers["message-id"]).toMatch(/^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@shop\.example\.com>$/);
    const again = parseEml(readFileSync((await mailer.send(mail())).file ?? "", "utf8"));
    expect(again.headers["message-id"]).not.toBe(parsed.headers["message-id"]);
    expect(parsed.headers["auto-submitted"]).toBe("auto-generated");
    expect(parsed.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(parsed.text).toBe("Thank you × 2\r\nTotal: 1.510,00 €\r\n");
    expect(parsed.html).toBe("<p>Thank you &times; 2</p><p>Total: 1.510,00 €</p>");
  });

  it("never overwrites: a second message in the same millisecond gets its own file, and names sort by time", async () => {
    const outbox = folder();
    let clock = at.getTime();
    const mailer = createMailer(config(outbox), () => new Date(clock));
    await mailer.send(mail());
    await mailer.send(mail());
    clock += 1000;
    await mailer.send(mail({ orderId: 43, kind: "new-order" }));
    expect(readdirSync(outbox).sort()).toEqual([
      "2025-03-04T10-20-30.456Z-42-confirmation-2.eml",
      "2025-03-04T10-20-30.456Z-42-confirmation.eml",
      "2025-03-04T10-20-31.456Z-43-new-order.eml",
    ]);
  });
});

describe("the sender", () => {
  it("quotes a site title that looks like addresses, so it stays a name", async () => {
    const outbox = folder();
    const mailer = createMailer(config(outbox), () => at);
    const { file } = await mailer.send(mail({ from: { name: "Smith, Jones <eve@evil.example>", address: "shop@localhost" } }));
    expect(parseEml(readFileSync(file ?? "", "utf8")).headers.from).toBe('"Smith, Jones <eve@evil.example>" <shop@localhost>');
  });

  const shop = (siteTitle: string, emails: Partial<MailShop["emails"]> = {}): MailShop => ({
    siteTitle,
    emails: { ...DEFAULT_SETTINGS.emails, ...emails },
  });

  it("is MAIL_FROM, or the site title at shop@ the public host", () => {
    expect(senderFor({ from: "Orders <orders@example.com>", publicUrl: "https://x.example" }, shop("Corner Shop"))).toBe(
      "Orders <orders@example.com>",
    );
    expect(senderFor({ from: null, publicUrl: "http://localhost:3000" }, shop("Corner\nShop"))).toEqual({
      name: "Corner Shop",
      address: "shop@localhost",
    });
  });

  it("is the owner's sender address before MAIL_FROM, with their name or else the site title", () => {
    const mailer = { from: "Orders <orders@example.com>", publicUrl: "https://x.example" };
    expect(senderFor(mailer, shop("Corner Shop", { senderAddress: "hello@corner.example" }))).toEqual({
      name: "Corner Shop",
      address: "hello@corner.example",
    });
    expect(senderFor(mailer, shop("Corner Shop", { senderAddress: "hello@corner.example", senderName: "Anna at Corner" }))).toEqual({
      name: "Anna at Corner",
      address: "hello@corner.example",
    });
    // A name alone goes with shop@ the host; MAIL_FROM keeps its own.
    expect(senderFor({ from: null, publicUrl: "https://x.example" }, shop("Corner Shop", { senderName: "Anna" }))).toEqual({
      name: "Anna",
      address: "shop@x.example",
    });
  });

  it("sends the owner's notices to the owner's recipient, else SHOP_OWNER_EMAIL, else the owner account", () => {
    expect(ownerAddress({ ownerEmail: "env@example.com" }, shop("S", { ownerRecipient: "desk@example.com" }), "acct@example.com")).toBe(
      "desk@example.com",
    );
    expect(ownerAddress({ ownerEmail: "env@example.com" }, shop("S"), "acct@example.com")).toBe("env@example.com");
    expect(ownerAddress({ ownerEmail: null }, shop("S"), "acct@example.com")).toBe("acct@example.com");
    expect(ownerAddress({ ownerEmail: null }, shop("S"))).toBeNull();
  });
});

/** Just enough of an SMTP server to take one message (RFC 5321), kept in `received`. */
function fakeSmtpServer() {
  const received: { from: string; to: string[]; data: string; auth: string }[] = [];
  const server: Server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "", auth: "" };
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "", auth: "" };
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const command = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = command.split(" ")[0]?.toUpperCase();
        if (verb === "EHLO") socket.write("250-fake\r\n250 AUTH PLAIN\r\n");
        else if (verb === "AUTH") {
          current.auth = Buffer.from(command.split(" ")[2] ?? "", "base64").toString("utf8");
          socket.write("235 ok\r\n");
        } else if (verb === "MAIL") {
          current.from = command;
          socket.write("250 ok\r\n");
        } else if (verb === "RCPT") {
          current.to.push(command);
          socket.write("250 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
        } else socket.write("250 ok\r\n");
      }
    });
  });
  return {
    received,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address();
      return typeof address === "object" && address ? address.port : 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("SMTP", () => {
  let smtp: ReturnType<typeof fakeSmtpServer> | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it("sends through the server of SMTP_URL with its credentials, the same message the outbox would hold", async () => {
    smtp = fakeSmtpServer();
    const port = await smtp.listen();
    const outbox = folder();
    const mailer = createMailer(config(outbox, `smtp://shop:s3cret@127.0.0.1:${port}`), () => at);
    expect(mailer.via).toBe("smtp");
    expect(await mailer.send(mail())).toEqual({ via: "smtp" });
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.auth).toBe("\0shop\0s3cret");
    expect(message?.from).toContain("<shop@shop.example.com>");
    expect(message?.to).toEqual(["RCPT TO:<ada@example.com>"]);
    const parsed = parseEml(message?.data ?? "");
    expect(parsed.headers.subject).toBe("Your Corner Shop order #42 has been received");
    expect(parsed.html).toBe("<p>Thank you &times; 2</p><p>Total: 1.510,00 €</p>");
    // Nothing went to the outbox.
    expect(() => readdirSync(outbox)).toThrow();
  });

  it("writes to the outbox the very message SMTP sends: only its Message-ID and part boundaries, made afresh, differ", async () => {
    smtp = fakeSmtpServer();
    const port = await smtp.listen();
    // A text long enough to be folded and encoded, in the parts the order e-mails have.
    const long = mail({
      text: `${"Thank you × 2, naïve café order line\n".repeat(30)}.starts with a dot\n`,
      html: `<p>${"Ünïcode &times; 2 ".repeat(60)}</p>`,
    });
    await createMailer(config(folder(), `smtp://127.0.0.1:${port}`), () => at).send(long);
    const outbox = folder();
    const { file } = await createMailer(config(outbox), () => at).send(long);
    const written = readFileSync(file ?? "", "utf8");
    // SMTP doubles a line's leading dot on the wire (RFC 5321 4.5.2); the outbox holds the message itself.
    const sent = (smtp.received[0]?.data ?? "").replaceAll("\r\n..", "\r\n.");
    const fresh = (text: string) =>
      text.replace(/^Message-ID: <[^>]+>/m, "Message-ID: <id>").replaceAll(/_NmP-[0-9a-f]+-Part_\d+/g, "boundary");
    expect(written).not.toMatch(/[^\r]\n/);
    expect(fresh(written)).toBe(fresh(sent));
  });

  it("writes a message to the outbox instead when asked (a new-order notice with no owner address)", async () => {
    smtp = fakeSmtpServer();
    const port = await smtp.listen();
    const outbox = folder();
    const mailer = createMailer(config(outbox, `smtp://127.0.0.1:${port}`), () => at);
    const delivery = await mailer.send(mail({ kind: "new-order" }), { outboxOnly: true });
    expect(delivery.via).toBe("outbox");
    expect(readdirSync(outbox)).toEqual(["2025-03-04T10-20-30.456Z-42-new-order.eml"]);
    expect(smtp.received).toHaveLength(0);
  });

  it("rejects when the server cannot be reached (the service logs it)", async () => {
    const server = fakeSmtpServer();
    const port = await server.listen();
    await server.close();
    const mailer = createMailer(config(folder(), `smtp://127.0.0.1:${port}`));
    await expect(mailer.send(mail())).rejects.toThrow();
  });
});
