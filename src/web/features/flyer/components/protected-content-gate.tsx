import { LoaderCircleIcon, LockIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { verifyAccess, type ProtectedResource } from '../api/verify-access';

const m = messages.protectedGate;

/** SPEC §8 Success toasts: 'Access Granted'. */
export const ACCESS_GRANTED = 'Access Granted';
const PASSWORD_REQUIRED = 'Password is required';

/** What a failed check tells the visitor (SPEC §8 Protected gate). */
function failureMessage(error: unknown): string {
  if (error instanceof AppError && error.status === 429) return m.tooManyAttempts;
  return m.authenticationFailed;
}

/**
 * SPEC §2 Protected content gate: 'Protected Content', a password and 'Access Content'
 * ('Verifying...' while busy). The server checks the password; the unlocked state lives in
 * this component only, so a reload (or leaving the page) locks it again (SPEC §4 Flyer gate).
 */
export function ProtectedContentGate({ resource, description, children }: { resource: ProtectedResource; description?: ReactNode; children: ReactNode }) {
  const [isUnlocked, setIsUnlocked] = useState(false);
  const [password, setPassword] = useState('');
  const [isVerifying, setIsVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const inputId = `${id}-password`;
  const errorId = `${id}-error`;

  const fail = (message: string) => {
    setError(message);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isVerifying) return;
    if (password === '') {
      fail(PASSWORD_REQUIRED);
      return;
    }
    setIsVerifying(true);
    setError(null);
    try {
      const authorized = await verifyAccess(resource, password);
      if (authorized) {
        setPassword('');
        setIsUnlocked(true);
        toast.success(ACCESS_GRANTED);
      } else {
        fail(m.incorrectPassword);
      }
    } catch (cause) {
      fail(failureMessage(cause));
    } finally {
      setIsVerifying(false);
    }
  };

  if (isUnlocked) return <>{children}</>;

  return (
    <div className="mx-auto grid w-full max-w-md px-4 py-16 sm:py-24">
      <Card>
        <CardHeader className="items-center text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
            <LockIcon className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold leading-tight">Protected Content</h1>
          <CardDescription>{description ?? 'This page is password protected. Enter the password you were given to continue.'}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate aria-label="Protected content" onSubmit={(event) => void handleSubmit(event)} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={inputId}>Password</Label>
              <Input
                ref={inputRef}
                id={inputId}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                readOnly={isVerifying}
              />
              {error ? (
                <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
            <Button type="submit" className="w-full" disabled={isVerifying}>
              {isVerifying ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : null}
              {isVerifying ? 'Verifying...' : 'Access Content'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
