import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';

/** Submit stays disabled until the fields pass the server's rules. */
export function DialogForm({
  canSubmit,
  onSubmit,
  busy,
  busyText,
  submitText,
  error,
  children,
}: {
  canSubmit: boolean;
  onSubmit: () => void;
  busy: boolean;
  busyText: string;
  submitText: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) onSubmit();
      }}
    >
      {children}
      {error ? <Banner tone="error">{error}</Banner> : null}
      <Button type="submit" disabled={!canSubmit} busy={busy} busyText={busyText} fullWidth>
        {submitText}
      </Button>
    </form>
  );
}
