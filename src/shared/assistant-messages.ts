/**
 * User-facing texts of the Compliance Assistant and the profile experience (SPEC §4, §8),
 * kept word for word where the spec gives them. Separate from `messages.ts` so that the
 * web app and the server can both read them without touching the shared catalogue.
 */
export const assistantMessages = {
  chat: {
    loading: 'Consulting railway standards...',
    errorReply: 'Sorry, there was an error processing your request. Please try again later',
    errorToastTitle: 'Error',
    errorToastDescription: 'Failed to get response from AI service. Please check your connection and try again.',
    callFailedTitle: 'Error calling AI service',
    invalidResponseTitle: 'Invalid response',
    invalidResponseDescription: 'Received an incomplete response from the AI service',
    serviceErrorTitle: 'AI Service Error',
    comingSoon: '(coming soon)',
  },
  /** How an answer says how far the library covers the question (see `coverageNotice`). */
  coverage: {
    notCoveredLabel: 'Not covered by the library',
    partlyCoveredLabel: 'Partly covered',
    lowConfidenceLabel: 'Low confidence',
    lowConfidence: 'Low confidence: check the cited clauses',
    partlyCoveredUnnamed: 'Partly covered: the library may not address every part of your question',
  },
  profile: {
    updatedTitle: 'Profile Updated',
    updatedDescription: 'Your profile has been updated successfully',
    updateFailed: 'Failed to update profile',
    loadFailed: 'Failed to load profile information',
    createFailed: 'Failed to create profile information',
    createdTitle: 'Profile Created',
  },
  admin: {
    accessDeniedTitle: 'Access Denied',
  },
  onboarding: {
    personalTitle: 'Complete Your Profile',
    professionalTitle: 'Professional Details',
    contactTitle: 'Contact Information',
  },
} as const;

/**
 * SPEC §4 Chat: the system welcome that opens every conversation, greeting the user as
 * their personal AI railway assistant and naming the standard and discipline.
 */
export function welcomeMessage(standard: string, discipline: string): string {
  return (
    `Hello! I'm your personal AI railway assistant. I'll answer your questions using ` +
    `${standard} for ${discipline}, citing the clauses I rely on. How can I help you today?`
  );
}

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The notice over a partly covered answer, naming the question's concepts no clause addresses. */
export function partlyCoveredNotice(uncovered: readonly string[]): string {
  const concepts = uncovered.map((c) => c.trim()).filter(Boolean);
  return concepts.length === 0
    ? assistantMessages.coverage.partlyCoveredUnnamed
    : `${assistantMessages.coverage.partlyCoveredLabel}: the clauses found do not address ${listOf(concepts)}`;
}
