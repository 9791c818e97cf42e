import { UserRoundPenIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PROFILE } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useProfile } from '../api/get-profile';
import { hiddenUntil, readDismissal, recordDismissal } from '../lib/banner-dismissal';

/** SPEC §9: the banner's message differs at 80 % or more, 50 % or more, and below. */
export function bannerMessage(percentage: number): { title: string; body: string } {
  if (percentage >= PROFILE.colourGreenFrom) {
    return { title: `Almost there: your profile is ${percentage}% complete`, body: 'Add the last details to finish your profile.' };
  }
  if (percentage >= PROFILE.colourYellowFrom) {
    return {
      title: `Your profile is ${percentage}% complete`,
      body: 'Add your professional and contact details so answers can be tailored to your work.',
    };
  }
  return {
    title: `Complete your profile (${percentage}%)`,
    body: 'Tell us who you are and where you work to get the most out of the Compliance Assistant.',
  };
}

/**
 * SPEC §4 Profile banner: shown while the profile is incomplete; each dismissal hides it
 * for 1, then 5, then 15 minutes (recorded in local storage as {count, timestamp}).
 */
export function ProfileBanner({ onCompleteProfile }: { onCompleteProfile: () => void }) {
  const profile = useProfile();
  const [until, setUntil] = useState(() => hiddenUntil(readDismissal()));
  const [now, setNow] = useState(() => Date.now());
  const isHidden = now < until;

  // Show the banner again when the dismissal runs out.
  useEffect(() => {
    if (!isHidden) return;
    const timer = setTimeout(() => setNow(Date.now()), until - now);
    return () => clearTimeout(timer);
  }, [isHidden, until, now]);

  const completion = profile.data?.completion;
  if (!completion || completion.isComplete || isHidden) return null;

  const { title, body } = bannerMessage(completion.percentage);
  const handleDismiss = () => {
    const record = recordDismissal();
    setNow(record.timestamp);
    setUntil(hiddenUntil(record));
  };

  return (
    <section
      aria-label="Profile completion"
      className={cn(
        'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm sm:gap-3 sm:py-2.5',
        completion.percentage >= PROFILE.colourYellowFrom
          ? 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40'
          : 'border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950/40',
      )}
    >
      <UserRoundPenIcon className="hidden size-5 shrink-0 text-amber-700 sm:block dark:text-amber-400" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium">{title}</p>
        <p className="hidden text-muted-foreground sm:block">{body}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Button size="sm" variant="outline" className="h-8 px-2.5 sm:h-9 sm:px-3" onClick={onCompleteProfile}>
          Complete profile
        </Button>
        <Button size="icon" variant="ghost" className="size-8" aria-label="Dismiss profile reminder" onClick={handleDismiss}>
          <XIcon aria-hidden />
        </Button>
      </div>
    </section>
  );
}
