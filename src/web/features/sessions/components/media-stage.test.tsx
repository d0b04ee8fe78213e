// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MediaStage } from './media-stage';

afterEach(cleanup);

const stage = (sessionType: 'audio' | 'video') =>
  render(
    <MediaStage
      sessionType={sessionType}
      callStatus="connecting"
      otherName="Kai Nightingale"
      otherAvatarUrl={null}
      isOtherPresent={false}
      remoteStream={null}
      localStream={null}
      isCameraOff={false}
    />,
  );

// On a 375 px phone the paused reading's words sat on the audio reading's avatar.
describe('MediaStage while the other side is away', () => {
  it('says so under the name in an audio reading, not over the avatar', () => {
    stage('audio');
    const waiting = screen.getByTestId('stage-waiting');
    expect(waiting.textContent).toBe('Waiting for Kai Nightingale to come back…');
    expect(waiting.className).not.toContain('absolute');
    expect(waiting.previousElementSibling?.textContent).toBe('Kai Nightingale');
  });

  it('covers the picture in a video reading, where there is no avatar', () => {
    stage('video');
    expect(screen.getByTestId('stage-waiting').className).toContain('absolute inset-0');
  });
});
