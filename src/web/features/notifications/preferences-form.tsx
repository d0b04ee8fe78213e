import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationPreferences,
  PREFERENCE_CATALOG,
  PREFERENCE_KINDS,
  type PreferenceKind,
  type QuietHours,
} from '@shared/notification-preferences';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { useSavePreferences } from './preferences-api';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { inApp: 'In-app', email: 'Email', push: 'Push' };
const DEFAULT_QUIET_HOURS: QuietHours = { start: '22:00', end: '07:00' };

/** The kinds that can reach someone of this role. */
const kindsFor = (role: string) =>
  PREFERENCE_KINDS.filter((kind) => {
    const { audience } = PREFERENCE_CATALOG[kind];
    return audience === 'everyone' || audience === role;
  });

/** This device's zone: quiet hours are kept in the zone of the device that saved them. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function PreferencesForm({ saved, role }: { saved: NotificationPreferences; role: string }) {
  const [channels, setChannels] = useState(saved.channels);
  const [quietHours, setQuietHours] = useState<QuietHours | null>(saved.quietHours);
  const save = useSavePreferences();
  const quietId = useId();
  const timeZone = deviceTimeZone();

  const setChannel = (kind: PreferenceKind, channel: NotificationChannel, isOn: boolean) =>
    setChannels((current) => ({ ...current, [kind]: { ...current[kind], [channel]: isOn } }));

  const submit = () =>
    save.mutate(
      // Every shown choice is sent, so what the page shows is what is kept.
      { channels, quietHours, timeZone },
      { onSuccess: () => toast.success('Notification settings saved'), onError: (error) => toast.error(error.message) },
    );

  return (
    <form
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>What reaches you</CardTitle>
          <CardDescription>
            In-app is the bell at the top of every page. A dash means that notice does not come that way.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Notification channels</caption>
            <thead>
              <tr>
                <th scope="col" className="pb-2 text-left font-semibold text-muted-foreground">
                  Notice
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th
                    key={channel}
                    scope="col"
                    className="w-14 pb-2 text-center font-semibold text-muted-foreground sm:w-20"
                  >
                    {CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kindsFor(role).map((kind) => (
                <tr key={kind} className="border-t border-border">
                  <th scope="row" className="py-3 pr-2 text-left font-normal">
                    {PREFERENCE_CATALOG[kind].label}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => {
                    const isOn = channels[kind]?.[channel];
                    return (
                      <td key={channel} className="py-3 text-center">
                        {isOn === undefined ? (
                          <span className="text-muted-foreground">
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">Not offered</span>
                          </span>
                        ) : (
                          <Switch
                            checked={isOn}
                            onCheckedChange={(checked) => setChannel(kind, channel, checked)}
                            aria-label={`${PREFERENCE_CATALOG[kind].label}: ${CHANNEL_LABELS[channel]}`}
                          />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Quiet hours</CardTitle>
          <CardDescription>
            No pushes during these hours, in your time zone ({timeZone}). Answers, payouts and promotion codes wait
            until they end; requests, a turn in a reader’s queue and who is online now are not sent, as they would be
            over by then.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center gap-3">
            <Switch
              id={quietId}
              checked={quietHours !== null}
              onCheckedChange={(checked) => setQuietHours(checked ? (saved.quietHours ?? DEFAULT_QUIET_HOURS) : null)}
            />
            <Label htmlFor={quietId}>Quiet hours</Label>
          </div>
          {quietHours ? (
            <div className="flex flex-wrap gap-4">
              <div className="grid gap-1.5">
                <Label htmlFor={`${quietId}-from`}>From</Label>
                <Input
                  id={`${quietId}-from`}
                  type="time"
                  step={60}
                  required
                  value={quietHours.start}
                  onChange={(event) => setQuietHours({ ...quietHours, start: event.target.value })}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${quietId}-to`}>Until</Label>
                <Input
                  id={`${quietId}-to`}
                  type="time"
                  step={60}
                  required
                  value={quietHours.end}
                  onChange={(event) => setQuietHours({ ...quietHours, end: event.target.value })}
                />
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <div>
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
