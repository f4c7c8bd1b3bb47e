/**
 * Ascending id lists as plain arrays. A conversation's list can hold 100,000 ids: inside an immer
 * draft every element read, `includes`, `splice` or `sort` goes through the proxy's traps, so
 * the messages slice reads the plain array (`current`) and assigns back a new one built here.
 * The new arrays are frozen, so immer does not walk them when it finalizes the state.
 */

/** The first index whose id is ≥ `mid` (the list's length if none). */
export function lowerBound(list: readonly number[], mid: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (list[m] < mid) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/** The index of `mid`, or -1. */
export function indexOfSorted(list: readonly number[], mid: number): number {
  const i = lowerBound(list, mid);
  return list[i] === mid ? i : -1;
}

const frozen = (list: number[]): number[] => Object.freeze(list) as number[];

/** `list` with `mid` inserted in order (the same list if it is there already). */
export function withInserted(list: readonly number[], mid: number): number[] {
  const i = lowerBound(list, mid);
  if (list[i] === mid) return list as number[];
  const next = list.slice();
  next.splice(i, 0, mid);
  return frozen(next);
}

/** `list` without `mid` (the same list if it is not there). */
export function without(list: readonly number[], mid: number): number[] {
  const i = indexOfSorted(list, mid);
  if (i < 0) return list as number[];
  const next = list.slice();
  next.splice(i, 1);
  return frozen(next);
}

/** Both ascending lists in one, in one pass (`fresh` holds no id of `list`). */
export function mergeSorted(list: readonly number[], fresh: readonly number[]): number[] {
  const merged: number[] = new Array(list.length + fresh.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < list.length && j < fresh.length) merged[k++] = list[i] < fresh[j] ? list[i++] : fresh[j++];
  while (i < list.length) merged[k++] = list[i++];
  while (j < fresh.length) merged[k++] = fresh[j++];
  return frozen(merged);
}
