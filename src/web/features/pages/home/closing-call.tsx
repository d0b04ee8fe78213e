import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function ClosingCall({ journeyHref }: { journeyHref: string }) {
  return (
    <section aria-labelledby="closing-title" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <div className="rounded-3xl border border-pink/30 bg-gradient-to-br from-primary/20 via-card/80 to-violet-700/20 px-6 py-12 text-center shadow-2xl shadow-primary/10 backdrop-blur">
        <h2 id="closing-title" className="font-script text-5xl text-foreground sm:text-6xl">
          Your answers are waiting
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-muted-foreground">
          Creating an account is free. Add funds when you are ready and connect with a reader in minutes.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" asChild>
            <Link to={journeyHref}>Start Free Today</Link>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to={paths.about}>Learn More</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
