// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceFigures } from './service-figures';

afterEach(cleanup);

const SERVED = {
  acceptanceRate: 0.8,
  medianAcceptSeconds: 20,
  completionRate: 0.96,
  writtenOnTimeRate: 0.9,
  readingsCounted: 25,
};

describe('ServiceFigures', () => {
  it('lists the figures in plain words under one label, and on a card only the lines it keeps', () => {
    render(<ServiceFigures service={SERVED} />);
    const list = screen.getByRole('list', { name: 'Service in the last 90 days' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Usually accepts within 20 s',
      'Accepts 80% of requests',
      'Completes 96% of readings',
      'Answers 9 in 10 written questions on time',
    ]);
    cleanup();

    render(<ServiceFigures service={SERVED} kinds={['speed', 'completion']} />);
    expect([...screen.getByTestId('service-figures').querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Usually accepts within 20 s',
      'Completes 96% of readings',
    ]);
  });

  it('shows nothing while every figure rests on too few readings', () => {
    render(
      <ServiceFigures
        service={{
          acceptanceRate: null,
          medianAcceptSeconds: null,
          completionRate: null,
          writtenOnTimeRate: null,
          readingsCounted: 4,
        }}
      />,
    );
    expect(screen.queryByTestId('service-figures')).toBeNull();
  });
});
