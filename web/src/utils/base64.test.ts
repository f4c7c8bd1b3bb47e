import { describe, expect, it } from "vitest";
import { decodeBase64, encodeBase64, encodeProperties } from "./base64";

/** An independent decoder (atob + TextDecoder), to check against. */
const fromBase64 = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

describe("X-Properties encoding", () => {
  it("matches the value the VoceChat client sends", () => {
    expect(encodeProperties({ mentions: [], local_id: 1795313297329 })).toBe("eyJtZW50aW9ucyI6W10sImxvY2FsX2lkIjoxNzk1MzEzMjk3MzI5fQ==");
  });

  it("is UTF-8 safe for non-ASCII text", () => {
    const props = { name: "Über-Datei 文件 🚀.txt", mentions: [2], local_id: 1 };
    const encoded = encodeProperties(props);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(fromBase64(encoded))).toEqual(props);
    expect(decodeBase64(encodeBase64("héllo ✓ 😄"))).toBe("héllo ✓ 😄");
    // "é" is two UTF-8 bytes: 0xC3 0xA9.
    expect(encodeBase64("é")).toBe("w6k=");
  });

  it("handles long input", () => {
    const text = "é".repeat(100_000);
    expect(fromBase64(encodeBase64(text))).toBe(text);
  });
});
