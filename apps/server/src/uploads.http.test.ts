/**
 * Uploads stop at their limit (decision 0105), on SQLite and PostgreSQL: a product image, a downloadable
 * file, the product CSV and a form's files (/ajax). Over a real socket, a 1 GB body that declares its
 * length is answered with the limit named after a few megabytes (refused before it is read); one sent
 * chunked is refused once its file part ends, keeping no more than the limit, and the connection answers
 * the client's next request; in process, a file one byte over its limit is refused
 * and nothing is kept.
 */
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { ADMIN, adminCall as call, signedInOwner } from "../../../test/owner-client.ts";
import { productId, type StoreClient } from "../../../test/store-client.ts";
import { AJAX_LIMITS, AJAX_MAX_BYTES } from "./http/ajax.ts";
import { sizeText } from "./http/upload-limits.ts";

/** The port the system gave the shop's listener. */
let PORT = 0;
const MB = 1024 * 1024;
const GB = 1024 * MB;
// The limits as the owner reads them (the console, docs/api): an image, a downloadable file, a product CSV.
const IMAGE_LIMIT = 20 * MB;
const FILE_LIMIT = 50 * MB;
const CSV_LIMIT = 32 * MB;
/** What the socket's buffers may hold beyond what the server read when it answered. */
const BUFFERED = 16 * MB;

let shop: TestShop;
let owner: StoreClient;
let product: number;
/** The demo shop's images, which a refused upload adds nothing to. */
let demoMedia: number;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  product = await productId(shop.app, "hoodie");
  demoMedia = await mediaCount();
  await shop.app.listen({ port: 0, host: "127.0.0.1" });
  PORT = (shop.app.server.address() as AddressInfo).port;
});
afterAll(async () => shop?.close());

/** The owner's cookie and a fresh nonce, as the console sends them. */
async function ownerHeaders(): Promise<Record<string, string>> {
  const nonce = String((await call(owner, "GET", `/products/${product}/downloads`)).headers.nonce ?? "");
  return { cookie: owner.credentials().cookie ?? "", nonce };
}

const BOUNDARY = "----cw-upload-limits";
/** A multipart body's start (the form's text fields, then the file's part header) and end. */
function framing(fields: Record<string, string>, file: { field: string; filename: string; type: string }) {
  const text = Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  return {
    head: Buffer.from(
      `${text}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    type: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

interface Answer {
  status: number;
  body: { code: string; message: string; data?: { params?: Record<string, string> } };
  /** Bytes written to the socket when the answer came. */
  sentBeforeAnswer: number;
}

/** Sends a body of `size` bytes of file over a real socket, declaring its length or chunked, until the server answers. */
function upload(
  path: string,
  headers: Record<string, string>,
  body: { head: Buffer; tail: Buffer; type: string },
  size: number,
  declare: boolean,
) {
  return new Promise<Answer>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: PORT,
        method: "POST",
        path,
        headers: {
          ...headers,
          "content-type": body.type,
          ...(declare ? { "content-length": String(body.head.length + size + body.tail.length) } : { "transfer-encoding": "chunked" }),
        },
      },
      (response) => {
        answered = true;
        const sentBeforeAnswer = sent;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          outgoing.destroy();
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), sentBeforeAnswer });
        });
      },
    );
    // Once answered, the server may cut the connection while the rest is still being written.
    outgoing.on("error", (error) => (answered ? undefined : reject(error)));
    outgoing.write(body.head);
    sent += body.head.length;
    const chunk = Buffer.alloc(MB, 0x41);
    const pump = () => {
      while (!answered && sent < size) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) return void outgoing.once("drain", pump);
      }
      if (!answered) outgoing.end(body.tail);
    };
    pump();
  });
}

const imageForm = () => framing({ alt: "A huge picture" }, { field: "file", filename: "huge.jpg", type: "image/jpeg" });
const downloadForm = () => framing({ name: "Huge pattern" }, { field: "file", filename: "huge.pdf", type: "application/pdf" });
const csvForm = () => framing({}, { field: "file", filename: "huge.csv", type: "text/csv" });
const contactForm = () =>
  framing({ action: "contact_widget_message", name: "Ada" }, { field: "file", filename: "huge.pdf", type: "application/pdf" });
const mediaCount = async () =>
  Number(
    (
      await shop.db
        .selectFrom("media")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const fileCount = async () =>
  Number(
    (
      await shop.db
        .selectFrom("download_files")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Rows of uploads staged while they arrive (decision 0110): none once an upload was stored or refused. */
const stagedCount = async () =>
  Number(
    (
      await shop.db
        .selectFrom("download_upload_chunks")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("an upload over its limit, over a real socket", () => {
  it("that declares its length is refused before it is read, the limit named", async () => {
    const image = await upload(`${ADMIN}/media`, await ownerHeaders(), imageForm(), GB, true);
    expect(image).toMatchObject({
      status: 400,
      body: { code: "rest_invalid_param", data: { params: { file: "An image may be at most 20 MB." } } },
    });
    expect(image.sentBeforeAnswer).toBeLessThan(BUFFERED);

    const download = await upload(`${ADMIN}/products/${product}/downloads/files`, await ownerHeaders(), downloadForm(), GB, true);
    expect(download).toMatchObject({ status: 400, body: { data: { params: { file: "A file may be at most 50 MB." } } } });
    expect(download.sentBeforeAnswer).toBeLessThan(BUFFERED);

    const csv = await upload(`${ADMIN}/products/import`, await ownerHeaders(), csvForm(), GB, true);
    expect(csv).toMatchObject({
      status: 413,
      body: { code: "cw_rest_import_too_large", message: "A product file may be at most 32 MB: split it." },
    });
    expect(csv.sentBeforeAnswer).toBeLessThan(BUFFERED);
    const rawCsv = await upload(
      `${ADMIN}/products/import`,
      await ownerHeaders(),
      { head: Buffer.alloc(0), tail: Buffer.alloc(0), type: "text/csv" },
      GB,
      true,
    );
    expect(rawCsv).toMatchObject({ status: 413, body: { code: "cw_rest_import_too_large" } });
    expect(rawCsv.sentBeforeAnswer).toBeLessThan(BUFFERED);

    const form = await upload("/ajax?action=contact_widget_message", {}, contactForm(), GB, true);
    expect(form).toMatchObject({
      status: 413,
      body: { code: "cw_ajax_body_too_large", message: `The form is too large to send at once: at most ${sizeText(AJAX_MAX_BYTES)}.` },
    });
    expect(form.sentBeforeAnswer).toBeLessThan(BUFFERED);
    expect(await mediaCount()).toBe(demoMedia);
    expect(await fileCount()).toBe(0);
  });

  it("sent chunked is refused with its limit named once its file part ends, and nothing is kept", async () => {
    // Read on to the part's end (decision 0105's amendment): only the limit's bytes are ever kept.
    const image = await upload(`${ADMIN}/media`, await ownerHeaders(), imageForm(), IMAGE_LIMIT + 4 * MB, false);
    expect(image).toMatchObject({ status: 400, body: { data: { params: { file: "An image may be at most 20 MB." } } } });

    const download = await upload(
      `${ADMIN}/products/${product}/downloads/files`,
      await ownerHeaders(),
      downloadForm(),
      FILE_LIMIT + 4 * MB,
      false,
    );
    expect(download).toMatchObject({ status: 400, body: { data: { params: { file: "A file may be at most 50 MB." } } } });

    const csv = await upload(`${ADMIN}/products/import`, await ownerHeaders(), csvForm(), CSV_LIMIT + 4 * MB, false);
    expect(csv).toMatchObject({ status: 413, body: { code: "cw_rest_import_too_large" } });

    const form = await upload("/ajax?action=contact_widget_message", {}, contactForm(), AJAX_LIMITS.fileSize + 4 * MB, false);
    expect(form).toMatchObject({ status: 413, body: { code: "cw_ajax_file_too_large", message: "Each file may be at most 5 MB." } });
    expect(await mediaCount()).toBe(demoMedia);
    expect(await fileCount()).toBe(0);
    // The download's chunks stored as it arrived went with the refusal (decision 0110).
    expect(await stagedCount()).toBe(0);
  });

  it("of a download file whose client goes away half-way keeps nothing of it (decision 0110)", async () => {
    const form = downloadForm();
    const gone = new Promise<void>((resolve) => {
      const outgoing = request({
        host: "127.0.0.1",
        port: PORT,
        method: "POST",
        path: `${ADMIN}/products/${product}/downloads/files`,
        headers: { "content-type": form.type, "transfer-encoding": "chunked" },
      });
      outgoing.on("error", () => resolve());
      void ownerHeaders().then((headers) => {
        for (const [name, value] of Object.entries(headers)) outgoing.setHeader(name, value);
        outgoing.write(form.head);
        outgoing.write(Buffer.alloc(3 * MB, 0x42));
        // Some of the file is stored when the client leaves.
        const waitForStaged = async () => {
          while ((await stagedCount()) === 0) await new Promise((r) => setImmediate(r));
          outgoing.destroy();
          resolve();
        };
        void waitForStaged();
      });
    });
    await gone;
    while ((await stagedCount()) > 0) await new Promise((r) => setImmediate(r));
    expect(await stagedCount()).toBe(0);
    expect(await fileCount()).toBe(0);
  });

  it("leaves the connection answering the client's next request on it (keep-alive)", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: Buffer, type: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const outgoing = request(
          {
            host: "127.0.0.1",
            port: PORT,
            method: "POST",
            path: "/ajax?action=forms_submit",
            agent,
            headers: { "content-type": type, "content-length": String(body.length) },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode ?? 0, socket: outgoing.socket }));
          },
        );
        outgoing.on("error", reject);
        outgoing.end(body);
      });
    const get = () =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const outgoing = request({ host: "127.0.0.1", port: PORT, path: "/api/store/v1/products/hoodie", agent }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, socket: outgoing.socket }));
        });
        outgoing.on("error", reject);
        outgoing.end();
      });
    try {
      const form = framing({}, { field: "file", filename: "huge.png", type: "image/png" });
      // A form's file past its 5 MB, in a body that declares its length under what /ajax refuses unread: the
      // refusal goes out while the part's reader has stopped.
      const over = await post(Buffer.concat([form.head, Buffer.alloc(AJAX_LIMITS.fileSize + MB, 0x41), form.tail]), form.type);
      expect(over.status).toBe(200);
      // Past the linger's time: a connection the server still meant to cut would reset these.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const next = await get();
      expect(next.status).toBe(200);
      expect(next.socket).toBe(over.socket);
      expect((await get()).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe("a file one byte over its limit", () => {
  /** The body as the console's form sends it, whole, with the file of `size` bytes. */
  async function injected(path: string, form: ReturnType<typeof framing>, size: number) {
    return shop.app.inject({
      method: "POST",
      url: path,
      headers: { ...(await ownerHeaders()), "content-type": form.type },
      payload: Buffer.concat([form.head, Buffer.alloc(size, 0x41), form.tail]),
    });
  }

  it("is refused beside its field, and nothing is kept", async () => {
    const image = await injected(`${ADMIN}/media`, imageForm(), IMAGE_LIMIT + 1);
    expect(image.statusCode).toBe(400);
    expect(image.json().data.params).toEqual({ file: "An image may be at most 20 MB." });
    const download = await injected(`${ADMIN}/products/${product}/downloads/files`, downloadForm(), FILE_LIMIT + 1);
    expect(download.statusCode).toBe(400);
    expect(download.json().data.params).toEqual({ file: "A file may be at most 50 MB." });
    const csv = await injected(`${ADMIN}/products/import`, csvForm(), CSV_LIMIT + 1);
    expect(csv.statusCode, csv.body).toBe(413);
    expect(csv.json().code).toBe("cw_rest_import_too_large");
    expect(await mediaCount()).toBe(demoMedia);
    expect(await fileCount()).toBe(0);
  });

  it("at its limit is not refused for its size", async () => {
    // What a process that died mid-upload left is swept by the next upload, an hour on; an upload still
    // arriving (a row written lately) is left whole, however long ago it began.
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    await shop.db
      .insertInto("download_upload_chunks")
      .values([
        { upload_id: "left-by-a-dead-process", seq: 0, data: Buffer.alloc(10), created_at: hoursAgo(2) },
        { upload_id: "left-by-a-dead-process", seq: 1, data: Buffer.alloc(10), created_at: hoursAgo(1.5) },
        { upload_id: "still-arriving", seq: 0, data: Buffer.alloc(10), created_at: hoursAgo(2) },
        { upload_id: "still-arriving", seq: 1, data: Buffer.alloc(10), created_at: new Date().toISOString() },
      ])
      .execute();
    const download = await injected(`${ADMIN}/products/${product}/downloads/files`, downloadForm(), FILE_LIMIT);
    expect(download.statusCode, download.body).toBe(201);
    expect(await fileCount()).toBe(1);
    // Stored in its chunk rows, the staged ones gone (decision 0110).
    const chunks = await shop.db.selectFrom("download_file_chunks").select("seq").where("file_id", "=", download.json().id).execute();
    expect(chunks).toHaveLength(FILE_LIMIT / (256 * 1024));
    // Only the other upload, still arriving, is left.
    expect(await shop.db.selectFrom("download_upload_chunks").select(["upload_id", "seq"]).orderBy("seq").execute()).toEqual([
      { upload_id: "still-arriving", seq: 0 },
      { upload_id: "still-arriving", seq: 1 },
    ]);
    await shop.db.deleteFrom("download_upload_chunks").execute();
  });

  it("names the limit of a JSON body too", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/store/v1/cart/add-item",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ id: 1, padding: "x".repeat(MB) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "rest_request_too_large", message: "The request body is too large: at most 1 MB." });
  });
});
