import { SOLUTIONS } from '../lib/content';
import { LandingSection } from './landing-section';
import { SolutionsCarousel } from './solutions-carousel';

/** SPEC §2 'solutions': the five problem/solution cards. */
export function SolutionsSection() {
  return (
    <LandingSection
      id="solutions"
      eyebrow="Solutions"
      title="The problems railway engineers face, solved"
      intro="Select a card to see how Trackside answers each problem."
    >
      <SolutionsCarousel cards={SOLUTIONS} />
    </LandingSection>
  );
}
