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
  /** The account is disabled (GoTrue's banned user): no sign-in, refresh or invitation link works. */
  userBanned: 'user_banned',
  /** No account has this id (the admin API). */
  userNotFound: 'user_not_found',
  /** The change would leave Trackside without an active admin (409). */
  lastAdmin: 'last_admin',
  /** The request conflicts with the account's state: disabling oneself, deleting an account that is not a pending invitation (409). */
  conflict: 'conflict',
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
  /** A name that must be unique is taken (a category, a tag). */
  alreadyExists: 'already_exists',
  /** A record others still refer to cannot be deleted (a category in use). */
  inUse: 'in_use',
  /** An upload's content is not one of the types its folder takes. */
  invalidFileType: 'invalid_file_type',
  /** An upload is over its size limit (413). */
  fileTooLarge: 'file_too_large',
  /** The chosen standard has no clauses loaded, so the assistant cannot answer from it (409). */
  standardNotLoaded: 'standard_not_loaded',
  /** Forum: a guest asked for more than the preview (another topic, its replies, a later page). */
  signInRequired: 'sign_in_required',
  /** Forum: the author's 15 minutes to edit are over. */
  editWindowClosed: 'edit_window_closed',
  /** Forum: only the author may edit a post. */
  notAuthor: 'not_author',
  /** Forum: the topic is locked, no new replies. */
  topicLocked: 'topic_locked',
  /** Forum: this user has reported this post already. */
  alreadyFlagged: 'already_flagged',
  /** Forum: nobody reports their own post. */
  ownPost: 'own_post',
  /** Forum: too many posts in a short time (429). */
  postingTooFast: 'posting_too_fast',
  /** Forum: the post is not waiting for a decision (nothing to approve or reject). */
  nothingToReview: 'nothing_to_review',
  /** Document check: its document or result is asked for, or a finding reviewed, before the check is done (409). */
  checkNotDone: 'check_not_done',
  /** Document check: the uploaded file is of a kind the readers refuse by its content (DWG, DOC, XLS, binary; 415). */
  unreadableDocument: 'unreadable_document',
  /** MFA: no factor of the caller has this id (GoTrue's code). */
  mfaFactorNotFound: 'mfa_factor_not_found',
  /** MFA: the challenge is unknown, used or older than its lifetime (GoTrue's code). */
  mfaChallengeExpired: 'mfa_challenge_expired',
  /** MFA: the code is wrong, outside the time window, or was used already (GoTrue's code). */
  mfaVerificationFailed: 'mfa_verification_failed',
  /** MFA: another factor of the user has this friendly name (GoTrue's code). */
  mfaFactorNameConflict: 'mfa_factor_name_conflict',
  /** MFA: the session must be at aal2 (a code entered) for this (GoTrue's code). */
  insufficientAal: 'insufficient_aal',
  /** MFA: admins must set up two-factor authentication before using the admin area. */
  mfaRequired: 'mfa_required',
  /** The database (or another dependency) cannot be reached. */
  unavailable: 'service_unavailable',
  /** Anything unexpected; details are logged, never sent. */
  internal: 'unexpected_failure',
  /** A byte range outside the stored file (416). */
  rangeNotSatisfiable: 'range_not_satisfiable',
  /** Client only: the request never reached the server or its answer never came back. */
  networkError: 'network_error',
  /** Client only: the server answered with a body the client cannot read. */
  invalidResponse: 'invalid_response',
  /** Client only: a streamed answer came without a body. */
  invalidStream: 'invalid_stream',
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

/** 404 with the resource's message ("Podcast not found"). */
export function notFound(message: string): AppError {
  return new AppError(ErrorCode.notFound, message, 404);
}
