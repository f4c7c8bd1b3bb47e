import { claims } from "./rows.js";

/**
 * Verdict tables for the pure policy tests, written as who gets what: for each state, the
 * actors a verdict goes to, as names separated by spaces (`"admin owner member"`). Each helper
 * expands its table into the `{ actor, state, expected }` cases of an `it.each` (like
 * `matrixCases`), one per actor and state, and throws on a name that is no actor or an actor
 * the table leaves out, so a table always covers every actor.
 */

/** The actors of the channel policy tests: uid 2 owns the private channel, of which 3, 6 and 8 are members. */
export const CHANNEL_ACTORS = {
  // uid 1 is the founding admin, not in the private channel; uid 8 an admin who is a member.
  admin: claims(1, { is_admin: true }),
  adminMember: claims(8, { is_admin: true }),
  owner: claims(2),
  member: claims(3),
  nonMember: claims(4),
  // Bots hold ordinary sessions (no flag in the claims): a bot has exactly a user's rights.
  bot: claims(5),
  botMember: claims(6),
  guest: claims(7, { is_guest: true }),
};
export type ChannelActor = keyof typeof CHANNEL_ACTORS;

/** The members of the private channel of `CHANNEL_ACTORS` (its owner included). */
export const CHANNEL_MEMBERS = [2, 3, 6, 8];

/** Every actor, in a `whoMay` or `whoGets` table. */
export const EVERYONE = "everyone";
/** No actor, in a `whoMay` table. */
export const NOBODY = "";

function names<A extends string>(actors: Record<A, unknown>, list: string): Set<A> {
  const all = Object.keys(actors) as A[];
  if (list === EVERYONE) return new Set(all);
  const picked = list.split(/\s+/).filter(Boolean);
  for (const name of picked) if (!all.includes(name as A)) throw new Error(`verdict table: no actor "${name}" (actors: ${all.join(", ")})`);
  return new Set(picked as A[]);
}

/** A yes/no rule: for each state, who may (`true`); every other actor may not (`false`). */
export function whoMay<A extends string, S extends string>(actors: Record<A, unknown>, table: Record<S, string>): { actor: A; state: S; expected: boolean }[] {
  return (Object.entries(table) as [S, string][]).flatMap(([state, list]) => {
    const yes = names(actors, list);
    return (Object.keys(actors) as A[]).map((actor) => ({ actor, state, expected: yes.has(actor) }));
  });
}

/** A rule of several verdicts: for each state, who gets each verdict; every actor exactly once per state. */
export function whoGets<A extends string, S extends string, V extends string>(
  actors: Record<A, unknown>,
  table: Record<S, Partial<Record<V, string>>>,
): { actor: A; state: S; expected: V }[] {
  return (Object.entries(table) as [S, Partial<Record<V, string>>][]).flatMap(([state, verdicts]) => {
    const verdictOf = new Map<A, V>();
    for (const [verdict, list] of Object.entries(verdicts) as [V, string][]) {
      for (const actor of names(actors, list)) {
        if (verdictOf.has(actor)) throw new Error(`verdict table: ${actor} has two verdicts on ${state}`);
        verdictOf.set(actor, verdict);
      }
    }
    return (Object.keys(actors) as A[]).map((actor) => {
      const expected = verdictOf.get(actor);
      if (expected === undefined) throw new Error(`verdict table: ${actor} has no verdict on ${state}`);
      return { actor, state, expected };
    });
  });
}
