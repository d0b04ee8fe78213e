import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export function EndStreamDialog({
  open,
  onOpenChange,
  isEnding,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isEnding: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>End this stream?</DialogTitle>
          <DialogDescription>
            Your viewers see that the stream has ended, and the camera and microphone turn off.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep Streaming</Button>
          </DialogClose>
          <Button variant="destructive" disabled={isEnding} onClick={onConfirm}>
            {isEnding ? 'Ending…' : 'End Stream'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
