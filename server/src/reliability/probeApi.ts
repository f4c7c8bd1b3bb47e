/**
 * The API as the process-level probes call it: over real HTTP to a server process (or a proxy in
 * front of several), JSON in and out; anything but a 2xx throws with the status and body.
 */
export async function probeCall<T>(base: string, method: string, pathname: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${pathname}`, {
    method,
    headers: { ...(token ? { "x-api-key": token } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A password login on the device `probe`; answers the access token. */
export async function probeLogin(base: string, email: string, password: string): Promise<string> {
  const res = await probeCall<{ token: string }>(base, "POST", "/token/login", null, { credential: { type: "password", email, password }, device: "probe", device_token: "" });
  return res.token;
}
