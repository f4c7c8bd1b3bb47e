import { BOT_KEY_DEVICE } from "../auth/guard.js";
import type { TokenClaims } from "../auth/tokens.js";
import { botPolicy } from "../policies/bots.js";
import type { AppContext } from "../context.js";
import { forbidden } from "../http/errors.js";
import { contactPolicy, type DirectVerdict } from "../policies/users.js";
import { loadSystemCommon } from "../repos/settings.js";
import type { UserRow } from "../repos/users.js";

/**
 * The 403 texts of a refused direct message; clients show their own ("Send failed, blocked maybe").
 */
const REFUSAL: Record<Exclude<DirectVerdict, "ok">, string> = {
  blocked: "blocked by this user",
  dm_disabled: "direct messages are turned off on this server",
  not_contact: "contact verification is on: add this user to your contacts first",
};

/**
 * Refuses a direct message from `actor` to `peer` — a send, a DM reply or a typing notice —
 * that `contactPolicy.directVerdict` does not allow (403). Reads the settings and the contact
 * rows it needs: the peer's (a block) always, the actor's only under contact verification.
 */
export async function assertCanWriteDirectly(ctx: AppContext, actor: TokenClaims, peer: UserRow): Promise<void> {
  if (actor.uid === peer.uid) return; // notes to oneself
  const settings = await loadSystemCommon(ctx.repos.config);
  // A bot writing through its API key may be a public bot (one more read, for bot sends only).
  const botRow = actor.device === BOT_KEY_DEVICE ? await ctx.repos.users.byId(actor.uid) : undefined;
  const sender = { uid: actor.uid, is_admin: actor.is_admin, public_bot: botRow !== undefined && botPolicy.isPublicBot(botRow) };
  const peerView = await ctx.repos.userSettings.contact(peer.uid, actor.uid);
  const actorView = contactPolicy.needsActorView(settings, sender, peer) ? await ctx.repos.userSettings.contact(actor.uid, peer.uid) : undefined;
  const verdict = contactPolicy.directVerdict(settings, { actor: sender, peer, peerView, actorView });
  if (verdict !== "ok") throw forbidden(REFUSAL[verdict]);
}
