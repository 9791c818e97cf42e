import { Columns3Icon, LoaderCircleIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { comparableStandards } from '../lib/standards-by-jurisdiction';

const text = messages.comparePage;

export interface CompareFormProps {
  standards: readonly StandardSummary[];
  initialTopic: string;
  initialStandards: readonly string[];
  busy: boolean;
  onCompare: (topic: string, standards: string[]) => void;
}

/** The topic and the standards to compare, grouped by jurisdiction. Checked on submit; the first field in error takes the focus. */
export function CompareForm({ standards, initialTopic, initialStandards, busy, onCompare }: CompareFormProps) {
  const [topic, setTopic] = useState(initialTopic);
  const [chosen, setChosen] = useState<string[]>([...initialStandards]);
  const [topicError, setTopicError] = useState<string>();
  const [standardsError, setStandardsError] = useState<string>();
  const topicRef = useRef<HTMLInputElement>(null);
  const firstBoxRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const groups = comparableStandards(standards);

  const toggle = (code: string, checked: boolean) => {
    setChosen((current) => (checked ? [...current.filter((c) => c !== code), code] : current.filter((c) => c !== code)));
    if (standardsError) setStandardsError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = topic.trim();
    const missingTopic = trimmed === '' ? text.topicRequired : undefined;
    const tooFew = chosen.length < 2 ? text.pickTwo : undefined;
    setTopicError(missingTopic);
    setStandardsError(tooFew);
    if (missingTopic) topicRef.current?.focus();
    else if (tooFew) firstBoxRef.current?.focus();
    else onCompare(trimmed, chosen);
  };

  const firstCode = groups[0]?.standards[0]?.code;
  return (
    <form onSubmit={submit} noValidate className="grid gap-6 rounded-xl border bg-card p-4 shadow-sm sm:p-6" aria-label={text.title}>
      <TextField
        ref={topicRef}
        label={text.topicLabel}
        placeholder={text.topicPlaceholder}
        hint={text.topicHint}
        value={topic}
        maxLength={300}
        error={topicError}
        onChange={(e) => {
          setTopic(e.target.value);
          if (topicError) setTopicError(undefined);
        }}
      />
      <fieldset className="grid gap-4" aria-describedby={`${id}-hint${standardsError ? ` ${id}-error` : ''}`}>
        <legend className="mb-1 text-sm font-medium">{text.standardsLegend}</legend>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {text.standardsHint} <span aria-live="polite">{text.selected(chosen.length)}</span>
        </p>
        {groups.map((group) => (
          <fieldset key={group.label} className="grid gap-2">
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{group.label}</legend>
            <ul className="grid gap-x-6 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3">
              {group.standards.map((standard) => {
                const ref = standard.code === firstCode ? firstBoxRef : undefined;
                return (
                  <li key={standard.code}>
                    <label className="flex cursor-pointer items-start gap-2 rounded-md py-1 text-sm leading-snug hover:text-primary">
                      <input
                        ref={ref}
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        checked={chosen.includes(standard.code)}
                        onChange={(e) => toggle(standard.code, e.target.checked)}
                        aria-invalid={standardsError ? true : undefined}
                      />
                      <span>{standard.name}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
        {standardsError ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {standardsError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <Columns3Icon aria-hidden />}
          {busy ? text.comparing : text.submit}
        </Button>
      </div>
    </form>
  );
}
