import { SUPPORT_EMAIL } from '@shared/constants';
import { HELP_PAGE } from '@shared/public-pages';
import { ChevronDown, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { faqTopics } from './help-content';

export function HelpPage() {
  usePageMeta(HELP_PAGE);
  return (
    <div className="pb-8">
      <PageHeading
        title="Help Center"
        description="Answers to the questions seekers ask most about billing, refunds and sessions."
      />
      <div className="mx-auto grid max-w-3xl gap-10 px-4">
        <nav aria-label="Help topics" className="flex flex-wrap justify-center gap-2">
          {faqTopics.map((topic) => (
            <a
              key={topic.id}
              href={`#${topic.id}`}
              className="rounded-full border border-border px-4 py-1.5 text-sm font-semibold text-muted-foreground transition-colors hover:border-pink hover:text-pink"
            >
              {topic.title}
            </a>
          ))}
        </nav>
        {faqTopics.map((topic) => (
          <section
            key={topic.id}
            id={topic.id}
            aria-labelledby={`${topic.id}-title`}
            className="grid scroll-mt-24 gap-4"
          >
            <h2 id={`${topic.id}-title`} className="text-2xl font-semibold text-gold">
              {topic.title}
            </h2>
            <Card>
              <CardContent className="divide-y divide-border p-0">
                {topic.entries.map((entry) => (
                  <details key={entry.question} className="group px-6 py-4">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                      {entry.question}
                      <ChevronDown
                        className="size-5 shrink-0 text-pink motion-safe:transition-transform group-open:rotate-180"
                        aria-hidden="true"
                      />
                    </summary>
                    <p className="mt-3 leading-relaxed text-muted-foreground">{entry.answer}</p>
                  </details>
                ))}
              </CardContent>
            </Card>
          </section>
        ))}
        <Card>
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
            <h2 className="text-xl font-semibold">Still need help?</h2>
            <p className="text-muted-foreground">
              Our support team answers every message. Read our{' '}
              <Link to={paths.policies} className="font-semibold text-pink underline-offset-4 hover:underline">
                Terms &amp; Policies
              </Link>{' '}
              or write to us.
            </p>
            <Button asChild>
              <a href={`mailto:${SUPPORT_EMAIL}`}>
                <Mail aria-hidden="true" />
                Email {SUPPORT_EMAIL}
              </a>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
