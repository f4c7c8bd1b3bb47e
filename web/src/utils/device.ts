import { KEY_DEVICE_KEY } from "../app/config";
import { getLocal, setLocal } from "./storage";

const ALPHABET = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict";

function randomId(size = 21): string {
  const bytes = new Uint8Array(size);
  crypto.getRandomValues(bytes);
  let id = "";
  for (const b of bytes) id += ALPHABET[b & 63];
  return id;
}

/** The device id sent at login: `web:<random id>`, created once and kept in localStorage. */
export function getDeviceKey(): string {
  let key = getLocal(KEY_DEVICE_KEY);
  if (!key || !key.startsWith("web:")) {
    key = `web:${randomId()}`;
    setLocal(KEY_DEVICE_KEY, key);
  }
  return key;
}
