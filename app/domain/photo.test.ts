import { describe, expect, test } from "bun:test";
import {
  checkPhoto,
  fitsUploadLimit,
  fitWithin,
  isHeic,
  needsShrinking,
  PHOTO_MAX_SIDE,
  PHOTO_QUALITIES,
  PHOTO_TARGET_BYTES,
} from "./photo";

describe("photos made for slow networks", () => {
  test("the long side is brought down to 2,000 px, proportions kept, never enlarged", () => {
    expect(PHOTO_MAX_SIDE).toBe(2000);
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
  test("qualities are tried from best to smallest until the photo weighs under 1 MB", () => {
    expect([...PHOTO_QUALITIES].sort((a, b) => b - a)).toEqual([...PHOTO_QUALITIES]);
    expect(PHOTO_QUALITIES.at(-1)).toBeGreaterThanOrEqual(0.5);
    expect(PHOTO_TARGET_BYTES).toBeLessThan(1024 * 1024);
  });
  test("small photos go as chosen; large or heavy ones are shrunk", () => {
    expect(needsShrinking(800, 600, 200_000)).toBe(false);
    expect(needsShrinking(4000, 3000, 900_000)).toBe(true);
    expect(needsShrinking(1200, 900, 3_000_000)).toBe(true);
  });
  test("types are checked before sending; HEIC from iPhones is accepted even without a type", () => {
    expect(checkPhoto({ type: "image/jpeg", name: "a.jpg", size: 12_000_000 })).toBeNull();
    expect(checkPhoto({ type: "", name: "IMG_0001.HEIC", size: 3_000_000 })).toBeNull();
    expect(isHeic({ type: "image/heif", name: "x" })).toBe(true);
    expect(checkPhoto({ type: "application/pdf", name: "scan.pdf", size: 1000 })).toBe("badType");
    expect(checkPhoto({ type: "image/jpeg", name: "huge.jpg", size: 60_000_000 })).toBe("tooLarge");
    expect(fitsUploadLimit(10 * 1024 * 1024)).toBe(true);
    expect(fitsUploadLimit(10 * 1024 * 1024 + 1)).toBe(false);
  });
});
