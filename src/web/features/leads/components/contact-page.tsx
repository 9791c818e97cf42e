import { AwardIcon, ClockIcon, MailIcon, PhoneIcon, TrainTrackIcon, type LucideIcon } from 'lucide-react';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { useAppConfig } from '../../../lib/app-config';
import { ContactForm } from './contact-form';
import { ExternalFormFrame } from './external-form-frame';

const CLAIMS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Railway engineering experts',
    text: 'Your message goes to engineers who know track, structures, signalling and electrical work.',
    icon: TrainTrackIcon,
  },
  { title: '24/7 support', text: 'Send your question any time, day or night; we pick it up as soon as we can.', icon: ClockIcon },
  { title: 'Proven track record', text: 'Built around the questions practising railway engineers ask every day.', icon: AwardIcon },
];

/** SPEC §2 /contact: our own contact form, or the configured external one in a frame. */
export function ContactPage() {
  const { site } = useAppConfig();
  const embed = site.embeds.contactForm;
  const { email, phone } = site.contact;
  return (
    <PageContainer className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-14">
      <div className="grid content-start gap-8">
        <PageHeader title="Contact us" description="Questions about Trackside, a plan for your team, or a standard you need? Send us a message." />
        <ul className="grid gap-5" aria-label="Why talk to us">
          {CLAIMS.map(({ title, text, icon: Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <div className="grid gap-1">
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        {email || phone ? (
          <div className="grid gap-2 text-sm">
            <p className="font-semibold">Or reach us directly</p>
            {email ? (
              <a href={`mailto:${email}`} className="inline-flex w-fit items-center gap-2 text-primary underline-offset-4 hover:underline">
                <MailIcon className="size-4" aria-hidden />
                {email}
              </a>
            ) : null}
            {phone ? (
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="inline-flex w-fit items-center gap-2 text-primary underline-offset-4 hover:underline">
                <PhoneIcon className="size-4" aria-hidden />
                {phone}
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
      <section aria-label="Contact form" className="min-w-0">
        {embed ? (
          <ExternalFormFrame src={embed} title="Contact form" frameHeight={900} formHeight={1000} />
        ) : (
          <div className="rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
            <ContactForm />
          </div>
        )}
      </section>
    </PageContainer>
  );
}
