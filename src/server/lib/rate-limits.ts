import { ErrorCode } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { FORUM } from '../../shared/schemas/forum';

/** A limit as `app.limiter` takes it, less the key (who is counted), which the route supplies. */
export interface RateLimit {
  /** Distinguishes this limit's counters from every other's (a Redis key prefix). */
  name: string;
  max: number;
  timeWindowMs: number;
  code?: ErrorCode;
  /** What the user is told at 429; the generic "too many requests" when absent. */
  message?: string;
}

const MINUTE = 60_000;

/** SPEC: a per-user limit of 30 questions a minute. */
const QUESTIONS_PER_MINUTE = 30;

const HOUR = 60 * MINUTE;

/**
 * Every request limit Trackside sets, in one place. The sign-in and recovery limits take their
 * size from the configuration (`SIGNIN_RATE_LIMIT`, `RECOVER_RATE_LIMIT_SECONDS`), so they are
 * functions of it; the rest are fixed. Sizes follow Supabase Auth (GoTrue), which has to serve
 * offices where many people share one address.
 */
export const RATE_LIMITS = {
  /** Password grants per client address a minute: room for an office signing in at nine (GoTrue: a burst of 30). */
  signInByIp: (perMinute: number): RateLimit => ({ name: 'signin-ip', max: perMinute, timeWindowMs: MINUTE }),
  /**
   * Password grants for one account from one address a minute (a third of the per-address limit):
   * slows a guesser without locking the owner out, who signs in from another address.
   */
  signInByAccountAndIp: (perMinute: number): RateLimit => ({
    name: 'signin-account-ip',
    max: perMinute > 0 ? Math.max(1, Math.round(perMinute / 3)) : 0,
    timeWindowMs: MINUTE,
  }),
  /** Refresh grants per client address an hour, counted apart from sign-ins (GoTrue: 1,800 an hour). */
  refreshByIp: { name: 'refresh-ip', max: 1800, timeWindowMs: HOUR },
  /** MFA and recovery codes tried per session a minute: a six-digit code must not be guessable by retrying. */
  mfaCodesPerSession: { name: 'mfa-codes-session', max: 10, timeWindowMs: MINUTE } as RateLimit,
  /** One recovery e-mail per address every so many seconds (0 turns it off). */
  recoverByEmail: (everySeconds: number): RateLimit => ({
    name: 'recover-email',
    max: everySeconds > 0 ? 1 : 0,
    timeWindowMs: everySeconds * 1000,
    code: ErrorCode.overEmailSendRateLimit,
    message: messages.auth.overEmailSendRateLimit,
  }),
  /** One change-of-e-mail request per account every so many seconds, as recovery e-mails (RECOVER_RATE_LIMIT_SECONDS; 0 turns it off). */
  emailChangeByUser: (everySeconds: number): RateLimit => ({
    name: 'email-change-user',
    max: everySeconds > 0 ? 1 : 0,
    timeWindowMs: everySeconds * 1000,
    code: ErrorCode.overEmailSendRateLimit,
    message: messages.auth.overEmailSendRateLimit,
  }),
  /** Recovery requests per client address an hour, whatever the e-mail: a script trying many addresses stops here. */
  recoverByIp: { name: 'recover-ip', max: 20, timeWindowMs: HOUR, code: ErrorCode.overEmailSendRateLimit, message: messages.auth.overEmailSendRateLimit },
  /** Attempts to delete one's own account an hour (each checks the password): guessing stops here. */
  accountDeletionPerUser: { name: 'account-delete-user', max: 10, timeWindowMs: HOUR },
  /** Invitations sent per admin an hour: a team onboarded in an afternoon fits, a script mailing strangers does not. */
  invitesPerAdmin: { name: 'invite-admin', max: 100, timeWindowMs: HOUR, code: ErrorCode.overEmailSendRateLimit, message: messages.users.tooManyInvites },
  /** Questions to the Compliance Assistant per user. */
  chatPerUser: {
    name: 'chat-user',
    max: QUESTIONS_PER_MINUTE,
    timeWindowMs: MINUTE,
    message: `You can ask up to ${QUESTIONS_PER_MINUTE} questions a minute. Please wait a moment.`,
  },
  /** Comparisons of standards (the matrix and its exports) per user: each searches every standard compared. */
  comparePerUser: {
    name: 'compare-user',
    max: QUESTIONS_PER_MINUTE,
    timeWindowMs: MINUTE,
    message: `You can run up to ${QUESTIONS_PER_MINUTE} comparisons a minute. Please wait a moment.`,
  },
  /** Topics and replies together per user (SPEC §9 forum, Trackside's own number). */
  forumPosts: {
    name: 'forum-post',
    max: FORUM.postsPerWindow,
    timeWindowMs: FORUM.postWindowSeconds * 1000,
    message: messages.forum.postingTooFast,
  },
  /** Document checks started per user: a busy reviewer's day fits, a script flooding the runner's queue does not. */
  checksPerUser: { name: 'checks-user', max: 30, timeWindowMs: HOUR, message: messages.checks.tooMany },
  /** Password attempts at the protected content gate per address: enough for someone mistyping, far too few for guessing. */
  accessVerifyByIp: { name: 'access-verify-ip', max: 10, timeWindowMs: MINUTE, message: messages.protectedGate.tooManyAttempts },
  /** A person sends one or two contact or demo requests; more from one address in an hour is a script. */
  leadsByIp: { name: 'leads-ip', max: 5, timeWindowMs: HOUR, message: messages.leads.tooMany },
  /** A browsing visitor sends a batch of Web Vitals per page view: room for fast clicking, not floods. */
  vitalsByIp: { name: 'vitals-ip', max: 60, timeWindowMs: MINUTE },
} as const satisfies Record<string, RateLimit | ((n: number) => RateLimit)>;
