import { configure } from '@testing-library/react';

// Component tests render in jsdom beside the rest of the suite on two shared cores: a findBy that
// waits the default second failed CI when the machine was busy, not because a page was wrong.
configure({ asyncUtilTimeout: 5_000 });
