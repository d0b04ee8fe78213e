import { z } from 'zod';

// One wording for a missing field everywhere (zod's default names the JS type, which users don't need).
z.config({
  customError: (issue) => (issue.input === undefined ? 'This field is required' : undefined),
});

export { z };
