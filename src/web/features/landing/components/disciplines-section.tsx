import { useSession } from '../../../lib/session/use-session';
import { LANDING_DISCIPLINES } from '../lib/content';
import { DisciplineCard } from './discipline-card';
import { LandingSection } from './landing-section';

/** SPEC §2 'disciplines': six cards, Track & Civil available today. */
export function DisciplinesSection() {
  const { status } = useSession();
  const isSignedIn = status === 'signed-in';
  return (
    <LandingSection
      id="disciplines"
      eyebrow="Disciplines"
      title="Expertise across railway disciplines"
      intro="Track & Civil is available now; the other disciplines follow."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {LANDING_DISCIPLINES.map((discipline) => (
          <li key={discipline.title}>
            <DisciplineCard discipline={discipline} isSignedIn={isSignedIn} />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
