import { type SignUpAnswer, type SignUpInput, signUpAnswerSchema } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

/**
 * Signs no one in: the answer is the same whether the email is new or taken, and the mailed link
 * ends the sign-up. Apart from lib/auth.ts, which every page loads: its answer schema brings zod,
 * which the home page's first load must not carry (scripts/home-bundle-budget.ts).
 */
export function signUp(input: SignUpInput): Promise<SignUpAnswer> {
  return apiRequestParsed('/api/auth/sign-up/email', signUpAnswerSchema, { method: 'POST', body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
