/**
 * A tiny `createAction` for the login-page slices. RTK's own lives in the same module as
 * createSlice and immer, which would then all land in the login bundle.
 */
export interface PayloadActionOf<P, T extends string = string> {
  type: T;
  payload: P;
  [extra: string]: unknown;
}

export interface ActionCreator<P, Args extends unknown[] = [P], T extends string = string> {
  (...args: Args): PayloadActionOf<P, T>;
  type: T;
  match(action: { type: string }): action is PayloadActionOf<P, T>;
}

export function defineAction<P = void, T extends string = string>(type: T): ActionCreator<P, [P] extends [void] ? [] : [P], T>;
export function defineAction<P, Args extends unknown[], T extends string = string>(
  type: T,
  prepare: (...args: Args) => P,
): ActionCreator<P, Args, T>;
export function defineAction(type: string, prepare?: (...args: unknown[]) => unknown) {
  const creator = (...args: unknown[]) => ({ type, payload: prepare ? prepare(...args) : args[0] });
  creator.type = type;
  creator.toString = () => type;
  creator.match = (action: { type: string }) => action?.type === type;
  return creator;
}
