import { accountApi } from '@shared/api/account';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A JSON file of everything held about the person; the browser saves it (the answer is an attachment). */
export function ExportCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Download your profile, readings, the chat messages still kept, your transactions and reviews as a JSON file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <a href={accountApi.export.path} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
