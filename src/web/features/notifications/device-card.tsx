import { BellOff, BellRing, MonitorDown } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { canInstall, promptInstall, subscribeInstallPrompt } from './install-prompt';
import { useDevicePush } from './use-device-push';

const PUSH_NOTES: Record<ReturnType<typeof useDevicePush>['state'], string> = {
  checking: 'Checking this browser…',
  unsupported:
    'This browser cannot show notifications from Soul Tribe. On an iPhone, add Soul Tribe to your Home Screen first.',
  unavailable: 'Notifications are not set up on this server yet.',
  blocked: 'Notifications are blocked for Soul Tribe in this browser’s settings. Allow them there, then come back.',
  off: 'Get requests, your turn in a queue and answers on this device, even with Soul Tribe closed. Your browser will ask you to allow them.',
  on: 'Notifications are on for this device. The choices below say which ones it gets.',
};

/** 'On this device': installing the app (when the browser offers it) and push for this browser. */
export function DeviceCard({ publicKey }: { publicKey: string | null }) {
  const push = useDevicePush(publicKey);
  const isInstallable = useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>On this device</CardTitle>
        <CardDescription>{PUSH_NOTES[push.state]}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        {push.state === 'on' ? (
          <Button variant="outline" disabled={push.isBusy} onClick={() => void push.turnOff()}>
            <BellOff aria-hidden="true" />
            Turn off notifications
          </Button>
        ) : (
          <Button disabled={push.isBusy || push.state !== 'off'} onClick={() => void push.turnOn()}>
            <BellRing aria-hidden="true" />
            Turn on notifications
          </Button>
        )}
        {isInstallable ? (
          <Button variant="outline" onClick={() => void promptInstall()}>
            <MonitorDown aria-hidden="true" />
            Install app
          </Button>
        ) : null}
        {push.error ? (
          <Alert variant="destructive" className="basis-full">
            {push.error}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
