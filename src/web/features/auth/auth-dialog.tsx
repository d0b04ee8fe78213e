import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LegalNote } from './legal-note';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthMode = 'sign-in' | 'sign-up';

function isAuthMode(value: string): value is AuthMode {
  return value === 'sign-in' || value === 'sign-up';
}

/** The modal behind the header's Sign In and Get Started buttons. */
export function AuthDialog({
  mode,
  onModeChange,
  onSuccess,
}: {
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode | null) => void;
  onSuccess: () => void;
}) {
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && onModeChange(null)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="font-script text-4xl font-normal text-pink">
            {mode === 'sign-up' ? 'Join Our Soul Tribe' : 'Welcome Back'}
          </DialogTitle>
          <DialogDescription>
            {mode === 'sign-up'
              ? 'Create your free account and meet your reader.'
              : 'Sign in to continue your journey.'}
          </DialogDescription>
        </DialogHeader>
        <Tabs value={mode ?? 'sign-in'} onValueChange={(value) => isAuthMode(value) && onModeChange(value)}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="sign-in">Sign In</TabsTrigger>
            <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="sign-in">
            <SignInForm onSuccess={onSuccess} onForgotPassword={() => onModeChange(null)} />
          </TabsContent>
          <TabsContent value="sign-up">
            <SignUpForm />
          </TabsContent>
        </Tabs>
        <LegalNote />
      </DialogContent>
    </Dialog>
  );
}
