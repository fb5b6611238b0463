import { describe, expect, test } from "bun:test";
import { toSepaText, transliterate } from "./sepa-text";

describe("names in SEPA's Latin character set", () => {
  test("Slovak diacritics lose their marks", () => {
    expect(transliterate("Šťastný Ľubomír")).toBe("Stastny Lubomir");
    expect(transliterate("Ďurčo Ňaňo, Ŕ Ä Ô")).toBe("Durco Nano, R A O");
    expect(toSepaText("Žofia Čížiková-Vráblová")).toBe("Zofia Cizikova-Vrablova");
  });

  test("Ukrainian names follow the passport transliteration", () => {
    expect(transliterate("Олена Коваленко")).toBe("Olena Kovalenko");
    expect(transliterate("Юлія Щербак")).toBe("Yuliia Shcherbak");
    expect(transliterate("Євген Їжак")).toBe("Yevhen Yizhak");
    expect(transliterate("Андрій Згурський")).toBe("Andrii Zghurskyi");
    expect(transliterate("Ґалаґан Йосип")).toBe("Galagan Yosyp");
    expect(transliterate("В'ячеслав Знам’янка")).toBe("Viacheslav Znamianka");
    expect(transliterate("O'Brien")).toBe("O'Brien");
    expect(transliterate("ОЛЕНА ЩУР")).toBe("OLENA SHCHUR");
    expect(toSepaText("Олена Коваленко")).toBe("Olena Kovalenko");
  });

  test("other Latin letters without a decomposition", () => {
    expect(transliterate("Łukasz Groß Øster")).toBe("Lukasz Gross Oster");
  });

  test("what cannot be carried is refused, not dropped", () => {
    expect(toSepaText("Jana & Peter")).toBeNull();
    expect(toSepaText("王小明")).toBeNull();
    expect(toSepaText("Pay 5 €")).toBeNull();
    expect(toSepaText("Courier Fleet pay week 2026-W47 (16.11.-22.11.2026)")).toBe(
      "Courier Fleet pay week 2026-W47 (16.11.-22.11.2026)",
    );
  });
});
