import { Suspense } from 'react';
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

/**
 * / (SPEC §2 Landing page): hero, the landing sections, the demo button and the
 * under-construction banner.
 *
 * Each section below the hero sits in its own Suspense boundary. Nothing suspends; the
 * boundaries only let React hydrate the prerendered HTML in small, interruptible pieces
 * after the hero, instead of in one long main-thread task (total blocking time).
 */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <Suspense fallback={null}>
        <SolutionsSection />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturesSection />
      </Suspense>
      <Suspense fallback={null}>
        <DisciplinesSection />
      </Suspense>
      <Suspense fallback={null}>
        <PartnersSection />
      </Suspense>
      <Suspense fallback={null}>
        <TestimonialsSection />
      </Suspense>
      <Suspense fallback={null}>
        <ConsultationSection />
      </Suspense>
      <Suspense fallback={null}>
        <GetStartedSection />
      </Suspense>
      <RequestDemoButton />
      <ConstructionBanner />
    </>
  );
}

export { HomePage as Component };
