import { SPONSOR_LOGOS, type SponsorLogo } from '../lib/content';
import { LandingSection } from './landing-section';
import { LogoRing } from './logo-ring';

/** SPEC §2 partners section with the rotating 3D logo ring. */
export function PartnersSection({ logos = SPONSOR_LOGOS }: { logos?: readonly SponsorLogo[] }) {
  return (
    <LandingSection
      id="partners"
      eyebrow="Partners"
      title="Working with the rail industry"
      intro="Trackside is built with engineers from operators, contractors and consultancies. The marks below are placeholders until our partners are announced."
      className="bg-muted/50"
    >
      <LogoRing logos={logos} />
    </LandingSection>
  );
}
