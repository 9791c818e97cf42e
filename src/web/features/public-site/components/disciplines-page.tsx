import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { DISCIPLINE_CARDS } from '../content/disciplines';
import { DISCIPLINE_ICONS } from './discipline-icon';
import { useOpenAdvisor } from './use-open-advisor';

/** SPEC §2 /disciplines: seven advisor cards, each opening the assistant for its discipline. */
export function DisciplinesPage() {
  const openAdvisor = useOpenAdvisor();
  return (
    <PageContainer className="grid gap-10">
      <PageHeader
        title="Disciplines"
        description="Specialist advisors for each railway engineering discipline. Pick yours and ask in your own words: every answer cites the clauses it relies on."
      />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {DISCIPLINE_CARDS.map((card) => {
          const Icon = DISCIPLINE_ICONS[card.icon];
          return (
            <li key={card.title} className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h2 className="text-xl font-semibold">{card.title}</h2>
              <p className="text-sm leading-relaxed text-muted-foreground">{card.description}</p>
              <div className="flex-1">
                {card.path ? (
                  <Button asChild variant="link" className="h-auto px-0">
                    <Link to={card.path}>
                      About {card.title.toLowerCase()}
                      <ArrowRightIcon aria-hidden />
                    </Link>
                  </Button>
                ) : null}
              </div>
              <Button onClick={() => openAdvisor(card.chatDiscipline)} className="h-auto min-h-10 w-full whitespace-normal text-center">
                Access {card.title} Advisor
              </Button>
            </li>
          );
        })}
      </ul>
    </PageContainer>
  );
}
