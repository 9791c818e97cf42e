/**
 * The texts every page's first scripts may show (API errors, toasts, web-vitals warnings), in
 * a module of their own: the web app's entry chunk carries these without the rest of
 * messages.ts, which the pages that need it load with them. `messages` includes them.
 */
export const toastMessages = {
  loginSuccessTitle: 'Login successful',
  loginSuccessDescription: 'Welcome back!',
  loginFailedTitle: 'Login failed',
  unexpected: 'An unexpected error occurred',
  accountCreatedTitle: 'Account created',
  accountCreatedDescription: 'Welcome to the product! You can now log in.',
  signupFailedTitle: 'Signup failed',
  signedOutTitle: 'Signed out successfully',
  signedOutDescription: 'You have been logged out of your account',
  logoutFailedTitle: 'Logout failed',
  logoutFailedDescription: 'There was an issue signing out. Please try again.',
  resetEmailSentTitle: 'Reset email sent',
  resetEmailSentDescription: 'Check your inbox for password reset instructions',
  resetEmailFailed: 'Failed to send reset instructions. Please try again.',
  unexpectedTryAgain: 'An unexpected error occurred. Please try again.',
  passwordUpdatedTitle: 'Password updated',
  passwordUpdatedDescription: 'Your password has been successfully reset. Please log in with your new password.',
  resetFailed: 'Failed to reset password. Please try again.',
  errorTitle: 'Error',
} as const;

export const apiMessages = {
  notFound: 'Not found',
  routeNotFound: 'This API route does not exist',
  unexpected: 'An unexpected error occurred',
  databaseUnavailable: 'The database is unavailable',
} as const;

/** SPEC §8 Web vitals. */
export const vitalsMessages = {
  initFailed: 'Failed to initialize web vitals reporting',
  sendFailed: 'Failed to send web vitals data',
} as const;
