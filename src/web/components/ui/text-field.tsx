import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Label } from './label';

export interface FieldChrome {
  label: string;
  /** A validation message; marks the control invalid and is announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** Label, hint and error around one control, wired through aria-describedby. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldChrome & { id: string; className?: string | undefined; children: (describedBy: string | undefined) => ReactNode }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = ComponentProps<'input'> & FieldChrome;

/** A labelled input with its validation message wired through aria-describedby. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} className={className}>
      {(describedBy) => <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />}
    </Field>
  );
}
