import { LockIcon, SendIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CHAT_DISCIPLINES, DEFAULT_DISCIPLINE, type ChatDiscipline } from '../../../../shared/chat-disciplines';
import { STORAGE_KEYS } from '../../../../shared/ui-constants';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { useSession } from '../../../lib/session/use-session';
import { CONSULTATION } from '../lib/content';
import { toast } from '../../../lib/toast';

/**
 * SPEC §2 consultation form: a question and a discipline. A valid question is kept in local
 * storage under `initialQuestion` (the chat asks it on arrival); the visitor then goes to
 * /chat, or to /login and on to /chat after signing in.
 */
export function ConsultationForm() {
  const { status } = useSession();
  const isSignedIn = status === 'signed-in';
  const navigate = useNavigate();
  const [question, setQuestion] = useState('');
  const [discipline, setDiscipline] = useState<ChatDiscipline>(DEFAULT_DISCIPLINE);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const questionId = useId();
  const disciplineId = useId();
  const noteId = useId();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const trimmed = question.trim();
    if (!trimmed) {
      toast.error(CONSULTATION.questionRequiredTitle, { description: CONSULTATION.questionRequiredDescription });
      return;
    }
    setIsSubmitting(true);
    try {
      localStorage.setItem(STORAGE_KEYS.initialQuestion, trimmed);
    } catch {
      // Storage can be unavailable (private mode); the visitor still reaches the chat.
    }
    try {
      if (isSignedIn) await navigate(paths.chat, { state: { selectedDiscipline: discipline } });
      else await navigate(paths.login, { state: { selectedDiscipline: discipline, redirectAfterLogin: paths.chat } });
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label="Ask an expert question"
      className="mx-auto grid max-w-3xl gap-5 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
    >
      <div className="grid gap-2">
        <Label htmlFor={questionId}>Your question</Label>
        <Textarea
          id={questionId}
          name="question"
          rows={5}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="e.g. What is the maximum allowable track gauge widening on a 300 m radius curve?"
          className="min-h-32 resize-y"
        />
      </div>
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={disciplineId}>Discipline</Label>
        <NativeSelect id={disciplineId} name="discipline" value={discipline} onChange={(event) => setDiscipline(event.target.value as ChatDiscipline)}>
          {CHAT_DISCIPLINES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-3 sm:flex sm:items-center sm:justify-between">
        {isSignedIn ? null : (
          <p id={noteId} className="flex items-start gap-2 text-sm text-muted-foreground">
            <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {CONSULTATION.signedOutNote}
          </p>
        )}
        <Button type="submit" size="lg" disabled={isSubmitting} aria-describedby={isSignedIn ? undefined : noteId} className="sm:ml-auto">
          {isSubmitting ? CONSULTATION.processing : isSignedIn ? CONSULTATION.signedInButton : CONSULTATION.signedOutButton}
          {isSubmitting ? null : <SendIcon aria-hidden />}
        </Button>
      </div>
    </form>
  );
}
