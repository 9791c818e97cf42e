import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card';

/** The centred card that the sign-in and password pages share; the title is the page's h1. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
