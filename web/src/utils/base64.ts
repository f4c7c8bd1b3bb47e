/** UTF-8-safe base64 (standard alphabet), as used for the `X-Properties` header. */
export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function decodeBase64(b64: string): string {
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

/** The `X-Properties` header value for a message: base64 of the JSON object. */
export function encodeProperties(properties: Record<string, unknown>): string {
  return encodeBase64(JSON.stringify(properties));
}
