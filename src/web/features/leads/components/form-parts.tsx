import { CheckCircle2Icon } from 'lucide-react';
import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { Button } from '../../../components/ui/button';

function describedBy(...ids: (string | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null;
}

/** A labelled textarea with its validation message wired through aria-describedby. */
export function TextareaField({ label, error, id, className, ...props }: ComponentProps<'textarea'> & { label: string; error?: string | undefined }) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Textarea id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(error ? errorId : null)} className={className} {...props} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A labelled native select with its validation message wired through aria-describedby. */
export function SelectField({ label, error, id, children, ...props }: ComponentProps<'select'> & { label: string; error?: string | undefined }) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <NativeSelect
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error ? errorId : null)}
        className="[&_select]:h-10 [&_select[aria-invalid=true]]:border-destructive"
        {...props}
      >
        {children}
      </NativeSelect>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/**
 * The spam trap: a field people never see or reach with the keyboard, which form-filling
 * bots complete. The server answers a filled one like any other request and stores nothing.
 */
export function HoneypotField(props: ComponentProps<'input'>) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...props} />
    </div>
  );
}

/** A failure of the whole form (rate limit, lost connection), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

/** The confirmation that replaces a sent form; it takes focus so that it is announced. */
export function SentConfirmation({
  title,
  message,
  againLabel,
  onAgain,
  children,
}: {
  title: string;
  message: string;
  againLabel: string;
  onAgain: () => void;
  children?: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="grid justify-items-center gap-4 py-6 text-center">
      <CheckCircle2Icon className="size-12 text-green-600 dark:text-green-500" aria-hidden />
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        {title}
      </h2>
      <p className="max-w-md text-muted-foreground">{message}</p>
      {children}
      <Button variant="outline" onClick={onAgain}>
        {againLabel}
      </Button>
    </div>
  );
}
