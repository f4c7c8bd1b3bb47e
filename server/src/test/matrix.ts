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
