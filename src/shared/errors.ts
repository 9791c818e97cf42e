/**
 * Machine-readable error codes shared by server and web client. Auth codes follow the
 * Supabase Auth (GoTrue) vocabulary so that `@supabase/auth-js` understands them.
 */
export const ErrorCode = {
  /** A request body, query or parameter broke a validation rule; `details` lists the fields. */
  validationFailed: 'validation_failed',
  /** E-mail and password do not match an account. */
  invalidCredentials: 'invalid_credentials',
  /** Self-service sign-up is switched off (SIGNUP_ENABLED). */
  signupDisabled: 'signup_disabled',
  /** An account with this e-mail exists already. */
  emailExists: 'email_exists',
  /** The new password breaks the password rules. */
  weakPassword: 'weak_password',
  /** No bearer token was sent. */
  noAuthorization: 'no_authorization',
  /** The bearer token is malformed, badly signed or expired. */
  badJwt: 'bad_jwt',
  /** The session behind a token was signed out or revoked. */
  sessionNotFound: 'session_not_found',
  /** The refresh token does not exist. */
  refreshTokenNotFound: 'refresh_token_not_found',
  /** A spent refresh token was presented again; its whole family is revoked. */
  refreshTokenAlreadyUsed: 'refresh_token_already_used',
  /** A recovery link is unknown, used or older than its lifetime. */
  otpExpired: 'otp_expired',
  /** The redirect target is not an allowed origin. */
  redirectNotAllowed: 'redirect_not_allowed',
  /** Too many requests from this client or for this account. */
  overRequestRateLimit: 'over_request_rate_limit',
  /** Recovery e-mails are limited to one a minute per address. */
  overEmailSendRateLimit: 'over_email_send_rate_limit',
  /** Signed in, but not allowed to do this. */
  forbidden: 'forbidden',
  /** The e-mail is not on the admin whitelist. */
  notWhitelisted: 'not_whitelisted',
  /** The resource or API route does not exist. */
  notFound: 'not_found',
  /** The database (or another dependency) cannot be reached. */
  unavailable: 'service_unavailable',
  /** Anything unexpected; details are logged, never sent. */
  internal: 'unexpected_failure',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The JSON body of every error response. */
export interface ErrorBody {
  error: string;
  code: ErrorCode | string;
  /** Same as `code`; `@supabase/auth-js` reads this name. */
  error_code?: string;
  /** Same as `error`; `@supabase/auth-js` reads this name. */
  msg?: string;
  details?: unknown;
}

/** An expected failure with a code and a message fit to show a user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | string,
    message: string,
    readonly status = 400,
    readonly details?: unknown,
    /** Further top-level body fields a protocol expects (e.g. GoTrue's `weak_password`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
