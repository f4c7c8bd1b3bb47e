/** localStorage access that never throws (private mode, quota, node tests). */
function store(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function getLocal(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function setLocal(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // ignore
  }
}

export function removeLocal(...keys: string[]): void {
  const s = store();
  if (!s) return;
  for (const key of keys) {
    try {
      s.removeItem(key);
    } catch {
      // ignore
    }
  }
}

export function getLocalJSON<T>(key: string): T | null {
  const raw = getLocal(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function getLocalNumber(key: string): number {
  const n = Number(getLocal(key));
  return Number.isFinite(n) ? n : 0;
}

/** Remove every key that starts with `prefix`. */
export function removeLocalPrefix(prefix: string): void {
  const s = store();
  if (!s) return;
  try {
    for (const key of Object.keys(s)) if (key.startsWith(prefix)) s.removeItem(key);
  } catch {
    // ignore
  }
}

/** Forget this client's stored data (session, sync state, flags); the theme and language stay. */
export function clearLocalData(): void {
  const s = store();
  if (!s) return;
  try {
    for (const key of Object.keys(s)) if (key.startsWith("VOCECHAT_")) s.removeItem(key);
  } catch {
    // ignore
  }
}
