import { readSetting, StorageKey, writeSetting } from './local-settings';

const KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** 24 random bytes as base64url: 32 characters, what the API's GuestDeviceKey accepts. */
function newDeviceKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

let unsaved: string | null = null;

/**
 * This device's key for the guest forms, made once and kept in local storage. The API keeps its
 * hash on the entry: joining again with the same phone from this device gives the guest their
 * place back, while anyone else who knows the phone only hears 'Ты уже в очереди'. Where storage
 * is unavailable (private mode) the key lives as long as the page.
 */
export function guestDeviceKey(): string {
  const kept = readSetting(StorageKey.guestDevice);
  if (kept && KEY_SHAPE.test(kept)) return kept;
  unsaved ??= newDeviceKey();
  writeSetting(StorageKey.guestDevice, unsaved);
  return unsaved;
}
