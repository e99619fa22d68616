// The one-time confirmation token from register_for_event is stored only as its SHA-256 hex
// digest (participants.confirmation_token_hash); this compares a presented token against it.

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares in constant time so the response time does not reveal how much of a guess matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export async function tokenMatchesHash(
  token: string,
  storedHash: string | null | undefined,
): Promise<boolean> {
  if (!storedHash) return false;
  return constantTimeEqual(await sha256Hex(token), storedHash.toLowerCase());
}
