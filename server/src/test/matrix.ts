import { expect } from "vitest";
import type { Cast } from "./factories.js";
import type { Session } from "./harness.js";

/** Who may call a route: the kinds of caller a permission table lists. */
export type Caller = "anonymous" | "guest" | "member" | "bot" | "admin";

/** The session of each kind of caller in a cast (anonymous: none). */
export const callerOf = (cast: Cast, role: Caller): Session | null =>
  ({ anonymous: null, guest: cast.guest, member: cast.bob, bot: cast.bot, admin: cast.admin })[role];

/**
 * The authorization matrix of one call: calls it as each kind of caller in `expected` and
 * checks the statuses all at once (so a failure shows the whole row). `call` must be safe to
 * repeat per caller.
 */
export async function expectMatrix(
  cast: Cast,
  call: (who: Session | null, role: Caller) => Promise<{ statusCode: number; body: string }>,
  expected: Partial<Record<Caller, number>>,
): Promise<void> {
  const got: Partial<Record<Caller, number>> = {};
  for (const role of Object.keys(expected) as Caller[]) got[role] = (await call(callerOf(cast, role), role)).statusCode;
  expect(got).toEqual(expected);
}

/**
 * A table of calls and the status each must answer, for the refusals of one operation (unknown
 * id, someone else's message, a guest, anonymous…): runs the calls in order and checks every
 * status at once, so a failure shows the whole table with each row's name.
 */
export async function expectStatuses(rows: Record<string, [call: () => Promise<{ statusCode: number }>, status: number]>): Promise<void> {
  const got: Record<string, number> = {};
  const expected: Record<string, number> = {};
  for (const [name, [run, status]] of Object.entries(rows)) {
    got[name] = (await run()).statusCode;
    expected[name] = status;
  }
  expect(got).toEqual(expected);
}

/**
 * The status of one call made by each caller of `rows`, in order (`null`: anonymous), checked all
 * at once and named by the callers' names: for tables about particular people of a cast (Carol
 * in the channel, Otto outside it) rather than kinds of caller. Calls may change state (a leave).
 * Several named calls (`{ pin, unpin }`) are made one after another by each caller in turn, and
 * each must answer the row's status.
 */
export async function expectCallers(
  call: CallerCall | Record<string, CallerCall>,
  rows: [who: Session | null, status: number][],
): Promise<void> {
  const calls = typeof call === "function" ? { "": call } : call;
  const got: string[] = [];
  const expected: string[] = [];
  for (const [who, status] of rows) {
    const name = who?.login.user.name ?? "anonymous";
    for (const [what, run] of Object.entries(calls)) {
      const label = what ? `${what} ${name}` : name;
      got.push(`${label}: ${(await run(who)).statusCode}`);
      expected.push(`${label}: ${status}`);
    }
  }
  expect(got).toEqual(expected);
}
type CallerCall = (who: Session | null) => Promise<{ statusCode: number }>;
