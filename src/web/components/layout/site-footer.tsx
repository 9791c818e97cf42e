import { Link } from 'react-router';
import { paths } from '../../app/paths';

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

/** Site footer: the discipline pages of SPEC §2 are reached from here. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        <div className="grid content-start gap-2">
          <p className="font-semibold">Trackside</p>
          <p className="max-w-xs text-sm text-muted-foreground">
            Compliance and design assistance, knowledge and community for railway engineers.
          </p>
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
      <p className="border-t px-4 py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} Trackside. All rights reserved.
      </p>
    </footer>
  );
}
