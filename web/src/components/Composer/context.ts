import type { ConvKind } from "../../app/slices/messages";

/** The conversation of a composer's context key, `channel:<gid>` or `dm:<uid>` (drafts, uploads). */
export function parseContext(key: string): { kind: ConvKind; id: number } {
  const [kind, id] = key.split(":");
  return { kind: kind === "dm" ? "dm" : "channel", id: Number(id) };
}
