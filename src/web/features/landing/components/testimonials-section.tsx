import { QuoteIcon } from 'lucide-react';
import { TESTIMONIALS, TRUST_POINTS } from '../lib/content';
import { LandingSection } from './landing-section';

/** SPEC §2 testimonial and trust section. */
export function TestimonialsSection() {
  return (
    <LandingSection id="testimonials" eyebrow="Testimonials" title="Trusted by the engineers who use it" intro="What early-access users tell us.">
      <ul className="grid gap-6 lg:grid-cols-3">
        {TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.role}>
            <figure className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
              <QuoteIcon className="size-7 text-primary" aria-hidden />
              <blockquote className="flex-1 text-pretty leading-relaxed">{testimonial.quote}</blockquote>
              <figcaption className="text-sm">
                <span className="block font-semibold">{testimonial.role}</span>
                <span className="text-muted-foreground">{testimonial.organisation}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <ul
        aria-label="Why engineers trust Trackside"
        className="mt-12 grid gap-6 rounded-2xl bg-primary px-6 py-8 text-primary-foreground sm:grid-cols-3 sm:px-10"
      >
        {TRUST_POINTS.map((point) => {
          const Icon = point.icon;
          return (
            <li key={point.title} className="flex gap-3">
              <Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
              <span>
                <span className="block font-semibold">{point.title}</span>
                <span className="text-sm opacity-90">{point.description}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
