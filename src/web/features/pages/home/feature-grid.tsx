import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { features } from './home-content';

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h2 id="features-title" className="font-script text-5xl text-pink">
          Why Soul Tribe
        </h2>
        <p className="mt-3 text-muted-foreground">
          Everything you need for a meaningful reading, and nothing you do not.
        </p>
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ title, description, icon: Icon }) => (
          <li key={title}>
            <Card className="h-full transition-colors hover:border-pink/50">
              <CardHeader>
                <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary/25 to-violet-600/25 text-pink">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-muted-foreground">{description}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
