import { describe, expect, it } from "vitest";
import { pickerI18n } from "./EmojiPicker";

describe("emoji picker texts", () => {
  it("loads emoji-mart's texts for each language of the client (VoceChat's jp as ja), English built in", async () => {
    const ja = await pickerI18n("jp");
    expect(ja.locale).toBe("ja");
    expect(JSON.stringify(ja.messages)).toMatch(/[\u3040-\u30ff]/);
    const de = await pickerI18n("de");
    expect(de.locale).toBe("de");
    expect(de.messages).not.toEqual(ja.messages);
    expect(await pickerI18n("en")).toEqual({ locale: "en", messages: undefined });
    expect((await pickerI18n("zh-CN")).locale).toBe("zh");
  });
});
