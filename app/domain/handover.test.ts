import { describe, expect, test } from "bun:test";
import { damagesFromInput, handoverSchema, newDamages, normalizeDamages, odometerIssue } from "./handover";

describe("newDamages", () => {
  test("flags a part damaged at return that was fine at hand-over", () => {
    expect(newDamages({}, { brakes: "broken" })).toEqual([{ part: "brakes", before: "none", after: "broken" }]);
  });

  test("the same damage at both ends is not new", () => {
    expect(newDamages({ deck: "scratch" }, { deck: "scratch" })).toEqual([]);
  });

  test("a damage that got worse is new; one that looks better is not", () => {
    expect(newDamages({ frame: "scratch", lights: "broken" }, { frame: "dent", lights: "scratch" })).toEqual([
      { part: "frame", before: "scratch", after: "dent" },
    ]);
  });

  test("without a check-out every damage at return counts, in checklist order", () => {
    expect(newDamages(null, { charger: "broken", frame: "scratch" }).map((d) => d.part)).toEqual(["frame", "charger"]);
  });
});

describe("normalizeDamages", () => {
  test("keeps known parts with a damage and drops the rest", () => {
    expect(normalizeDamages({ frame: "dent", deck: "none", wheel: "broken", brakes: "melted" })).toEqual({
      frame: "dent",
    });
    expect(normalizeDamages(null)).toEqual({});
  });
});

describe("odometerIssue", () => {
  test("a check-in below the check-out is refused; equal or more is fine", () => {
    expect(odometerIssue(120, 119)).toBe("belowCheckOut");
    expect(odometerIssue(120, 120)).toBeNull();
    expect(odometerIssue(null, 0)).toBeNull();
  });
});

describe("handoverSchema", () => {
  test("reads battery, odometer, checklist and note; an unset part is undamaged", () => {
    const parsed = handoverSchema.parse({
      batteryPercent: "85",
      odometerKm: "1200",
      damage_brakes: "broken",
      damage_frame: "none",
      note: "  ",
    });
    expect(parsed.batteryPercent).toBe(85);
    expect(parsed.odometerKm).toBe(1200);
    expect(parsed.note).toBeNull();
    expect(damagesFromInput(parsed)).toEqual({ brakes: "broken" });
  });

  test("refuses a battery over 100 %, a negative odometer and empty numbers", () => {
    const result = handoverSchema.safeParse({ batteryPercent: "101", odometerKm: "-1" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(messages).toContain("batteryPercent:admin:handovers.errors.battery");
    expect(messages).toContain("odometerKm:admin:handovers.errors.odometer");
    expect(handoverSchema.safeParse({ batteryPercent: "", odometerKm: "" }).success).toBe(false);
  });
});
