import { BriefcaseBusinessIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { useAppConfig, type AppConfig } from '../../lib/app-config';

const disciplineLinks = [
  { title: 'Track', path: paths.disciplineTrack },
  { title: 'Structures', path: paths.disciplineStructures },
  { title: 'Signalling', path: paths.disciplineSignalling },
  { title: 'Electrical', path: paths.disciplineElectrical },
  { title: 'Geotechnical', path: paths.disciplineGeotechnical },
];

const companyLinks = [
  { title: 'About', path: paths.about },
  { title: 'Contact', path: paths.contact },
  { title: 'Request a Demo', path: paths.requestDemo },
];

interface FooterLink {
  title: string;
  path: string;
}

function FooterLinks({ links }: { links: FooterLink[] }) {
  return (
    <ul className="grid gap-1.5 text-sm text-muted-foreground">
      {links.map((link) => (
        <li key={link.path}>
          <Link to={link.path} className="hover:text-foreground hover:underline">
            {link.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `tel:` wants the digits (and a leading +) only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** SPEC §2 footer contact details: e-mail, phone and professional-network link, each when configured. */
function ContactDetails({ contact }: { contact: AppConfig['site']['contact'] }) {
  if (!contact.email && !contact.phone && !contact.linkedinUrl) return null;
  const linkClass = 'inline-flex items-center gap-2 hover:text-foreground hover:underline';
  return (
    <address className="grid gap-1.5 text-sm not-italic text-muted-foreground">
      {contact.email ? (
        <a href={`mailto:${contact.email}`} className={linkClass}>
          <MailIcon className="size-4 shrink-0" aria-hidden />
          <span className="sr-only">Email: </span>
          {contact.email}
        </a>
      ) : null}
      {contact.phone ? (
        <a href={telHref(contact.phone)} className={linkClass}>
          <PhoneIcon className="size-4 shrink-0" aria-hidden />
          <span className="sr-only">Phone: </span>
          {contact.phone}
        </a>
      ) : null}
      {contact.linkedinUrl ? (
        <a href={contact.linkedinUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <BriefcaseBusinessIcon className="size-4 shrink-0" aria-hidden />
          LinkedIn
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </address>
  );
}

/** Site footer: the discipline pages of SPEC §2 are reached from here, with the year and contact details. */
export function SiteFooter() {
  const { site } = useAppConfig();
  return (
    <footer className="border-t bg-muted/40 framed:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        <div className="grid content-start gap-2">
          <p className="font-semibold">Trackside</p>
          <p className="max-w-xs text-sm text-muted-foreground">Compliance and design assistance, knowledge and community for railway engineers.</p>
          <ContactDetails contact={site.contact} />
        </div>
        <nav aria-label="Disciplines" className="grid content-start gap-2">
          <p className="text-sm font-semibold">
            <Link to={paths.disciplines} className="hover:underline">
              Disciplines
            </Link>
          </p>
          <FooterLinks links={disciplineLinks} />
        </nav>
        <nav aria-label="Company" className="grid content-start gap-2">
          <p className="text-sm font-semibold">Company</p>
          <FooterLinks links={companyLinks} />
        </nav>
      </div>
      <p className="border-t px-4 py-4 text-center text-xs text-muted-foreground">© {new Date().getFullYear()} Trackside. All rights reserved.</p>
    </footer>
  );
}
