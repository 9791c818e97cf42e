import { ConsultationForm } from './consultation-form';
import { LandingSection } from './landing-section';

/** SPEC §2 'consultation': the question form. */
export function ConsultationSection() {
  return (
    <LandingSection
      id="consultation"
      eyebrow="Consultation"
      title="Ask a railway engineering question"
      intro="Describe your question and choose a discipline. The Compliance Assistant answers with the clauses it relies on."
      className="bg-muted/50"
    >
      <ConsultationForm />
    </LandingSection>
  );
}
