import { CHAT_DISCIPLINES, STORAGE_KEYS, type ChatDiscipline } from '../../../../shared/constants';
import type { ChatMessage } from '../types';
import { parseCoverage } from './coverage';

/** What survives a reload (SPEC §7 "stored chat history"), for one user only. */
export interface StoredChat {
  userId: string;
  threadId?: string;
  selectedStandard?: string;
  selectedDiscipline: ChatDiscipline;
  messages: ChatMessage[];
}

/** At most this many messages are kept in local storage. */
const MAX_STORED_MESSAGES = 100;

export function isChatDiscipline(value: unknown): value is ChatDiscipline {
  return typeof value === 'string' && (CHAT_DISCIPLINES as readonly string[]).includes(value);
}

/** Landing cards say "Track & Civil"; the chat's list says "Track and Civil". */
export function toChatDiscipline(value: unknown): ChatDiscipline | undefined {
  if (isChatDiscipline(value)) return value;
  if (typeof value !== 'string') return undefined;
  const normalised = value.replace(/\s*&\s*/g, ' and ').trim();
  return CHAT_DISCIPLINES.find((d) => d.toLowerCase() === normalised.toLowerCase());
}

function isMessage(value: unknown): value is ChatMessage {
  const m = value as Partial<ChatMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.id === 'string' &&
    typeof m.content === 'string' &&
    (m.role === 'system' || m.role === 'user' || m.role === 'assistant')
  );
}

export function loadStoredChat(userId: string | undefined): StoredChat | null {
  if (!userId) return null;
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.chatHistory);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredChat>;
    if (value.userId !== userId || !Array.isArray(value.messages)) return null;
    // A coverage value stored by hand or by an older version is dropped rather than trusted.
    const messages = value.messages.filter(isMessage).map((m) => (m.coverage == null ? m : { ...m, coverage: parseCoverage(m.coverage) ?? null }));
    if (messages.length === 0) return null;
    return {
      userId,
      threadId: typeof value.threadId === 'string' ? value.threadId : undefined,
      selectedStandard: typeof value.selectedStandard === 'string' ? value.selectedStandard : undefined,
      selectedDiscipline: toChatDiscipline(value.selectedDiscipline) ?? CHAT_DISCIPLINES[0],
      messages,
    };
  } catch {
    return null;
  }
}

export function saveStoredChat(chat: StoredChat): void {
  try {
    localStorage.setItem(STORAGE_KEYS.chatHistory, JSON.stringify({ ...chat, messages: chat.messages.slice(-MAX_STORED_MESSAGES) }));
  } catch {
    // Storage full or blocked: the conversation lives on the server anyway.
  }
}

export function clearStoredChat(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.chatHistory);
  } catch {
    // Nothing to remove.
  }
}
