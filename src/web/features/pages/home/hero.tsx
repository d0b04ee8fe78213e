import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function Hero({ journeyHref }: { journeyHref: string }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 pt-16 pb-20 text-center sm:pt-24 sm:pb-28">
        <p className="inline-flex items-center gap-2 rounded-full border border-gold/40 bg-gold/10 px-4 py-1.5 text-sm font-semibold text-gold">
          <Sparkles className="size-4" aria-hidden="true" />
          Verified psychic readers · Pay by the minute
        </p>
        {/* A line each, sized so each fits a phone in the script font and in the local one it is
            painted with until that arrives (font-fallbacks.css): the swap then moves nothing below. */}
        <h1 id="hero-title" className="font-script text-5xl leading-[1.1] text-foreground sm:text-7xl lg:text-8xl">
          <span className="block">Find Your Path</span> <span className="block text-pink">Among the Stars</span>
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground sm:text-xl">
          Live video, audio and chat readings with gifted psychics, tarot readers and mediums. See every rate before you
          begin and pay only for the minutes you use.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button size="lg" asChild>
            <Link to={journeyHref}>Start Your Journey</Link>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to={paths.readers}>Browse Readers</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
