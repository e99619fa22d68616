// supabase-js keeps a signed-in session in localStorage under 'sb-<project>-auth-token' and
// returns from an auth link (sign-in, password reset, expired link) with the answer in the URL.
// Without either, the visitor is anonymous and public pages need not load supabase-js to learn it.

const SESSION_KEY = /^sb-.+-auth-token(?:-code-verifier)?$/;
const AUTH_ANSWER_IN_URL =
  /[#&?](?:access_token|refresh_token|error_code|error_description|code|token_hash)=/;

export function mayHaveSession(storage: Storage, url: string): boolean {
  if (AUTH_ANSWER_IN_URL.test(url)) return true;
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (SESSION_KEY.test(storage.key(index) ?? '')) return true;
    }
    return false;
  } catch {
    // Storage refused (private mode): ask supabase-js, which knows how it stored the session.
    return true;
  }
}
