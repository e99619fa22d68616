import { hashPassword, verifyPassword } from '../passwords';
import { isPlainObject } from '../http';
import {
  optionalString,
  readAuthBody,
  requireUser,
  sendAuthJson,
  transaction,
  type AuthEndpoint,
} from './context';
import { AuthError, validationFailed, versionHeaders } from './errors';
import { userJson } from './serialize';
import { endSessions } from './sessions';
import { checkPasswordStrength } from './signup';
import { findUserById, identitiesOf, updateUserAttributes } from './users';

const LOGOUT_SCOPES = ['global', 'local', 'others'];

/** GET /user */
export const getUser: AuthEndpoint = async (req, res, _url, deps) => {
  const { user } = await requireUser(req, deps);
  sendAuthJson(req, res, 200, userJson(user, await identitiesOf(deps.ctx.pool, user.id)));
};

/** PUT /user: new password and/or user metadata. */
export const updateUser: AuthEndpoint = async (req, res, _url, deps) => {
  const { user } = await requireUser(req, deps);
  const body = await readAuthBody(req);
  const email = optionalString(body, 'email');
  if (email !== undefined && email.trim().toLowerCase() !== user.email) {
    // Changing the address needs GoTrue's double-confirmation flow, which is not reproduced.
    throw new AuthError(
      501,
      'not_implemented',
      'Changing the e-mail address is not supported by the local stack',
    );
  }
  if (body.data !== undefined && body.data !== null && !isPlainObject(body.data)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: data must be an object');
  }
  const password = optionalString(body, 'password');
  let passwordHash: string | undefined;
  if (password !== undefined) {
    checkPasswordStrength(password, deps.settings);
    if (await verifyPassword(password, user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }
  const updated = await transaction(deps.ctx, async (db) => {
    await updateUserAttributes(db, user.id, {
      passwordHash,
      metadata: isPlainObject(body.data) ? body.data : undefined,
    });
    return userJson((await findUserById(db, user.id))!, await identitiesOf(db, user.id));
  });
  sendAuthJson(req, res, 200, updated);
};

/** POST /logout?scope=global|local|others */
export const logout: AuthEndpoint = async (req, res, url, deps) => {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!LOGOUT_SCOPES.includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  const { user, sessionId } = await requireUser(req, deps);
  await transaction(deps.ctx, (db) => endSessions(db, user.id, sessionId, scope));
  res.writeHead(204, versionHeaders(req)).end();
};
