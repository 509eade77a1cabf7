/**
 * A short fingerprint of an alert's text (32-bit FNV-1a, hex): what the device remembers of an alert
 * it closed, so that the same text stays closed and a changed one shows again.
 */
export function alertHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
