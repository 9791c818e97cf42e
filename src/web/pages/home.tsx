import { ConsultationSection } from '../features/landing/components/consultation-section';
import { ConstructionBanner } from '../features/landing/components/construction-banner';
import { DisciplinesSection } from '../features/landing/components/disciplines-section';
import { FeaturesSection } from '../features/landing/components/features-section';
import { GetStartedSection } from '../features/landing/components/get-started-section';
import { HeroSection } from '../features/landing/components/hero-section';
import { PartnersSection } from '../features/landing/components/partners-section';
import { RequestDemoButton } from '../features/landing/components/request-demo-button';
import { SolutionsSection } from '../features/landing/components/solutions-section';
import { TestimonialsSection } from '../features/landing/components/testimonials-section';

/** / (SPEC §2 Landing page): hero, the landing sections, the demo button and the under-construction banner. */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <SolutionsSection />
      <FeaturesSection />
      <DisciplinesSection />
      <PartnersSection />
      <TestimonialsSection />
      <ConsultationSection />
      <GetStartedSection />
      <RequestDemoButton />
      <ConstructionBanner />
    </>
  );
}

export { HomePage as Component };
