import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { UPLOAD_LIMITS } from "~/domain/rules";
import { useStorage } from "../../tests/s3-server";
import { fakeJpeg, jpegWithGps, mp4 as mp4File, png, webm } from "../../tests/media-fixtures";
import { config } from "./config.server";
import {
  commitUploads,
  detectType,
  discardReceived,
  discardUploads,
  parseUploadForm,
  prepareUpload,
  reencodeImage,
  removeUnreferencedFiles,
  UploadError,
} from "./uploads.server";
import { storage } from "./storage.server";

const stored = async (key: string) => (await storage().get(key)) !== null;

function multipartRequest(form: FormData, headers: Record<string, string> = {}) {
  return new Request("http://localhost/x", { method: "POST", body: form, headers });
}

/** A file as the parser leaves it: spooled into the uploads folder. */
async function received(name: string, bytes: Uint8Array) {
  mkdirSync(config().uploadsDir, { recursive: true });
  const file = path.join(config().uploadsDir, `.tmp-recv-test-${name}`);
  writeFileSync(file, bytes);
  return file;
}

/** A PNG that declares its size and nothing else: the header is all a pixel bomb needs to be caught by. */
function pngHeaderOnly(width: number, height: number) {
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const out = new DataView(new ArrayBuffer(12 + data.length));
    out.setUint32(0, data.length);
    new Uint8Array(out.buffer).set(body, 4);
    out.setUint32(8 + data.length, Bun.hash.crc32(body));
    return new Uint8Array(out.buffer);
  };
  const ihdr = new DataView(new ArrayBuffer(13));
  ihdr.setUint32(0, width);
  ihdr.setUint32(4, height);
  ihdr.setUint8(8, 8); // bit depth
  ihdr.setUint8(9, 2); // RGB
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array([
    ...signature,
    ...chunk("IHDR", new Uint8Array(ihdr.buffer)),
    ...chunk("IDAT", new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    ...chunk("IEND", new Uint8Array()),
  ]);
}

const receivedOnDisk = () => readdirSync(config().uploadsDir).filter((n) => n.startsWith(".tmp-recv-"));

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadError) return error;
    throw error;
  }
  throw new Error("expected an UploadError");
}

describe("detectType", () => {
  test("recognises images and videos by their bytes", async () => {
    expect((await detectType(await jpegWithGps()))?.mime).toBe("image/jpeg");
    expect((await detectType(await png()))?.mime).toBe("image/png");
    const webp = new Uint8Array(
      await sharp(await png())
        .webp()
        .toBuffer(),
    );
    expect((await detectType(webp))?.mime).toBe("image/webp");
    expect(await detectType(mp4File())).toEqual({ class: "video", mime: "video/mp4", ext: "mp4" });
    expect(await detectType(webm())).toEqual({ class: "video", mime: "video/webm", ext: "webm" });
    const mov = new Uint8Array([
      0,
      0,
      0,
      0x14,
      ...new TextEncoder().encode("ftypqt  "),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("qt  "),
    ]);
    expect(await detectType(mov)).toEqual({ class: "video", mime: "video/quicktime", ext: "mov" });
  });
  test("HEIC and AVIF photos are images, to be stored as JPEG, never videos", async () => {
    const avif = new Uint8Array(
      await sharp(await png())
        .avif()
        .toBuffer(),
    );
    expect(await detectType(avif)).toEqual({ class: "image", mime: "image/avif", ext: "jpg" });
    const heic = new Uint8Array([
      0,
      0,
      0,
      0x18,
      ...new TextEncoder().encode("ftypheic"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("mif1heic"),
    ]);
    expect(await detectType(heic)).toEqual({ class: "image", mime: "image/heic", ext: "jpg" });
    const prepared = await prepareUpload({
      field: "photo",
      name: "p.avif",
      path: await received("avif", avif),
      size: avif.length,
      type: { class: "image", mime: "image/avif", ext: "jpg" },
    });
    expect([prepared.mime, prepared.storageKey.endsWith(".jpg")]).toEqual(["image/jpeg", true]);
    const bytes = new Uint8Array(await (await storage().get(prepared.tempKey))!.arrayBuffer());
    expect((await detectType(bytes))?.mime).toBe("image/jpeg");
    await discardUploads([prepared]);
  });
  test("a text file named .jpg is nothing", async () => {
    expect(await detectType(fakeJpeg())).toBeNull();
  });
});

describe("reencodeImage", () => {
  test("drops EXIF and GPS, applies the orientation", async () => {
    const original = await jpegWithGps(64, 48);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const { data, width, height } = await reencodeImage(original, "image/jpeg");
    const meta = await sharp(data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 means the stored 64×48 picture is shown rotated: 48×64.
    expect([width, height]).toEqual([48, 64]);
  });
  test("keeps the long side within the limit", async () => {
    const big = new Uint8Array(
      await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#888" } })
        .png()
        .toBuffer(),
    );
    const { width, height } = await reencodeImage(big, "image/png");
    expect(Math.max(width, height)).toBe(UPLOAD_LIMITS.imageMaxSide);
  });
  test("an image past the pixel limit is refused before it is decoded", async () => {
    const error = await refusal(reencodeImage(pngHeaderOnly(16_383, 16_383), "image/png"));
    expect([error.code, error.status]).toEqual(["tooManyPixels", 413]);
  });

  test("bytes that only look like an image are refused", async () => {
    const broken = new Uint8Array([0xff, 0xd8, 0xff, ...new Array(40).fill(7)]);
    expect((await refusal(reencodeImage(broken, "image/jpeg"))).code).toBe("badType");
  });
});

describe("parseUploadForm", () => {
  const spec = { fields: { photo: "image", attachments: "media" } as const, maxFiles: 2 };

  test("returns text fields and detected files; empty file inputs are ignored", async () => {
    const form = new FormData();
    form.set("description", "Flat tyre");
    form.append("photo", new File([await png()], "a.png"));
    form.append("attachments", new File([], ""));
    const { fields, files } = await parseUploadForm(multipartRequest(form), spec);
    expect(fields.get("description")).toBe("Flat tyre");
    expect(files.map((f) => [f.field, f.type.mime])).toEqual([["photo", "image/png"]]);
  });

  test("a file's name with NUL, a bidi override or a path is made safe for every form; a chosen file of 0 bytes is told apart", async () => {
    const form = new FormData();
    form.append("photo", new File([await png()], "../evil\u0000\u202Egnp.exe"));
    form.append("attachments", new File([], "empty.csv"));
    const { files, emptyFiles } = await parseUploadForm(multipartRequest(form), spec);
    expect(files.map((f) => f.name)).toEqual([".._evil__gnp.exe"]);
    expect(emptyFiles).toEqual(["attachments"]);
    await discardReceived(files);
  });

  test("files are spooled to disk as they arrive, not kept in memory; discardReceived removes them", async () => {
    const form = new FormData();
    const bytes = await png();
    form.append("photo", new File([bytes], "a.png"));
    const { files } = await parseUploadForm(multipartRequest(form), spec);
    expect(files[0]!.size).toBe(bytes.length);
    expect(path.dirname(files[0]!.path)).toBe(config().uploadsDir);
    expect(new Uint8Array(readFileSync(files[0]!.path))).toEqual(bytes);
    expect("bytes" in files[0]!).toBe(false);
    await discardReceived(files);
    expect(existsSync(files[0]!.path)).toBe(false);
  });

  test("a refused form leaves no received file behind", async () => {
    const before = receivedOnDisk().length;
    const form = new FormData();
    form.append("photo", new File([await png()], "a.png"));
    form.append("attachments", new File([fakeJpeg()], "b.jpg"));
    expect((await refusal(parseUploadForm(multipartRequest(form), spec))).code).toBe("badType");
    expect(receivedOnDisk().length).toBe(before);
  });

  test("more than 1,000 parts is a 413 refusal, not a crash", async () => {
    const form = new FormData();
    for (let i = 0; i < 1_001; i++) form.append(`f${i}`, "x");
    const error = await refusal(parseUploadForm(multipartRequest(form), spec));
    expect([error.code, error.status]).toEqual(["tooManyParts", 413]);
  });

  test("a renamed non-image is refused with 400", async () => {
    const form = new FormData();
    form.append("photo", new File([fakeJpeg()], "passport.jpg", { type: "image/jpeg" }));
    const error = await refusal(parseUploadForm(multipartRequest(form), spec));
    expect([error.code, error.status, error.field]).toEqual(["badType", 400, "photo"]);
  });

  test("a video in an image-only field is refused", async () => {
    const form = new FormData();
    const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 0, 0]);
    form.append("photo", new File([mp4], "clip.mp4"));
    expect((await refusal(parseUploadForm(multipartRequest(form), spec))).code).toBe("badType");
  });

  test("an oversized image is cut off with 413", async () => {
    const form = new FormData();
    const huge = new Uint8Array(UPLOAD_LIMITS.imageBytes + 10);
    huge.set(await png());
    form.append("photo", new File([huge], "big.png"));
    const error = await refusal(parseUploadForm(multipartRequest(form), { fields: { photo: "image" }, maxFiles: 1 }));
    expect([error.code, error.status]).toEqual(["tooLarge", 413]);
  });

  test("a declared body over the limit is refused before reading", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(200 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    expect((await refusal(parseUploadForm(request, spec))).status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  test("a third file is refused", async () => {
    const form = new FormData();
    for (let i = 0; i < 3; i++) form.append("attachments", new File([await png()], `${i}.png`));
    expect((await refusal(parseUploadForm(multipartRequest(form), spec))).code).toBe("tooManyFiles");
  });
});

describe("storage", () => {
  test("prepare writes a temporary file; commit moves it into place; discard removes it", async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(async (i) =>
        prepareUpload({
          field: "photo",
          name: "x.jpg",
          path: await received(`x${i}`, await jpegWithGps()),
          size: 0,
          type: { class: "image", mime: "image/jpeg", ext: "jpg" },
        }),
      ),
    );
    expect(await stored(a!.tempKey)).toBe(true);
    await commitUploads([a!]);
    expect([await stored(a!.storageKey), await stored(a!.tempKey)]).toEqual([true, false]);
    await discardUploads([b!]);
    expect(await stored(b!.tempKey)).toBe(false);
  });

  // The local disk's own clock (file times set with utimes); the same sweep on either store, S3 too,
  // is in storage.server.test.ts. With STORAGE_URL set, the store is pointed at the disk for this test.
  test("the sweep removes unreferenced files past the grace period only, by the files' times on disk", async () => {
    const dir = config().uploadsDir;
    const restore = useStorage({ kind: "local", dir });
    mkdirSync(dir, { recursive: true });
    const keep = path.join(dir, "keepme.jpg");
    const orphan = path.join(dir, "orphan.jpg");
    const fresh = path.join(dir, ".tmp-fresh.jpg");
    for (const file of [keep, orphan, fresh]) writeFileSync(file, "x");
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(orphan, old, old);
    utimesSync(keep, old, old);
    try {
      await removeUnreferencedFiles(new Set(["keepme.jpg"]));
    } finally {
      restore();
    }
    expect([existsSync(keep), existsSync(orphan), existsSync(fresh)]).toEqual([true, false, true]);
  });

  test("storage keys cannot climb out of the folder", async () => {
    expect(storage().get("../etc/passwd")).rejects.toThrow("Invalid storage key");
    expect(storage().put("a/../../b.jpg", new Uint8Array([1]))).rejects.toThrow("Invalid storage key");
  });

  test("the local disk keeps, lists, moves and deletes files by key", async () => {
    const disk = storage();
    await disk.put(".tmp-port.txt", new TextEncoder().encode("hello"));
    await disk.move(".tmp-port.txt", "port.txt");
    expect(new TextDecoder().decode(await (await disk.get("port.txt"))!.arrayBuffer())).toBe("hello");
    expect((await disk.list()).map((entry) => entry.key)).toContain("port.txt");
    await disk.delete("port.txt");
    await disk.delete("port.txt");
    expect(await disk.get("port.txt")).toBeNull();
  });
});
