import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** The consent line under both auth forms, linking the documents it refers to. */
export function LegalNote() {
  return (
    <p className="text-center text-xs text-muted-foreground">
      By continuing you confirm you are 18 or older and agree to our{' '}
      <Link to={paths.terms} className="font-semibold text-pink underline-offset-4 hover:underline">
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to={paths.privacy} className="font-semibold text-pink underline-offset-4 hover:underline">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
