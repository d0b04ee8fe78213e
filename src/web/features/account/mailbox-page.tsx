import { devApi } from '@shared/api/dev';
import type { MailboxMessage } from '@shared/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { callApi } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';

const mailboxQuery = (to: string) =>
  queryOptions({
    queryKey: ['dev-mailbox', to],
    queryFn: ({ signal }) => callApi(devApi.mailbox, { query: { to: to || undefined } }, { signal }),
    // New mail arrives from the worker within a second or two.
    refetchInterval: 3000,
  });

/** Outside production: the mail the app would have sent, newest first (no SMTP_URL set). */
export function MailboxPage() {
  usePageMeta({ title: 'Mailbox', description: 'Mail sent by this development server.' });
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const query = useQuery(mailboxQuery(to));
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0 px-4 pb-16">
      <PageHeading
        title="Mailbox"
        description="Every message this server sent, kept locally because no SMTP server is set."
      />
      <form
        className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setSearchParams(draft.trim() ? { to: draft.trim() } : {});
        }}
      >
        <FormField id="mailbox-to" label="Recipient" className="flex-1">
          <Input
            id="mailbox-to"
            type="email"
            value={draft}
            placeholder="someone@example.com"
            onChange={(event) => setDraft(event.target.value)}
          />
        </FormField>
        <Button type="submit">Show</Button>
      </form>
      {query.isPending ? (
        <ListSkeleton label="Loading messages" />
      ) : query.isError ? (
        <LoadFailed query={query} message="Failed to load the mailbox." />
      ) : query.data.messages.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{to ? `No mail to ${to} yet.` : 'No mail yet.'}</p>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-label="Messages">
          {query.data.messages.map((message) => (
            <MailboxItem key={message.id} message={message} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MailboxItem({ message }: { message: MailboxMessage }) {
  return (
    <li className="min-w-0">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="flex items-start gap-2 text-base">
            <Mail className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
            <span>{message.subject}</span>
          </CardTitle>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            To {message.to} · {new Date(message.sentAt).toLocaleString()}
          </p>
        </CardHeader>
        <CardContent className="grid gap-3">
          <pre className="font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{message.text}</pre>
          {message.links.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {message.links.map((link) => (
                <Button key={link.url} asChild size="sm">
                  <a href={link.url}>{link.label}</a>
                </Button>
              ))}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
