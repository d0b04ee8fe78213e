import { authApi } from '@shared/api/auth';
import type { SignUpAnswer, SignUpInput } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * Signs no one in: the answer is the same whether the email is new or taken, and the mailed link
 * ends the sign-up.
 */
export function signUp(input: SignUpInput): Promise<SignUpAnswer> {
  return callApi(authApi.signUp, { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
