/** One-line text of a message, for the sidebar preview and search results. */
import { ContentType } from "@parley/protocol";
import type { StoredMessage } from "../../app/slices/messages";

// i18n-ns: chat (the caller passes its chat `t`)
/** "[Image]"-style label of a non-text message, or the text itself on one line. */
export function messageText(m: Pick<StoredMessage, "content" | "content_type" | "properties">, t: (key: string) => string, nameOfUid: (uid: number) => string | undefined): string {
  switch (m.content_type) {
    case ContentType.text:
    case ContentType.markdown: {
      const text = m.content.replace(/(^|\s)@(\d+)(?=\s|$)/g, (whole, lead: string, uid: string) => {
        const name = nameOfUid(Number(uid));
        return name === undefined ? whole : `${lead}@${name}`;
      });
      // Markdown emphasis and code markers read as noise in a one-line preview.
      const plain = m.content_type === ContentType.markdown ? text.replace(/[*_`~>#]+/g, "") : text;
      return plain.replace(/\s+/g, " ").trim();
    }
    case ContentType.file: {
      const type = String(m.properties?.content_type ?? "");
      if (type.startsWith("image/")) return t("preview.image");
      if (type.startsWith("video/")) return t("preview.video");
      if (type.startsWith("audio/")) return t("preview.audio");
      const name = typeof m.properties?.name === "string" ? m.properties.name : "";
      return name ? `${t("preview.file")} ${name}` : t("preview.file");
    }
    case ContentType.audio:
      return t("preview.voice");
    case ContentType.archive:
      return t("preview.forward");
    default:
      return t("preview.unsupported");
  }
}
