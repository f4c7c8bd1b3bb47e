import type { AdminFileItem, UploadFileResponse } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import type { FileMessageRow } from "../repos/files.js";
import { assertMatches } from "../test/contract.js";
import { T0, fileMessageRow, fileRow } from "../test/rows.js";
import { extensionOf, presentAdminFile, presentUpload } from "./files.js";

const PATH = "2024/1/5/0b6e1f4e-3c2a-4d8e-9f10-1a2b3c4d5e6f";
const HASH = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

describe("presentUpload: UploadFileResponse, image_properties only with both dimensions", () => {
  it.each<[string, Parameters<typeof presentUpload>[0], UploadFileResponse]>([
    ["an image", fileRow({ width: 640, height: 480 }), { path: PATH, size: 2048, hash: HASH, image_properties: { width: 640, height: 480 } }],
    ["not an image", fileRow({ content_type: "application/pdf", filename: "a.pdf", width: null, height: null, thumbnail_type: null }), { path: PATH, size: 2048, hash: HASH, image_properties: null }],
    ["a width without a height", fileRow({ width: 640, height: null }), { path: PATH, size: 2048, hash: HASH, image_properties: null }],
    ["a height without a width", fileRow({ width: null, height: 480 }), { path: PATH, size: 2048, hash: HASH, image_properties: null }],
    ["an empty file", fileRow({ size: 0, width: null, height: null }), { path: PATH, size: 0, hash: HASH, image_properties: null }],
  ])("%s", (_, row, expected) => {
    const upload = presentUpload(row);
    expect(upload).toEqual(expected);
    assertMatches("UploadFileResponse", upload);
  });
});

describe("extensionOf: the lowercase extension without the dot, \"\" when none", () => {
  it.each([
    ["photo.png", "png"],
    ["Photo.JPG", "jpg"],
    ["archive.tar.gz", "gz"],
    ["report.v2.PDF", "pdf"],
    ["noext", ""],
    [".bashrc", ""],
    ["trailing.", ""],
    ["a.b c", ""],
    ["weird.p-n-g", ""],
    ["unicode.ñ", ""],
    ["long.abcdefghijklmnop", "abcdefghijklmnop"],
    ["too-long.abcdefghijklmnopq", ""],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%j → %j", (name, expected) => {
    expect(extensionOf(name)).toBe(expected);
  });
});

describe("presentAdminFile: a row of GET /admin/system/files", () => {
  const base: AdminFileItem = {
    mid: 100,
    from_uid: 2,
    gid: 20,
    target_uid: null,
    ext: "pdf",
    content_type: "vocechat/file",
    content: PATH,
    properties: '{"name":"report.pdf","content_type":"application/pdf","size":2048}',
    created_at: T0,
    expired: false,
  };

  it.each<[string, FileMessageRow, boolean, Partial<AdminFileItem>]>([
    ["a file in a channel", fileMessageRow(), false, {}],
    ["an expired file", fileMessageRow({ deleted_at: T0 + 1 }), true, { expired: true }],
    ["a DM: gid null, the recipient in target_uid", fileMessageRow({ target_gid: null, target_uid: 3 }), false, { gid: null, target_uid: 3 }],
    ["a channel row never names a target_uid", fileMessageRow({ target_gid: 20, target_uid: 3 }), false, { gid: 20, target_uid: null }],
    ["the extension of the stored file name wins over properties.name", fileMessageRow({ filename: "Scan.PNG" }), false, { ext: "png" }],
    ["no file row: the extension of properties.name", fileMessageRow({ filename: null, file_content_type: null, file_created_at: null }), false, {}],
    [
      "no name anywhere",
      fileMessageRow({ filename: null, properties: '{"size":1}' }),
      false,
      { ext: "", properties: '{"size":1}' },
    ],
    ["properties.name not a string", fileMessageRow({ filename: null, properties: '{"name":5}' }), false, { ext: "", properties: '{"name":5}' }],
    ["no properties: \"{}\"", fileMessageRow({ properties: null }), false, { properties: "{}" }],
    ["malformed properties: \"{}\"", fileMessageRow({ properties: "{not json" }), false, { properties: "{}" }],
    ["properties an array: \"{}\"", fileMessageRow({ properties: "[1,2]" }), false, { properties: "{}" }],
    ["properties null JSON: \"{}\"", fileMessageRow({ properties: "null" }), false, { properties: "{}" }],
    ["an audio message", fileMessageRow({ content_type: "vocechat/audio", filename: "voice.webm" }), false, { content_type: "vocechat/audio", ext: "webm" }],
    ["missing content columns read \"\"", fileMessageRow({ content_type: null, content: null }), false, { content_type: "", content: "" }],
  ])("%s", (_, row, expired, changed) => {
    expect(presentAdminFile(row, expired)).toEqual({ ...base, ...changed });
  });

  it("re-serializes the properties it parsed (no whitespace kept)", () => {
    expect(presentAdminFile(fileMessageRow({ properties: '{ "name" : "a.txt" }' }), false).properties).toBe('{"name":"a.txt"}');
  });
});
