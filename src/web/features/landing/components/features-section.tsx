import { FEATURES } from '../lib/content';
import { LandingSection } from './landing-section';

/** SPEC §2 'features': six feature cards. */
export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Everything an engineer needs in one place"
      intro="A compliance assistant that shows its sources, and the knowledge around it."
      className="bg-muted/50"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => {
          const Icon = feature.icon;
          return (
            <li key={feature.title} className="flex flex-col gap-3 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="text-lg font-semibold">{feature.title}</h3>
              <p className="text-pretty text-muted-foreground">{feature.description}</p>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
