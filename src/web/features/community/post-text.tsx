import { cn } from '@/lib/cn';
import { areLinksClickable, splitLinks } from './post-links';

/**
 * A post or reply as its author typed it: plain text (React escapes it), line breaks kept. Links
 * are clickable only once the post is a day old (`postCreatedAt`), and never pass on our ranking.
 */
export function PostText({
  text,
  postCreatedAt,
  now,
  className,
}: {
  text: string;
  postCreatedAt: string;
  now: Date;
  className?: string;
}) {
  const canLink = areLinksClickable(postCreatedAt, now);
  return (
    <p className={cn('whitespace-pre-line [overflow-wrap:anywhere]', className)}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' && canLink ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={index}
            href={part.href}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            className="text-pink underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
