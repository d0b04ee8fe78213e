import { ABOUT_PAGE } from '@shared/public-pages';
import { Check, Heart, Lock, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import {
  founderStory,
  mission,
  readerBenefits,
  readerShareFigure,
  seekerBenefits,
  values,
} from './about/about-content';
import { shownCount, usePublicFigures } from './figures/public-figures';

const valueIcons = [Heart, Lock, Sparkles];

function BenefitList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl text-gold">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {items.map((item) => (
            <li key={item} className="flex gap-3">
              <Check className="mt-0.5 size-5 shrink-0 text-pink" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function AboutPage() {
  usePageMeta(ABOUT_PAGE);
  const { data: figures } = usePublicFigures();
  const aboutFigures = [
    { value: shownCount(figures?.readers), label: 'verified readers' },
    { value: shownCount(figures?.readingsGiven), label: 'readings given' },
    readerShareFigure,
  ];
  return (
    <div className="pb-16">
      <PageHeading title="About Soul Tribe" description={mission} />
      <div className="mx-auto grid max-w-5xl gap-16 px-4">
        <ul aria-label="Soul Tribe in figures" className="grid gap-4 sm:grid-cols-3">
          {aboutFigures.map((figure) => (
            <li key={figure.label} className="rounded-2xl border border-border bg-card/60 p-6 text-center">
              <p className="font-serif text-4xl font-bold text-gold">{figure.value}</p>
              <p className="mt-1 text-muted-foreground">{figure.label}</p>
            </li>
          ))}
        </ul>

        <section aria-labelledby="about-story" className="mx-auto grid max-w-3xl gap-4">
          <h2 id="about-story" className="text-center text-3xl font-semibold">
            Our Story
          </h2>
          {founderStory.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="leading-relaxed text-muted-foreground">
              {paragraph}
            </p>
          ))}
        </section>

        <section aria-labelledby="about-values" className="grid gap-6">
          <h2 id="about-values" className="text-center text-3xl font-semibold">
            Our Values
          </h2>
          <div className="grid gap-4 md:grid-cols-3">
            {values.map((value, index) => {
              const Icon = valueIcons[index] ?? Sparkles;
              return (
                <Card key={value.title}>
                  <CardContent className="grid gap-3 pt-6">
                    <Icon className="size-8 text-pink" aria-hidden="true" />
                    <h3 className="text-xl font-semibold">{value.title}</h3>
                    <p className="leading-relaxed text-muted-foreground">{value.text}</p>
                  </CardContent>
                </Card>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="about-offer" className="grid gap-6">
          <h2 id="about-offer" className="text-center text-3xl font-semibold">
            What Soul Tribe Offers
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            <BenefitList title="For Seekers" items={seekerBenefits} />
            <BenefitList title="For Readers" items={readerBenefits} />
          </div>
          <div className="flex flex-col items-center gap-3 text-center">
            <p className="text-muted-foreground">Have a gift to share? Every application is read by our team.</p>
            <Button asChild variant="outline">
              <Link to={paths.apply}>Become a reader</Link>
            </Button>
          </div>
        </section>

        <div className="flex flex-col items-center gap-4 text-center">
          <p className="text-lg">Ready for your first reading?</p>
          <Button asChild size="lg">
            <Link to={paths.readers}>Browse Readers</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
