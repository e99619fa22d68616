import { loadAuthSettings } from './settings';
import type { Mailbox } from '../mail/mailbox';
import type { Handler } from '../types';
import { sendAuthJson, type AuthDeps, type AuthEndpoint } from './context';
import { AuthError, OAuthError, sendAuthError } from './errors';
import { signup } from './signup';
import { token } from './token';
import { getUser, logout, updateUser } from './user';
import { verifyLink, verifyOtp } from './verify';

const settingsEndpoint: AuthEndpoint = async (req, res, _url, { settings }) => {
  sendAuthJson(req, res, 200, {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      linkedin_oidc: false,
      notion: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: !settings.enableSignup,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
};

const health: AuthEndpoint = async (req, res) => {
  sendAuthJson(req, res, 200, {
    version: 'local-stack',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
};

const ROUTES: Record<string, AuthEndpoint> = {
  'POST /signup': signup,
  'POST /token': token,
  'GET /verify': verifyLink,
  'POST /verify': verifyOtp,
  'GET /user': getUser,
  'PUT /user': updateUser,
  'POST /logout': logout,
  'GET /settings': settingsEndpoint,
  'GET /health': health,
};

/**
 * `/auth/v1`: the part of GoTrue the app uses (sign-up with e-mail confirmation, password and
 * refresh-token grants, verify, user, logout, settings) with GoTrue's statuses and error bodies.
 * Everything else answers 404 in GoTrue's error shape rather than pretending to work.
 */
export function createAuthHandler(mailbox: Mailbox): Handler {
  const settings = loadAuthSettings();
  return async (req, res, subpath, url, ctx) => {
    const deps: AuthDeps = { ctx, settings, mailbox };
    const path = subpath.replace(/\/+$/, '') || '/';
    const endpoint = ROUTES[`${req.method} ${path}`];
    try {
      if (!endpoint) {
        const known = Object.keys(ROUTES).some((key) => key.endsWith(` ${path}`));
        throw known
          ? new AuthError(405, 'method_not_allowed', 'Method not allowed')
          : new AuthError(404, 'not_found', `${path} is not available in the local stack`);
      }
      await endpoint(req, res, url, deps);
    } catch (error) {
      if (error instanceof AuthError || error instanceof OAuthError) return sendAuthError(req, res, error);
      console.error('[local-stack] auth request failed:', error);
      sendAuthError(
        req,
        res,
        new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
      );
    }
  };
}
