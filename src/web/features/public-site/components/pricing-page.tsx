import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PRICING_PLANS, type PricingPlan } from '../../../../shared/constants';
import { paths } from '../../../app/paths';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

function PlanCard({ plan }: { plan: PricingPlan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col gap-6 rounded-2xl border bg-card p-6 shadow-sm sm:p-8',
        plan.highlighted && 'border-primary shadow-lg ring-1 ring-primary lg:-my-4 lg:py-12',
      )}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
          Most Popular
        </p>
      ) : null}
      <div className="grid gap-2">
        <h2 id={titleId} className="text-xl font-semibold">
          {plan.name}
        </h2>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <p className="flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
        {plan.period ? <span className="text-sm text-muted-foreground">{plan.period}</span> : null}
      </p>
      <ul className="grid flex-1 content-start gap-3 text-sm" aria-label={`${plan.name} plan features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant={plan.highlighted ? 'default' : 'outline'} className="w-full">
        {/* No online checkout yet: every plan starts with a conversation with our team. */}
        <Link to={paths.contact} state={{ plan: plan.name }} aria-label={`${plan.buttonText}: ${plan.name} plan`}>
          {plan.buttonText}
        </Link>
      </Button>
    </li>
  );
}

/** SPEC §2 /pricing (signed-in only): the three plans of SPEC §9. */
export function PricingPage() {
  return (
    <PageContainer className="grid gap-12">
      <PageHeader
        title="Pricing"
        description="Plans for individual engineers, teams and whole organisations. Prices are in US dollars, billed monthly."
        className="text-center [&>p]:mx-auto"
      />
      <ul className="mx-auto grid w-full max-w-6xl gap-8 lg:grid-cols-3 lg:items-stretch">
        {PRICING_PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      <p className="text-center text-sm text-muted-foreground">
        Questions about a plan?{' '}
        <Link to={paths.contact} className="text-primary underline underline-offset-4">
          Talk to our team
        </Link>
        .
      </p>
    </PageContainer>
  );
}
