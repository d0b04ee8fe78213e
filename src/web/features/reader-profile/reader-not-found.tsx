import { Search, UserRoundX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** A profile URL that names no listed reader: a mistyped link, a changed username or a reader who left. */
export function ReaderNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 py-16 text-center">
      <UserRoundX className="size-14 text-gold" aria-hidden="true" />
      <h1 className="font-script text-5xl text-pink">Reader not found</h1>
      <p className="text-lg text-muted-foreground">
        No reader goes by that name here. They may have changed their username, or the link may be mistyped.
      </p>
      <Button asChild>
        <Link to={paths.readers}>
          <Search aria-hidden="true" />
          Browse all readers
        </Link>
      </Button>
    </div>
  );
}
