import { ArrowRightIcon, LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import type { LoginLocationState } from '../../../lib/session/login-redirect';
import type { LandingDiscipline } from '../lib/content';

const cardClass = 'flex h-full flex-col gap-3 rounded-xl border p-6';

/**
 * SPEC §2 Discipline card. The available one links to /chat with the discipline (signed in),
 * or to /login with the discipline and `redirectAfterLogin: '/chat'`; the others are dimmed,
 * inert and badged 'Coming Soon'.
 */
export function DisciplineCard({ discipline, isSignedIn }: { discipline: LandingDiscipline; isSignedIn: boolean }) {
  const Icon = discipline.icon;
  if (!discipline.available) {
    return (
      <div className={`${cardClass} border-dashed bg-muted/60 text-muted-foreground`}>
        <span className="flex items-start justify-between gap-3">
          <span className="flex size-11 items-center justify-center rounded-lg bg-muted text-muted-foreground">
            <Icon className="size-6" aria-hidden />
          </span>
          <span className="rounded-full border border-muted-foreground/40 px-2.5 py-0.5 text-xs font-semibold">Coming Soon</span>
        </span>
        <h3 className="text-lg font-semibold">{discipline.title}</h3>
        <p className="text-pretty">{discipline.description}</p>
      </div>
    );
  }
  const selectedDiscipline = discipline.chatDiscipline;
  const state: LoginLocationState | { selectedDiscipline: string } = isSignedIn
    ? { selectedDiscipline }
    : { selectedDiscipline, redirectAfterLogin: paths.chat };
  return (
    <Link
      to={isSignedIn ? paths.chat : paths.login}
      state={state}
      className={`${cardClass} group bg-card text-card-foreground shadow-sm transition-colors hover:border-primary hover:shadow-md`}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Icon className="size-6" aria-hidden />
        </span>
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
          Available
        </span>
      </span>
      <h3 className="text-lg font-semibold">{discipline.title}</h3>
      <p className="flex-1 text-pretty text-muted-foreground">{discipline.description}</p>
      {isSignedIn ? (
        <span className="flex items-center gap-1.5 text-sm font-semibold text-primary">
          Start a consultation
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </span>
      ) : (
        <span className="flex items-center gap-1.5 text-sm font-semibold text-primary">
          <LockIcon className="size-4" aria-hidden />
          Sign in to access
        </span>
      )}
    </Link>
  );
}
