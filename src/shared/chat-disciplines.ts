/**
 * The disciplines a chat question is asked under (SPEC §2 consultation form, /chat), in a
 * module of their own so that the landing page's chunk does not carry all of constants.ts,
 * which re-exports them.
 */
export const CHAT_DISCIPLINES = ['Track and Civil', 'Structures', 'Signaling', 'Electrical', 'Operation and Train Controls', 'Good Practices'] as const;
export type ChatDiscipline = (typeof CHAT_DISCIPLINES)[number];
export const DEFAULT_DISCIPLINE: ChatDiscipline = 'Track and Civil';
